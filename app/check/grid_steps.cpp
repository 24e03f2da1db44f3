#include "app/check/grid_steps.hpp"

#include <utility>

namespace tilewalk::app {

std::optional<kernel::RunResult> RunGridSteps(kernel::KernelRun& run, const GridStepWatcher& watcher) {
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
      runner.RunStep();
      if (!watcher(++done, total, name)) return std::nullopt;
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
