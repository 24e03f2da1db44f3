#include "walkthrough/pallas_index.hpp"

#include <algorithm>

namespace tilewalk::walkthrough {
namespace {

// The top-level function holding a line, by name; empty for module level.
std::string FunctionAt(const PythonOutline& outline, int line) {
  const PythonBlock* block = outline.TopLevelAt(line);
  return block ? block->name : std::string("<module>");
}

// The pinned range [first, last] through the alignment; status Resolved when both ends are unchanged
// lines of `function`, Approximate when either was placed by its neighbours but both are in `function`.
ResolvedAnchor MapRange(int first, int last, const std::string& function, const PythonOutline& outline,
                        const LineMap& alignment) {
  ResolvedAnchor r;
  const LineMatch a = alignment.Map(first), b = alignment.Map(last);
  if (a.line == 0 || b.line == 0) {
    r.note =
        "the file is shorter than the pinned lines " + std::to_string(first) + "-" + std::to_string(last);
    return r;
  }
  // A line placed by its neighbours is trusted only when an unchanged line of the same function borders
  // its gap: a file that shares nothing with the pinned one places nothing.
  const auto anchored = [&](const LineMatch& m) {
    return m.exact || (m.before > 0 && FunctionAt(outline, m.before) == function) ||
           (m.after > 0 && FunctionAt(outline, m.after) == function);
  };
  const std::string at_a = FunctionAt(outline, a.line), at_b = FunctionAt(outline, b.line);
  if (!anchored(a) || !anchored(b)) {
    r.note = "no unchanged line of '" + function + "' is near the pinned lines " + std::to_string(first) +
             "-" + std::to_string(last);
    return r;
  }
  if (at_a != function || at_b != function || b.line < a.line) {
    r.note = "the pinned lines " + std::to_string(first) + "-" + std::to_string(last) + " align to " +
             std::to_string(a.line) + "-" + std::to_string(b.line) + ", in '" + at_a + "', not '" + function +
             "'";
    return r;
  }
  r.status = a.exact && b.exact ? AnchorStatus::Resolved : AnchorStatus::Approximate;
  r.first = a.line;
  r.last = b.line;
  r.drift = a.line - first;
  if (r.status == AnchorStatus::Approximate) r.note = "placed by the unchanged lines around it";
  return r;
}

template <typename T>
const ResolvedAnchor& Lookup(const std::vector<std::pair<std::string, T>>& sorted, std::string_view key) {
  static const ResolvedAnchor kNone{.note = "not in the index"};
  const auto it = std::lower_bound(sorted.begin(), sorted.end(), key,
                                   [](const auto& entry, std::string_view k) { return entry.first < k; });
  return it != sorted.end() && it->first == key ? it->second : kNone;
}

}  // namespace

ResolvedAnchor ResolveSite(const SiteRow& row, const PythonOutline& outline, const LineMap& alignment) {
  return MapRange(row.first, row.last, row.TopLevelFunction(), outline, alignment);
}

ResolvedAnchor ResolvePassage(const PallasAnchor& anchor, const std::vector<std::string>& lines,
                              const PythonOutline& outline, const LineMap& alignment) {
  const ResolvedAnchor mapped =
      MapRange(anchor.hint_first, anchor.hint_last, anchor.function, outline, alignment);
  if (mapped.status == AnchorStatus::Resolved) return mapped;
  const AnchorResult by_tokens = ResolveAnchor(lines, outline, anchor);
  if (by_tokens.status == AnchorStatus::Resolved || by_tokens.status == AnchorStatus::Ambiguous)
    return {by_tokens.status, by_tokens.first, by_tokens.last, by_tokens.drift, by_tokens.note};
  if (mapped.status == AnchorStatus::Approximate) return mapped;
  const AnchorResult partial = ResolvePartialTokens(lines, outline, anchor);
  if (partial.status == AnchorStatus::Approximate)
    return {partial.status, partial.first, partial.last, partial.drift, partial.note};
  return {AnchorStatus::NotFound, 0, 0, 0, by_tokens.note + "; " + mapped.note};
}

PallasIndex::PallasIndex(PallasSource source, const SiteTable& sites, std::span<const Passage> passages,
                         const PinnedFile& pinned)
    : m_source(std::move(source)),
      m_outline(OutlinePython(*m_source.lines)),
      m_alignment(AlignLines(pinned.fingerprint, FingerprintLines(*m_source.lines))) {
  for (const SiteRow& row : sites.rows())
    m_sites.emplace_back(row.site, ResolveSite(row, m_outline, m_alignment));
  for (const Passage& p : passages)
    m_passages.emplace_back(p.id, ResolvePassage(p.pallas, *m_source.lines, m_outline, m_alignment));
  std::sort(m_passages.begin(), m_passages.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
}

const ResolvedAnchor& PallasIndex::Site(std::string_view site) const {
  return Lookup(m_sites, site);
}

const ResolvedAnchor& PallasIndex::PassageAnchor(std::string_view id) const {
  return Lookup(m_passages, id);
}

std::vector<int> PallasIndex::LitLines(std::string_view site) const {
  const ResolvedAnchor& at = Site(site);
  std::vector<int> lit;
  if (at.status == AnchorStatus::NotFound) return lit;
  for (int line = at.first; line <= at.last; ++line)
    if (m_outline.IsCode(line)) lit.push_back(line);
  return lit;
}

std::vector<std::string> PallasIndex::SitesAtLine(int line) const {
  std::vector<std::string> sites;
  if (!m_outline.IsCode(line)) return sites;
  for (const auto& [site, at] : m_sites)
    if (at.status != AnchorStatus::NotFound && line >= at.first && line <= at.last) sites.push_back(site);
  return sites;
}

}  // namespace tilewalk::walkthrough
