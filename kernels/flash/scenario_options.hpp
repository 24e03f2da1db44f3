// Flash's scenario as command-line words, typed: the kernel-neutral parser (kernels/api/scenario_args.hpp)
// over flash's field table, for flash's own code and its tests. A --scenario NAME preset applies first
// wherever it stands, so explicit flags override it.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "base/result.hpp"
#include "kernels/api/scenario.hpp"
#include "kernels/flash/scenario.hpp"
#include "kernels/flash/scenario_fields.hpp"  // the table the words are read by

namespace tilewalk::flash {

// A flash scenario behind the kernel interface, and back.
kernel::Scenario Erased(Scenario scenario);

// Words that are scenario options only, applied to `start` (the defaults, unless given).
base::Result<Scenario> ParseScenario(std::span<const std::string> words, const Scenario& start = {});

// kernel::Scenario::ToFlags and Canonical of a flash scenario.
std::vector<std::string> ScenarioToFlags(const Scenario& scenario);
std::string CanonicalScenario(const Scenario& scenario);

// kernel::FlagsInWords over flash's table.
std::string FlagsInWords(std::span<const std::string> words);

}  // namespace tilewalk::flash
