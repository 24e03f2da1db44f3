// A training step of flash attention on the TPU model: the forward launch with residuals, then the
// dK/dV and dQ launches. As under jax.jit, every argument check and every trace happens before anything
// executes, in the order the original meets them; the first error stops the step with nothing run.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kernels/api/run.hpp"
#include "kernels/flash/attention_inputs.hpp"
#include "kernels/flash/backward_launch.hpp"
#include "kernels/flash/di_lanes.hpp"
#include "kernels/flash/forward_launch.hpp"
#include "kernels/tpu/launch.hpp"

namespace tilewalk::flash {

struct StepOptions {
  bool forward_only = false;  // the forward launch alone, without residuals
  tpu::LaunchOptions launch;  // chip, precision, recording
};

using LaunchOutcome = kernel::LaunchOutcome;  // name: "fwd", "dkv", "dq"

struct TrainingStepResult {
  std::optional<tpu::KernelError> error;
  std::string error_launch;  // "fwd", "dkv", "dq", or empty for a check before any launch
  tpu::Array o, l, m;        // l, m: [B, H, Sq] (lane 0 of the residuals); empty when forward_only
  tpu::Array di;             // [B, H, Sq]
  tpu::Array dq, dk, dv;
  std::optional<tpu::Array> ds;         // the bias gradient, with a bias
  std::vector<LaunchOutcome> launches;  // those that ran, in order
};

// The three launches of one step, built and traced, ready to execute one grid step at a time.
class TrainingStep {
 public:
  // Runs every check and trace; a returned step with error() set has executed nothing.
  TrainingStep(const AttentionInputs& inputs, const tpu::Array& d_o, const AttentionConfig& config,
               const StepOptions& options);

  const std::optional<tpu::KernelError>& error() const { return m_error; }
  const std::string& error_launch() const { return m_error_launch; }
  int LaunchCount() const { return static_cast<int>(m_runners.size()); }
  tpu::LaunchRunner& Runner(int launch) { return *m_runners[static_cast<std::size_t>(launch)]; }

  // What RunToEnd does with the outputs: copies them, or moves them out of a step that will not run again.
  enum class Outputs : uint8_t { Copied, Moved };
  // Runs every remaining step of every launch, feeding the forward residuals to the backward launches.
  TrainingStepResult RunToEnd(Outputs outputs = Outputs::Copied);
  // Call between the forward launch finishing and the backward launches starting.
  void HandResidualsToBackward();
  // The outputs as they stand in HBM: o, and after a full step l, m, di and the gradients.
  void CollectOutputs(TrainingStepResult& out) const;
  // What the step holds in memory: every array its launches read or write, each once (the inputs it was
  // given, the residuals, di's lanes, the outputs), and what each runner holds (LaunchRunner::HeldBytes).
  std::size_t HeldBytes() const;

 private:
  void Fail(const tpu::KernelError& error, std::string launch);
  void MoveOutputs(TrainingStepResult& out);  // as CollectOutputs, leaving the step's arrays empty
  // Hands the outputs to `out`, each through hand(array): a copy, or a move. Step: this step, const or not.
  template <typename Step, typename Hand>
  static void HandOutputs(Step& step, TrainingStepResult& out, Hand hand);

  const AttentionInputs& m_inputs;
  const tpu::Array& m_d_o;
  std::unique_ptr<ForwardLaunch> m_forward;
  std::unique_ptr<BackwardLaunch> m_dkv, m_dq;
  tpu::Array m_l, m_m, m_di;            // [B, H, Sq], filled from the forward launch
  std::unique_ptr<DiLanes> m_di_lanes;  // what the backward launches read di from
  std::vector<std::unique_ptr<tpu::LaunchRunner>> m_runners;
  std::optional<tpu::KernelError> m_error;
  std::string m_error_launch;
};

// Prepare and run in one call.
TrainingStepResult RunTrainingStep(const AttentionInputs& inputs, const tpu::Array& d_o,
                                   const AttentionConfig& config, const StepOptions& options);

}  // namespace tilewalk::flash
