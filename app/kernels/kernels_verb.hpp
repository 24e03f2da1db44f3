// The `kernels` verb: every kernel this build registers, with its words, its launches, its scenario flags
// and the Pallas file it mirrors; `--json` for scripts (the screenshot script words its messages from it).
#pragma once

#include <string>
#include <string_view>

#include "app/verb.hpp"

namespace tilewalk::app {

inline constexpr std::string_view kKernelsSynopsis = "[--json]";

std::string KernelsHelp();
VerbResult RunKernelsVerb(const VerbCall& call);

}  // namespace tilewalk::app
