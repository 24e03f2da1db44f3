// The report of `check --compare`: each kernel's launches, then the kernels side by side with the ratio of
// every later kernel to the first ("splash/flash"), and each kernel's verdict against its own dense
// reference. As a table for people and as one JSON object for scripts.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

#include "app/check/compare_run.hpp"

namespace tilewalk::app {

nlohmann::ordered_json ComparisonJson(const Comparison& comparison);
void PrintComparison(const Comparison& comparison, std::ostream& out);

// "splash/flash": the name of the ratio of kernel `index` to the first.
std::string RatioName(const Comparison& comparison, std::size_t index);
// later / first, or 0 when the first is 0.
double Ratio(double later, double first);

}  // namespace tilewalk::app
