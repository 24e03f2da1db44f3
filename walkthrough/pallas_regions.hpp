// The regions of the Pallas file (DESIGN.md section 1), each named by the defs and classes it holds,
// and how many of them a set of resolved passages covers.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "walkthrough/pallas_outline.hpp"

namespace tilewalk::walkthrough {

struct PallasRegion {
  std::string name;                    // "constants", "BlockSizes", "cost estimate", ...
  std::vector<std::string> functions;  // top-level defs or classes; "<module>" for module-level code
};

const std::vector<PallasRegion>& PallasRegions();

struct RegionCoverage {
  std::vector<std::pair<std::string, bool>> regions;  // name, covered
  int covered = 0;
  int total = 0;
  int missing_in_file = 0;  // regions whose defs the file does not have
};

// ranges: the [first, last] lines of resolved passages.
RegionCoverage CoverRegions(const std::vector<std::string>& lines, const PythonOutline& outline,
                            const std::vector<std::pair<int, int>>& ranges);

}  // namespace tilewalk::walkthrough
