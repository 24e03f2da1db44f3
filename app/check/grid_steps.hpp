// A kernel's run driven grid step by grid step, telling a caller after each step how far it is and asking
// whether to go on: what `check` (its progress line and Ctrl-C) and the web module (the page's progress bar)
// both run. It drives kernel::KernelRun through its step-at-a-time interface exactly as
// KernelRun::RunToEnd does; a test checks that both give the same result.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "kernels/api/run.hpp"

namespace tilewalk::app {

// Told after each grid step: steps done, steps in all launches, the launch's name; false stops the run.
using GridStepWatcher = std::function<bool(std::int64_t done, std::int64_t total, const std::string& launch)>;

// The run's result, or nullopt when the watcher said stop (then nothing more ran).
std::optional<kernel::RunResult> RunGridSteps(kernel::KernelRun& run, const GridStepWatcher& watcher);

}  // namespace tilewalk::app
