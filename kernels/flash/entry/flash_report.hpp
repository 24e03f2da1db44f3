// What `check` says of a flash scenario: its one-line summary and the facts its JSON adds (the segment
// count the ids were made with).
#pragma once

#include <string>
#include <vector>

#include "kernels/api/kernel.hpp"
#include "kernels/flash/scenario.hpp"

namespace tilewalk::flash {

// "batch 1, heads 2, q_len 256, kv_len 256, head_dim 64, causal, float32, precision default, chip v5e".
std::string DescribeScenario(const Scenario& s);
// "segments": {"asked", "count"}.
std::vector<kernel::ReportFact> ReportFacts(const Scenario& s);

}  // namespace tilewalk::flash
