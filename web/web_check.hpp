// tw_check: `tilewalk check --json` in the module. The same parse, run, reference comparison and report
// (app/check), so that the equivalence test compares the app's JSON with the module's, field by field.
#pragma once

#include <nlohmann/json.hpp>

#include "app/check/grid_steps.hpp"

namespace tilewalk::web {

// The report for the request's "kernel" and "scenario", or {"error": message} when they do not read.
nlohmann::json CheckJson(const nlohmann::json& request, const app::GridStepWatcher& progress);

}  // namespace tilewalk::web
