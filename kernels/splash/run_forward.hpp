// One call of a splash attention kernel's forward pass, from a mask and the inputs to the outputs: the kernel
// is made (MakeSplashMaskInfos: the mask's rank, then MaskInfo for each launch the block sizes ask for), the
// call's entry checks run, and the forward launch runs on the TPU model. What the app calls; errors of every
// phase come back as a value, the first one met, with nothing run after it.
#pragma once

#include <optional>

#include "kernels/splash/constants.hpp"
#include "kernels/splash/forward_launch.hpp"
#include "kernels/splash/make_splash.hpp"
#include "kernels/tpu/launch.hpp"

namespace tilewalk::splash {

struct SplashForwardRequest {
  Mask mask;                                    // 3-d: (num_q_heads, q_seq_len, kv_seq_len)
  SplashForwardInputs inputs{};                 // q, k, v and the optional segment ids
  MakeSplashOptions make{};                     // block sizes (default: get_default()), downcast, shards
  bool is_mqa = false;                          // make_splash_mqa: one k and v for every q head
  bool save_residuals = false;                  // also return logsumexp
  std::optional<float> attn_logits_soft_cap{};  // none: no cap
  float mask_value = static_cast<float>(kDefaultMaskValue);  // the logit a masked pair gets
  tpu::LaunchOptions launch{};                               // chip, precision, recording
};

struct SplashForwardResult {
  std::optional<tpu::KernelError> error;    // the first error of any phase
  tpu::Array out;                           // [num_q_heads, q_seq_len, head_dim_v]; empty on an error
  std::optional<tpu::Array> logsumexp;      // [num_q_heads, q_seq_len], when residuals are saved
  std::optional<tpu::LaunchResult> launch;  // events and statistics; absent when a check failed first
};

SplashForwardResult RunSplashForward(const SplashForwardRequest& request);

}  // namespace tilewalk::splash
