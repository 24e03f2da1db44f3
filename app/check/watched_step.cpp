#include "app/check/watched_step.hpp"

#include <cstdint>
#include <string>

namespace tilewalk::app {

std::optional<flash::TrainingStepResult> RunWatchedStep(
    const flash::AttentionInputs& inputs, const tpu::Array& d_o, const flash::AttentionConfig& config,
    const flash::StepOptions& options, ProgressLine& progress, const base::InterruptGuard& interrupts) {
  flash::TrainingStep step(inputs, d_o, config, options);
  flash::TrainingStepResult out;
  out.error = step.error();
  out.error_launch = step.error_launch();
  if (step.error()) return out;
  std::int64_t total = 0, done = 0;
  for (int i = 0; i < step.LaunchCount(); ++i) total += step.Runner(i).spec().grid.Product();
  for (int i = 0; i < step.LaunchCount(); ++i) {
    tpu::LaunchRunner& runner = step.Runner(i);
    if (i == 1) step.HandResidualsToBackward();
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
  step.CollectOutputs(out);
  return out;
}

}  // namespace tilewalk::app
