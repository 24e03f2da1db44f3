// The per-launch block check of the original: a block may not exceed its dimension and, where it must
// divide, has to divide it. Raises ValueError during the argument check.
#pragma once

#include <string>
#include "base/source_site.hpp"

namespace tilewalk::flash {

void VerifyBlock(const char* site, const std::string& block_name, const std::string& dim_name, int block,
                 int dim, bool should_divide = true, base::SourceSite where = base::SourceSite::current());

}  // namespace tilewalk::flash
