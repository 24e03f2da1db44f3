#include "walkthrough/anchor_engine.hpp"

#include <algorithm>
#include <cstdlib>
#include <optional>

namespace tilewalk::walkthrough {

const char* AnchorStatusName(AnchorStatus s) {
  switch (s) {
    case AnchorStatus::Resolved:
      return "resolved";
    case AnchorStatus::Approximate:
      return "approximate";
    case AnchorStatus::Ambiguous:
      return "ambiguous";
    case AnchorStatus::NotFound:
      return "not_found";
  }
  return "?";
}

namespace {

struct Scope {
  std::string name;
  std::vector<int> lines;  // 1-based lines that belong to it
};

std::vector<Scope> ScopesNamed(const PythonOutline& outline, const std::string& name, int line_count) {
  std::vector<Scope> scopes;
  if (name == "<module>") {
    Scope s{name, {}};
    for (int i = 0; i < line_count; ++i)
      if (outline.module_level[static_cast<std::size_t>(i)]) s.lines.push_back(i + 1);
    scopes.push_back(std::move(s));
    return scopes;
  }
  for (const PythonBlock& b : outline.blocks)
    if (b.name == name) {
      Scope s{name, {}};
      for (int l = b.first; l <= b.last; ++l) s.lines.push_back(l);
      scopes.push_back(std::move(s));
    }
  return scopes;
}

// Tries to place every token inside one scope. nullopt: a token is missing (named in `missing`).
std::optional<AnchorResult> PlaceTokens(const std::vector<std::string>& lines, const Scope& scope,
                                        const PallasAnchor& anchor, std::string& missing) {
  std::vector<std::vector<int>> hits;
  for (const std::string& token : anchor.tokens) {
    std::vector<int> at;
    for (int l : scope.lines)
      if (lines[static_cast<std::size_t>(l - 1)].find(token) != std::string::npos) at.push_back(l);
    if (at.empty()) {
      missing = token;
      return std::nullopt;
    }
    hits.push_back(std::move(at));
  }
  // Tokens found once fix the region's centre; the others take the occurrence nearest it.
  double centre = 0;
  int fixed = 0;
  for (const auto& at : hits)
    if (at.size() == 1) centre += at[0], ++fixed;
  centre = fixed ? centre / fixed : (anchor.hint_first + static_cast<double>(anchor.hint_last)) / 2.0;
  AnchorResult r;
  r.status = AnchorStatus::Resolved;
  r.function = scope.name;
  r.first = INT32_MAX;
  for (std::size_t t = 0; t < hits.size(); ++t) {
    const auto& at = hits[t];
    int best = at[0];
    double best_distance = std::abs(at[0] - centre);
    bool tie = false;
    for (std::size_t k = 1; k < at.size(); ++k) {
      const double d = std::abs(at[k] - centre);
      if (d < best_distance) {
        best = at[k], best_distance = d, tie = false;
      } else if (d == best_distance) {
        tie = true;
      }
    }
    if (tie) {
      r.status = AnchorStatus::Ambiguous;
      r.note = "token '" + anchor.tokens[t] + "' occurs at equal distance around line " +
               std::to_string(static_cast<int>(centre)) + "; add a distinctive token";
    }
    r.first = std::min(r.first, best);
    r.last = std::max(r.last, best);
  }
  r.drift = r.first - anchor.hint_first;
  return r;
}

}  // namespace

AnchorResult ResolveAnchor(const std::vector<std::string>& lines, const PythonOutline& outline,
                           const PallasAnchor& anchor) {
  const int count = static_cast<int>(lines.size());
  std::vector<Scope> scopes = ScopesNamed(outline, anchor.function, count);
  std::string missing;
  std::vector<AnchorResult> found;
  for (const Scope& s : scopes)
    if (auto r = PlaceTokens(lines, s, anchor, missing)) found.push_back(*r);

  std::string note;
  if (scopes.empty()) {
    // Renamed upstream? Look for a top-level def or class holding every token.
    note = "no def or class '" + anchor.function + "'";
    for (const PythonBlock& b : outline.blocks) {
      if (b.indent != 0) continue;
      Scope s{b.name, {}};
      for (int l = b.first; l <= b.last; ++l) s.lines.push_back(l);
      std::string unused;
      if (auto r = PlaceTokens(lines, s, anchor, unused)) found.push_back(*r);
    }
    for (AnchorResult& r : found) r.note = note + "; its tokens are all in '" + r.function + "' (renamed?)";
  }
  if (found.size() == 1) return found.front();
  if (found.size() > 1) {
    AnchorResult r = found.front();
    r.status = AnchorStatus::Ambiguous;
    r.note = std::to_string(found.size()) + " places hold every token (in '" + found[0].function + "' and '" +
             found[1].function + "'); add a distinctive token";
    return r;
  }
  AnchorResult r;
  r.function = anchor.function;
  r.note = scopes.empty() ? note + ", and no other function holds every token"
                          : "token '" + missing + "' does not occur in '" + anchor.function + "'";
  return r;
}

AnchorResult ResolvePartialTokens(const std::vector<std::string>& lines, const PythonOutline& outline,
                                  const PallasAnchor& anchor) {
  AnchorResult best;
  best.function = anchor.function;
  best.note = "none of its tokens occurs in '" + anchor.function + "'";
  int best_found = 0;
  for (const Scope& scope : ScopesNamed(outline, anchor.function, static_cast<int>(lines.size()))) {
    PallasAnchor found_only = anchor;
    found_only.tokens.clear();
    std::string missing_list;
    for (const std::string& token : anchor.tokens) {
      const bool present = std::any_of(scope.lines.begin(), scope.lines.end(), [&](int l) {
        return lines[static_cast<std::size_t>(l - 1)].find(token) != std::string::npos;
      });
      if (present)
        found_only.tokens.push_back(token);
      else
        missing_list += (missing_list.empty() ? "" : ", ") + std::string("'") + token + "'";
    }
    if (static_cast<int>(found_only.tokens.size()) <= best_found) continue;
    std::string unused;
    if (auto placed = PlaceTokens(lines, scope, found_only, unused)) {
      best = *placed;
      best.status = AnchorStatus::Approximate;
      best_found = static_cast<int>(found_only.tokens.size());
      std::string found_list;
      for (const std::string& t : found_only.tokens)
        found_list += (found_list.empty() ? "'" : ", '") + t + "'";
      best.note = "by " + std::to_string(best_found) + " of " + std::to_string(anchor.tokens.size()) +
                  " tokens (" + found_list + "); not found: " + missing_list;
    }
  }
  return best;
}

}  // namespace tilewalk::walkthrough
