// Splash's training step as a kernel::KernelRun: it owns the scenario's inputs and mask, then the step that
// reads them (declared in that order: the step keeps pointers to the inputs). Launches "fwd", "dkv" and,
// unless the backward is fused, "dq"; outputs "o", "logsumexp", "dq", "dk", "dv".
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "kernels/api/run.hpp"
#include "kernels/splash/entry/splash_scenario.hpp"
#include "kernels/splash/splash_step.hpp"

namespace tilewalk::splash {

class SplashRun final : public kernel::KernelRun {
 public:
  SplashRun(const SplashScenario& scenario, const kernel::RunOptions& options);

  const std::optional<tpu::KernelError>& error() const override;
  const std::string& error_launch() const override;
  int LaunchCount() const override { return m_step ? m_step->LaunchCount() : 0; }
  tpu::LaunchRunner& Runner(int launch) override { return m_step->Runner(launch); }
  void BeforeLaunch(int launch) override;
  kernel::Outputs CollectOutputs() const override;
  kernel::RunResult RunToEnd(Hand outputs) override;
  void ReleaseLaunches() override { m_step.reset(); }
  std::size_t HeldBytes() const override;
  std::vector<std::pair<std::string, const tpu::Array*>> InputArrays() const override;
  kernel::ReferenceComparison CompareWithReference(const kernel::Outputs& outputs) const override;

 private:
  SplashScenario m_scenario;
  SplashInputs m_inputs;
  std::optional<Mask> m_mask;               // absent when making it failed
  std::optional<tpu::KernelError> m_error;  // a failure before the step: the mask, the block sizes
  std::string m_no_launch;
  std::unique_ptr<SplashStep> m_step;  // reads m_inputs; null once released, or when m_error is set
};

// A step's outputs as kernel::Outputs: the result, shared, with its arrays by name.
kernel::Outputs SplashOutputs(SplashStepResult result);

}  // namespace tilewalk::splash
