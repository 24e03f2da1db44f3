// The site registry: a name and its call site intern once, and the same name in another file (another
// kernel's) is a site of its own, found by name beside the first.
#include <doctest/doctest.h>

#include <algorithm>
#include <source_location>

#include "kernels/tpu/sites.hpp"

namespace tilewalk::tpu {

SiteId InternFromSecondFile(const char* name);  // sites_second_file.cpp

TEST_CASE("sites: one name in two files is two sites, each at its own file and line") {
  const SiteId here = InternSite("sites_test.shared", std::source_location::current());
  CHECK(here != kNoSite);
  const SiteId there = InternFromSecondFile("sites_test.shared");
  CHECK(there != kNoSite);
  CHECK(there != here);
  CHECK(GetSite(here).name == GetSite(there).name);
  CHECK(GetSite(here).file != GetSite(there).file);
  CHECK(std::string_view(GetSite(there).file).ends_with("sites_second_file.cpp"));
  CHECK(InternFromSecondFile("sites_test.shared") == there);
  const std::vector<SiteId> named = SitesNamed("sites_test.shared");
  CHECK(std::count(named.begin(), named.end(), here) == 1);
  CHECK(std::count(named.begin(), named.end(), there) == 1);
}

}  // namespace tilewalk::tpu
