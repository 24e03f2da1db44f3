// The scenario flags shared by every verb that runs the kernels (`check`, `trace`, `export`, tours):
// --batch --heads --q-len --kv-len --head-dim --causal --bias --segments N --sm-scale X --dtype
// --precision --chip --seed --naive-index-maps --what-if NAME --forward-only --poison, one flag per block
// size (--block-q ... --block-q-dq), and --scenario NAME for a preset from assets/scenarios/.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/flash/scenario.hpp"

namespace tilewalk::flash {

// Parses scenario flags; arguments that are not scenario flags are returned, in order, for the verb to
// handle. Throws std::invalid_argument naming the flag and what it accepts when a value is bad or missing.
// A --scenario preset is applied first wherever it appears, so explicit flags override it.
std::vector<std::string> ParseScenarioFlags(std::span<const std::string> args, Scenario& scenario);

// The flags, one per line with what each takes, for --help.
std::string ScenarioFlagsHelp();

// Flags that reproduce the scenario (every value, defaults included), for configs and manifests.
std::vector<std::string> ScenarioToFlags(const Scenario& scenario);

}  // namespace tilewalk::flash
