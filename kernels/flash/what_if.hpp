// "Fix the file" exercises: small, named changes to the mirror that each mend one quirk of the original,
// so that a learner can predict what the change buys and then run it. One is switched on at a time,
// with `--what-if NAME`; the original behaviour is WhatIf::None. The table of names lives in what_if.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace tilewalk::flash {

enum class WhatIf : uint8_t {
  None,
  RedirectLmDkv,        // dK/dV: the l and m maps get the causal redirect that q, do and di have
  BiasMapCeil,          // forward: the bias map finds the last row of q blocks with a ceiling, not a floor
  DkvRedirectFirstRun,  // dK/dV: a skipped step asks for the first q block that runs, not q block 0
  NonStrictDiag,        // below_or_on_diag compares with >=, so a corner on the diagonal counts as on it
};

std::string_view WhatIfName(WhatIf w);  // "none", "redirect-lm-dkv", ...
std::string_view WhatIfHelp(WhatIf w);  // one line: what the change is
std::optional<WhatIf> WhatIfByName(std::string_view name);
const std::vector<WhatIf>& AllWhatIfs();  // every change, None excluded

}  // namespace tilewalk::flash
