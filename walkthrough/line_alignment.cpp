// [SECTIONS] unique common lines · the longest increasing run of them · gaps · placing the rest
#include "walkthrough/line_alignment.hpp"

#include <algorithm>
#include <unordered_map>

namespace tilewalk::walkthrough {
namespace {

constexpr int64_t kWorkBudget = 50'000'000;

struct Range {
  int a0, a1, b0, b1;  // [a0, a1) of pinned lines, [b0, b1) of user lines, 0-based
};

// ---- unique common lines ------------------------------------------------------------------------

// Pairs (a, b) of lines whose hash occurs exactly once in each range, in pinned order.
std::vector<std::pair<int, int>> UniqueCommon(std::span<const uint64_t> a, std::span<const uint64_t> b,
                                              const Range& r, int64_t& work) {
  struct Seen {
    int count_a = 0, count_b = 0, at_a = 0, at_b = 0;
  };
  std::unordered_map<uint64_t, Seen> seen;
  seen.reserve(static_cast<std::size_t>(r.a1 - r.a0 + r.b1 - r.b0));
  for (int i = r.a0; i < r.a1; ++i) {
    if (a[static_cast<std::size_t>(i)] == 0) continue;
    Seen& s = seen[a[static_cast<std::size_t>(i)]];
    ++s.count_a;
    s.at_a = i;
  }
  for (int j = r.b0; j < r.b1; ++j) {
    if (b[static_cast<std::size_t>(j)] == 0) continue;
    const auto it = seen.find(b[static_cast<std::size_t>(j)]);
    if (it == seen.end()) continue;
    ++it->second.count_b;
    it->second.at_b = j;
  }
  work += (r.a1 - r.a0) + (r.b1 - r.b0);
  std::vector<std::pair<int, int>> pairs;
  for (const auto& [hash, s] : seen)
    if (s.count_a == 1 && s.count_b == 1) pairs.emplace_back(s.at_a, s.at_b);
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

// ---- the longest increasing run of them ---------------------------------------------------------

// The longest subsequence of pairs (already in pinned order) whose user lines increase.
std::vector<std::pair<int, int>> LongestIncreasing(const std::vector<std::pair<int, int>>& pairs) {
  std::vector<int> tails;  // index into pairs of the smallest tail of each length
  std::vector<int> previous(pairs.size(), -1);
  for (int i = 0; i < static_cast<int>(pairs.size()); ++i) {
    const auto at =
        std::lower_bound(tails.begin(), tails.end(), pairs[static_cast<std::size_t>(i)].second,
                         [&](int k, int value) { return pairs[static_cast<std::size_t>(k)].second < value; });
    if (at != tails.begin()) previous[static_cast<std::size_t>(i)] = *(at - 1);
    if (at == tails.end())
      tails.push_back(i);
    else
      *at = i;
  }
  std::vector<std::pair<int, int>> run;
  for (int k = tails.empty() ? -1 : tails.back(); k >= 0; k = previous[static_cast<std::size_t>(k)])
    run.push_back(pairs[static_cast<std::size_t>(k)]);
  std::reverse(run.begin(), run.end());
  return run;
}

// ---- gaps ---------------------------------------------------------------------------------------

void MatchEqualEnds(std::span<const uint64_t> a, std::span<const uint64_t> b, Range& r,
                    std::vector<int>& matched) {
  while (r.a0 < r.a1 && r.b0 < r.b1 && a[static_cast<std::size_t>(r.a0)] == b[static_cast<std::size_t>(r.b0)])
    matched[static_cast<std::size_t>(r.a0++)] = r.b0++;
  while (r.a0 < r.a1 && r.b0 < r.b1 &&
         a[static_cast<std::size_t>(r.a1 - 1)] == b[static_cast<std::size_t>(r.b1 - 1)])
    matched[static_cast<std::size_t>(--r.a1)] = --r.b1;
}

// matched[i]: the user line (0-based) equal to pinned line i, or −1, within the ranges given.
void Match(std::span<const uint64_t> a, std::span<const uint64_t> b, std::vector<Range> work_list,
           std::vector<int>& matched, int64_t& work) {
  while (!work_list.empty() && work < kWorkBudget) {
    Range r = work_list.back();
    work_list.pop_back();
    MatchEqualEnds(a, b, r, matched);
    if (r.a0 >= r.a1 || r.b0 >= r.b1) continue;
    const std::vector<std::pair<int, int>> anchors = LongestIncreasing(UniqueCommon(a, b, r, work));
    int a0 = r.a0, b0 = r.b0;
    for (const auto& [i, j] : anchors) {
      matched[static_cast<std::size_t>(i)] = j;
      if (i > a0 && j > b0) work_list.push_back({a0, i, b0, j});
      a0 = i + 1;
      b0 = j + 1;
    }
    if (!anchors.empty() && r.a1 > a0 && r.b1 > b0) work_list.push_back({a0, r.a1, b0, r.b1});
  }
}

// The gaps between matched lines, as ranges for a second pass.
std::vector<Range> Gaps(const std::vector<int>& matched, int user_size) {
  std::vector<Range> gaps;
  const int n = static_cast<int>(matched.size());
  int before = -1;
  for (int i = 0; i <= n; ++i) {
    if (i < n && matched[static_cast<std::size_t>(i)] < 0) continue;
    const int b0 = before < 0 ? 0 : matched[static_cast<std::size_t>(before)] + 1;
    const int b1 = i < n ? matched[static_cast<std::size_t>(i)] : user_size;
    if (i - before > 1 && b1 > b0) gaps.push_back({before + 1, i, b0, b1});
    before = i;
  }
  return gaps;
}

}  // namespace

// ---- placing the rest ---------------------------------------------------------------------------

LineMatch LineMap::Map(int pinned_line) const {
  if (pinned_line < 1 || pinned_line > static_cast<int>(m_matches.size())) return {};
  return m_matches[static_cast<std::size_t>(pinned_line - 1)];
}

int LineMap::exact_count() const {
  return static_cast<int>(
      std::count_if(m_matches.begin(), m_matches.end(), [](const LineMatch& m) { return m.exact; }));
}

LineMap AlignLines(const Fingerprint& pinned_print, const Fingerprint& user_print) {
  const std::span<const uint64_t> pinned = pinned_print.lines, user = user_print.lines;
  std::vector<int> matched(pinned.size(), -1);
  int64_t work = 0;
  Match(pinned, user, {{0, static_cast<int>(pinned.size()), 0, static_cast<int>(user.size())}}, matched,
        work);
  // Inside each gap, lines whose keys align: an edited line that still assigns or calls the same thing.
  std::vector<int> by_key(pinned.size(), -1);
  if (pinned_print.keys.size() == pinned.size() && user_print.keys.size() == user.size())
    Match(pinned_print.keys, user_print.keys, Gaps(matched, static_cast<int>(user.size())), by_key, work);
  std::vector<LineMatch> map(pinned.size());
  if (user.empty()) return LineMap(std::move(map));
  // Between two matched lines, an unmatched pinned line goes to the same relative place in the user's gap.
  const int n = static_cast<int>(pinned.size());
  int before = -1;  // the last matched pinned line, 0-based
  for (int i = 0; i <= n; ++i) {
    if (i < n && matched[static_cast<std::size_t>(i)] < 0) continue;
    const int ua = before < 0 ? 0 : matched[static_cast<std::size_t>(before)] + 1;
    const int ub = i < n ? matched[static_cast<std::size_t>(i)] : static_cast<int>(user.size());
    const int span_a = i - before - 1;
    for (int k = before + 1; k < i; ++k) {
      if (by_key[static_cast<std::size_t>(k)] >= 0) {
        map[static_cast<std::size_t>(k)] = {
            .line = by_key[static_cast<std::size_t>(k)] + 1,
            .exact = false,
            .before = before < 0 ? 0 : matched[static_cast<std::size_t>(before)] + 1,
            .after = i < n ? matched[static_cast<std::size_t>(i)] + 1 : 0};
        continue;
      }
      const int offset =
          span_a > 0 ? static_cast<int>(static_cast<int64_t>(k - before - 1) * std::max(ub - ua, 0) / span_a)
                     : 0;
      const int line = std::clamp(ua + offset, 0, static_cast<int>(user.size()) - 1);
      map[static_cast<std::size_t>(k)] = {
          .line = line + 1,
          .exact = false,
          .before = before < 0 ? 0 : matched[static_cast<std::size_t>(before)] + 1,
          .after = i < n ? matched[static_cast<std::size_t>(i)] + 1 : 0};
    }
    if (i < n) {
      const int line = matched[static_cast<std::size_t>(i)] + 1;
      map[static_cast<std::size_t>(i)] = {.line = line, .exact = true, .before = line, .after = line};
    }
    before = i;
  }
  return LineMap(std::move(map));
}

}  // namespace tilewalk::walkthrough
