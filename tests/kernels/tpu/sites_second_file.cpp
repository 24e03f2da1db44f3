// A second source file for sites_test.cpp: a site interned here stands in another file, as a second
// kernel's site of the same name would.
#include <source_location>

#include "kernels/tpu/sites.hpp"

namespace tilewalk::tpu {

SiteId InternFromSecondFile(const char* name) {
  return InternSite(name, std::source_location::current());
}

}  // namespace tilewalk::tpu
