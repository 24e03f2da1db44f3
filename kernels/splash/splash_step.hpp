// A splash attention training step on the TPU model, as one jitted call of the original would run it: the
// kernel made (MakeSplashMaskInfos), the forward launch with residuals, then the backward's dkv launch and,
// unless the backward is fused, its dq launch. Every argument check and every trace happens before any
// launch executes, in the order the original meets them; the first error stops the step with nothing run.
// The backward launches are built before the forward has produced its residuals: HandResidualsToBackward
// gives them logsumexp and di (SplashBackwardLaunches::Refresh) between the forward launch and the dkv one.
// RunSplashForward and RunSplashBackward are the same parts, run one pass at a time.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kernels/api/run.hpp"
#include "kernels/splash/backward.hpp"
#include "kernels/splash/forward_launch.hpp"
#include "kernels/splash/make_splash.hpp"
#include "kernels/tpu/launch.hpp"

namespace tilewalk::splash {

struct SplashStepCall {
  Mask mask;                        // 3-d: (num_q_heads, q_seq_len, kv_seq_len)
  SplashForwardInputs inputs{};     // q, k, v and the optional segment ids: the caller keeps them alive
  const tpu::Array* d_o = nullptr;  // the incoming gradient, like o; unused when forward_only
  MakeSplashOptions make{};
  bool is_mqa = false;  // make_splash_mqa
  std::optional<float> attn_logits_soft_cap{};
  float mask_value = static_cast<float>(kDefaultMaskValue);
  bool forward_only = false;    // the forward launch alone, without residuals
  tpu::LaunchOptions launch{};  // chip, precision, recording
};

struct SplashStepResult {
  std::optional<tpu::KernelError> error;
  std::string error_launch;  // "fwd", "dkv", "dq", or empty for a check that belongs to no launch
  tpu::Array o;              // [num_q_heads, q_seq_len, head_dim_v]
  tpu::Array logsumexp;      // [num_q_heads, q_seq_len]; empty when forward_only
  tpu::Array dq, dk, dv;     // empty when forward_only
  std::vector<kernel::LaunchOutcome> launches;  // those that ran, in order
};

class SplashStep {
 public:
  // Runs every check and trace; a step with error() set has executed nothing. Keeps pointers to the call's
  // arrays.
  explicit SplashStep(const SplashStepCall& call);

  const std::optional<tpu::KernelError>& error() const { return m_error; }
  const std::string& error_launch() const { return m_error_launch; }
  int LaunchCount() const { return static_cast<int>(m_runners.size()); }
  tpu::LaunchRunner& Runner(int launch) { return *m_runners[static_cast<std::size_t>(launch)]; }

  enum class Outputs : uint8_t { Copied, Moved };
  // Runs every remaining grid step of every launch, handing the residuals over before the dkv launch.
  SplashStepResult RunToEnd(Outputs outputs = Outputs::Copied);
  // Call between the forward launch finishing and the dkv launch starting.
  void HandResidualsToBackward();
  // The outputs as they stand in HBM.
  void CollectOutputs(SplashStepResult& out) const;
  // Every array the launches read or write, each once, and what each runner holds.
  std::size_t HeldBytes() const;

 private:
  void Fail(const tpu::KernelError& error, std::string launch);

  SplashStepCall m_call;
  std::optional<SplashMaskInfos> m_made;
  std::unique_ptr<SplashForwardLaunch> m_forward;
  tpu::Array m_logsumexp, m_di;  // [num_q_heads, q_seq_len], filled from the forward launch
  SplashBackwardLaunches m_backward;
  std::vector<std::unique_ptr<tpu::LaunchRunner>> m_runners;
  std::optional<tpu::KernelError> m_error;
  std::string m_error_launch;
};

}  // namespace tilewalk::splash
