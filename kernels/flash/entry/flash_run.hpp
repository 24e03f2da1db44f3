// Flash's training step as a kernel::KernelRun: it owns the scenario's inputs, then the step that reads
// them (declared in that order: the step keeps references to the inputs).
#pragma once

#include <memory>

#include "kernels/api/run.hpp"
#include "kernels/flash/scenario.hpp"
#include "kernels/flash/training_step.hpp"

namespace tilewalk::flash {

class FlashRun final : public kernel::KernelRun {
 public:
  FlashRun(const Scenario& scenario, const kernel::RunOptions& options);

  const std::optional<tpu::KernelError>& error() const override { return m_step->error(); }
  const std::string& error_launch() const override { return m_step->error_launch(); }
  int LaunchCount() const override { return m_step->LaunchCount(); }
  tpu::LaunchRunner& Runner(int launch) override { return m_step->Runner(launch); }
  void BeforeLaunch(int launch) override;
  kernel::Outputs CollectOutputs() const override;
  kernel::RunResult RunToEnd(Hand outputs) override;
  void ReleaseLaunches() override { m_step.reset(); }
  std::size_t HeldBytes() const override { return m_step->HeldBytes(); }
  std::vector<std::pair<std::string, const tpu::Array*>> InputArrays() const override;
  kernel::ReferenceComparison CompareWithReference(const kernel::Outputs& outputs) const override;

 private:
  Scenario m_scenario;
  ScenarioInputs m_inputs;
  std::unique_ptr<TrainingStep> m_step;  // reads m_inputs; null once the launches are released
};

// A training step's outputs as kernel::Outputs: the result, shared, with its arrays by name ("o", then
// "l", "m", "dq", "dk", "dv" after a full step, and "ds" with a bias).
kernel::Outputs FlashOutputs(TrainingStepResult result);

}  // namespace tilewalk::flash
