// `check --compare A,B [SCENARIO FLAGS] [--json]`: the same scenario on several kernels side by side
// (compare_run.hpp), reported by compare_report.hpp. Exit 0 when every kernel passes its reference check,
// 1 when one does not, 2 for bad input.
#pragma once

#include <span>
#include <string_view>

#include "app/verb.hpp"

namespace tilewalk::app {

// Whether a check command line asks for a comparison (--compare anywhere, with its value or '=').
bool AsksForComparison(std::span<const std::string_view> args);

VerbResult RunCompareVerb(const VerbCall& call);

}  // namespace tilewalk::app
