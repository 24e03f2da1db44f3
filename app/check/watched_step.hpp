// A kernel's run driven grid step by grid step, so that `check` can show how far it is and stop between
// grid steps when the user presses Ctrl-C, rather than only once the whole run (which can take minutes on
// large shapes) is done (grid_steps.hpp drives the run).
#pragma once

#include <optional>

#include "app/progress_line.hpp"
#include "base/interrupt_guard.hpp"
#include "kernels/api/run.hpp"

namespace tilewalk::app {

// The run's result, or nullopt when `interrupts` saw a Ctrl-C or SIGTERM (then nothing more ran).
std::optional<kernel::RunResult> RunWatchedStep(kernel::KernelRun& run, ProgressLine& progress,
                                                const base::InterruptGuard& interrupts);

}  // namespace tilewalk::app
