#include "app/check/watched_step.hpp"

#include <cstdint>
#include <string>

#include "app/check/grid_steps.hpp"

namespace tilewalk::app {

std::optional<kernel::RunResult> RunWatchedStep(kernel::KernelRun& run, ProgressLine& progress,
                                                const base::InterruptGuard& interrupts) {
  if (interrupts.Interrupted()) return std::nullopt;
  return RunGridSteps(run, [&](std::int64_t done, std::int64_t total, const std::string& launch) {
    progress.Update(done, total, "grid steps (" + launch + ")");
    return !interrupts.Interrupted();
  });
}

}  // namespace tilewalk::app
