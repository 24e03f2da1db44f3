#include "walkthrough/pallas_regions.hpp"

namespace tilewalk::walkthrough {

RegionCoverage CoverRegions(std::span<const kernel::PallasRegion> regions,
                            const std::vector<std::string>& lines, const PythonOutline& outline,
                            const std::vector<std::pair<int, int>>& ranges) {
  RegionCoverage out;
  for (const kernel::PallasRegion& region : regions) {
    std::vector<bool> in(lines.size() + 1, false);
    bool exists = false;
    for (const std::string_view f : region.functions) {
      if (f == "<module>") {
        for (std::size_t i = 0; i < lines.size(); ++i)
          if (outline.module_level[i]) in[i + 1] = exists = true;
        continue;
      }
      for (const PythonBlock& b : outline.blocks)
        if (b.indent == 0 && b.name == f)
          for (int l = b.first; l <= b.last; ++l) in[static_cast<std::size_t>(l)] = exists = true;
    }
    bool covered = false;
    for (const auto& [first, last] : ranges)
      for (int l = first; l <= last && !covered; ++l)
        covered = l >= 1 && l < static_cast<int>(in.size()) && in[static_cast<std::size_t>(l)];
    out.regions.emplace_back(std::string(region.name), covered);
    out.covered += covered;
    out.missing_in_file += !exists;
    out.total += 1;
  }
  return out;
}

}  // namespace tilewalk::walkthrough
