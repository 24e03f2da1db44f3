#include "app/check/watched_step.hpp"

#include <cstdint>
#include <string>

namespace tilewalk::app {

std::optional<kernel::RunResult> RunWatchedStep(kernel::KernelRun& run, ProgressLine& progress,
                                                const base::InterruptGuard& interrupts) {
  kernel::RunResult out;
  out.error = run.error();
  out.error_launch = run.error_launch();
  if (run.error()) return out;
  std::int64_t total = 0, done = 0;
  for (int i = 0; i < run.LaunchCount(); ++i) total += run.Runner(i).spec().grid.Product();
  for (int i = 0; i < run.LaunchCount(); ++i) {
    tpu::LaunchRunner& runner = run.Runner(i);
    run.BeforeLaunch(i);
    const std::string name = runner.spec().name;
    while (!runner.Finished()) {
      if (interrupts.Interrupted()) return std::nullopt;
      runner.RunStep();
      progress.Update(++done, total, "grid steps (" + name + ")");
    }
    out.launches.push_back({name, runner.TakeResult()});
    if (out.launches.back().result.error) {
      out.error = out.launches.back().result.error;
      out.error_launch = name;
      return out;
    }
  }
  out.outputs = run.CollectOutputs();
  return out;
}

}  // namespace tilewalk::app
