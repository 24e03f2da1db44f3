// Sites: where in the kernel source a recorded event comes from. A site is a stable name such as
// "fwd.run.alpha" plus the base::SourceSite of the call, interned once into a process-wide table so
// that each event stores only a 16-bit id. The source pane maps ids back to file:line. A name stands at
// one line of its file; two files (two kernels) may use the same name, each its own site.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>
#include "base/source_site.hpp"

namespace tilewalk::tpu {

struct SiteInfo {
  std::string name;  // "fwd.run.alpha"
  std::string file;  // as the compiler saw it
  uint32_t line = 0;
  std::string function;  // the C++ function around the call
};

using SiteId = uint16_t;
inline constexpr SiteId kNoSite = 0;

// Returns the id of (name, location), registering it on first use. Thread-safe.
SiteId InternSite(const char* name, const base::SourceSite& where);
SiteInfo GetSite(SiteId id);
std::vector<SiteInfo> AllSites();  // index = id; entry 0 is the empty "no site"
// The ids of the sites with a given name, or on a given source line (any file: a caller that wants one
// kernel's keeps those whose SiteInfo::file is in its folder).
std::vector<SiteId> SitesNamed(std::string_view name);
std::vector<SiteId> SitesOnLine(uint32_t line);

}  // namespace tilewalk::tpu
