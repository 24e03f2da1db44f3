// The splash backward pass as _splash_attention_bwd runs it: the backward's checks (backward_checks.hpp),
// di = Σ o·do over head_dim_v in float32, computed once outside both kernels, then the dkv launch and,
// unless the backward is fused, the dq launch: both are traced and lowered before either executes. Fused, the
// dkv launch leaves one dq partial per kv block, and dq is their sum.
//
// The residuals (o, logsumexp) are inputs: whoever ran the forward pass hands them over. With sinks, their
// gradient is computed here too, outside the kernels, from logsumexp, o and do: the kernels take the sinks
// operand and ignore it, so the launches leave it out. The layouts of q, k and v are the block sizes',
// which is why the call names no layouts of its own.
#pragma once

#include <optional>
#include <vector>

#include "kernels/splash/backward_inputs.hpp"
#include "kernels/splash/constants.hpp"
#include "kernels/splash/dkv_launch.hpp"
#include "kernels/splash/dq_launch.hpp"
#include "kernels/splash/make_splash.hpp"
#include "kernels/tpu/launch.hpp"

namespace tilewalk::splash {

struct SplashBackwardCall {
  const tpu::Array* q = nullptr;               // [num_q_heads, q_seq_len, head_dim_qk]
  const tpu::Array* k = nullptr;               // [num_kv_heads, kv_seq_len, head_dim_qk]; MQA: 2-d
  const tpu::Array* v = nullptr;               // as k, with head_dim_v
  const tpu::Array* q_segment_ids = nullptr;   // int32 [q_seq_len], or null
  const tpu::Array* kv_segment_ids = nullptr;  // int32 [kv_seq_len], or null
  const tpu::Array* o = nullptr;               // the forward's output, [num_q_heads, q_seq_len, head_dim_v]
  const tpu::Array* logsumexp = nullptr;       // float32 [num_q_heads, q_seq_len]
  const tpu::Array* d_o = nullptr;             // like o
  const tpu::Array* sinks = nullptr;           // [num_q_heads], or null
  bool is_mqa = false;
  float mask_value = static_cast<float>(kDefaultMaskValue);
  std::optional<float> attn_logits_soft_cap{};
};

struct SplashBackwardResult {
  std::optional<tpu::KernelError> error;  // the first error; the gradients are then empty
  tpu::Array dq, dk, dv;
  std::optional<tpu::Array> dsinks;  // [num_q_heads] in o's dtype, with sinks
  // dkv, then dq unless fused. When one fails to trace or lower, the ones prepared up to it, none run.
  std::vector<tpu::LaunchResult> launches;
};

// The backward's launches, built: dkv, and dq unless fused. They read logsumexp and di from copies
// broadcast at build time; Refresh rewrites those copies in place, so a caller that builds the launches
// before the forward has run (a whole step traced at once, as jax.jit does) hands the residuals over later.
struct SplashBackwardLaunches {
  std::unique_ptr<DkvLaunch> dkv;
  std::unique_ptr<DqLaunch> dq;  // null when fused
  void Refresh(const tpu::Array& logsumexp, const tpu::Array& di);
  // The gradients once the launches have run: dq (the fused partials summed), dk, dv, moved out.
  void TakeGradients(tpu::Array& dq, tpu::Array& dk, tpu::Array& dv);
};

// The backward's checks (raising through RaiseSplashError), then both launches built from `call` and `di`
// (SplashDi of o and do). Nothing is traced yet: each launch's runner does that.
SplashBackwardLaunches BuildSplashBackwardLaunches(const SplashBackwardCall& call, const tpu::Array& di,
                                                   const SplashMaskInfos& made);

// `made` is the kernel the forward pass was made with (make_splash.hpp): its block sizes and its dq and
// dkv MaskInfo.
SplashBackwardResult RunSplashBackward(const SplashBackwardCall& call, const SplashMaskInfos& made,
                                       const tpu::LaunchOptions& options);

// di: Σ over head_dim_v of o·do in float32, [num_q_heads, q_seq_len].
tpu::Array SplashDi(const tpu::Array& o, const tpu::Array& d_o);

// dsinks: -Σ over a head's rows and lanes of exp(sink - logsumexp) · o · do, each factor and product in
// o's dtype as the original's jnp arithmetic has them, summed in float32.
tpu::Array SplashDsinks(const tpu::Array& sinks, const tpu::Array& logsumexp, const tpu::Array& o,
                        const tpu::Array& d_o);

// The fused backward's dq: the partials [kv blocks, ...] summed over their first axis in float32, then
// stored in the partials' dtype.
tpu::Array SumDqPartials(const tpu::Array& dq_unreduced);

}  // namespace tilewalk::splash
