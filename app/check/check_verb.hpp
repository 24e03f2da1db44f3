// The `check` verb: runs a training step on the TPU model, then the dense reference, and reports the
// error of every output and what every launch did. `--json` for scripts, `--dump DIR` for NumPy.
#pragma once

#include <string_view>

#include "app/verb.hpp"

namespace tilewalk::app {

inline constexpr std::string_view kCheckSynopsis = "[SCENARIO FLAGS] [--json] [--dump DIR [--force]]";
std::string_view CheckOptions();  // the scenario flags, then the verb's own

ExitCode RunCheckVerb(const VerbCall& call);

}  // namespace tilewalk::app
