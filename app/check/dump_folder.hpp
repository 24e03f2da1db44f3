// `check --dump DIR`: inputs and outputs as .npy files plus config.json, written into a temporary
// sibling folder and renamed into place at the end, so a failed dump never leaves a complete-looking DIR.
#pragma once

#include <filesystem>

#include "app/check/check_report.hpp"
#include "kernels/flash/scenario.hpp"

namespace tilewalk::app {

// Throws std::runtime_error when `dir` exists and may not be replaced: without `force`, or when it is not
// an earlier dump. Checked again by DumpCheckRun; `check` calls it first so as not to run for nothing.
void CheckDumpDestination(const std::filesystem::path& dir, bool force);

// Throws std::runtime_error with what went wrong and what to do (an existing folder without `force`,
// something other than an earlier dump with it, a parent that cannot be written).
void DumpCheckRun(const std::filesystem::path& dir, bool force, const CheckRun& run,
                  const flash::ScenarioInputs& inputs);

}  // namespace tilewalk::app
