#include "walkthrough/pallas_coverage.hpp"

#include <algorithm>

namespace tilewalk::walkthrough {

std::set<std::string> FiredSites(const Recording& recording) {
  std::set<std::string> fired;
  for (uint64_t e = 0; e < recording.EventCount(); ++e) fired.insert(recording.SiteNameOf(e));
  fired.erase("");
  return fired;
}

LineCoverage CoverLines(const PallasIndex& index, const std::set<std::string>& fired,
                        const std::vector<std::string>& functions) {
  const PythonOutline& outline = index.outline();
  const int count = static_cast<int>(index.lines().size());
  std::vector<bool> counted(static_cast<std::size_t>(count) + 1, false);
  for (int line = 1; line <= count; ++line) {
    if (!outline.StartsStatement(line)) continue;
    if (!functions.empty()) {
      const PythonBlock* block = outline.TopLevelAt(line);
      if (block == nullptr || std::find(functions.begin(), functions.end(), block->name) == functions.end())
        continue;
    }
    counted[static_cast<std::size_t>(line)] = true;
  }
  std::vector<bool> in_passage(counted.size(), false), lit(counted.size(), false),
      mapped(counted.size(), false);
  for (const auto& [site, at] : index.sites())
    if (at.status != AnchorStatus::NotFound)
      for (int line = at.first; line <= at.last && line <= count; ++line)
        mapped[static_cast<std::size_t>(line)] = true;
  for (const auto& [id, at] : index.passages())
    if (at.status != AnchorStatus::NotFound)
      for (int line = at.first; line <= at.last && line <= count; ++line)
        in_passage[static_cast<std::size_t>(line)] = true;
  for (const std::string& site : fired)
    for (int line : index.LitLines(site)) lit[static_cast<std::size_t>(line)] = true;
  LineCoverage c;
  for (std::size_t line = 1; line < counted.size(); ++line) {
    if (!counted[line]) continue;
    ++c.code_lines;
    c.in_passages += in_passage[line];
    c.mapped_by_sites += mapped[line];
    c.lit_by_sites += lit[line];
  }
  return c;
}

}  // namespace tilewalk::walkthrough
