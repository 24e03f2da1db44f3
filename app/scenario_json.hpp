// A scenario as typed JSON, read off the scenario field table: whole numbers and block sizes as integers
// (null for an unset optional block), reals as numbers, switches as booleans, choices as strings, and the
// block sizes nested under "block_sizes". Used by check --json, config.json of a dump, trace files and the
// export manifest, so they all spell a scenario the same way.
#pragma once

#include <nlohmann/json.hpp>

#include "kernels/api/scenario.hpp"

namespace tilewalk::app {

nlohmann::ordered_json ScenarioJson(const kernel::Scenario& scenario);  // in the table's order

}  // namespace tilewalk::app
