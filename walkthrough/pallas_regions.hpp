// How many of the regions of a kernel's Pallas file (PythonFile::regions, each named by the defs and classes
// it holds) a set of resolved passages covers.
#pragma once

#include <span>
#include <string>
#include <utility>
#include <vector>

#include "kernels/api/kernel.hpp"
#include "walkthrough/pallas_outline.hpp"

namespace tilewalk::walkthrough {

struct RegionCoverage {
  std::vector<std::pair<std::string, bool>> regions;  // name, covered
  int covered = 0;
  int total = 0;
  int missing_in_file = 0;  // regions whose defs the file does not have
};

// ranges: the [first, last] lines of resolved passages.
RegionCoverage CoverRegions(std::span<const kernel::PallasRegion> regions,
                            const std::vector<std::string>& lines, const PythonOutline& outline,
                            const std::vector<std::pair<int, int>>& ranges);

}  // namespace tilewalk::walkthrough
