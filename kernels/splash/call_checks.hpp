// The checks a call of a splash attention kernel makes before its forward launch is built, as the pinned
// splash_attention_kernel.py makes them (_splash_attention_forward, and _splash_attention_fwd when the call
// is differentiated), in its order, with its messages. Each raises through RaiseSplashError (argument-check
// phase). SplashCallError runs the whole entry of a call, forward and, for a gradient, backward, and
// returns the first error as a value: a launch asks it first.
//
// The forward's checks, sites "splash.fwd.*" (pinned lines in brackets):
//   ValueError  q is not 3-d: Python's own unpacking message [916]
//   ValueError standing for IndexError  v has rank 0 [917]; k has rank 0 in MHA [930]
//   ValueError  partial_mask_blocks are not bool [933-940]
//   ValueError  k is not 3-d (2-d for MQA) [942-946]; k's head dim differs from q's [948-952];
//               num_q_heads is not a multiple of num_kv_heads, MHA only [954-958] (ZeroDivisionError
//               when num_kv_heads is 0); k and v differ but for their last dimension [960-964];
//               block_kv is not a multiple of block_kv_compute [967-968] (ZeroDivisionError for a
//               compute size of 0); block_kv_compute is not a multiple of 128 [969-970]; the q or kv
//               segment ids are not 1-d of the sequence's length [976-986]
//   ValueError standing for AssertionError  sinks are not (num_q_heads,) [1066]
// A differentiated call first refuses save_residuals: NotImplementedError [1281-1282].
//
// What the original does not check, and neither does this: that block_q divides q_seq_len, that the mask's
// shape matches q and k (its q length, kv length or head count), the value of attn_logits_soft_cap, v's
// head dim. Block sizes against the mask's shape are MaskInfo's checks, made when the kernel is made
// (make_splash.hpp); a q or k whose length differs from the mask's leaves the grid reading the tables out
// of their bounds, which the TPU model reports when the launch runs.
#pragma once

#include <cstdint>
#include <optional>

#include "kernels/splash/call_shapes.hpp"
#include "kernels/tpu/kernel_error.hpp"

namespace tilewalk::splash {

enum class SplashPass : uint8_t {
  Forward,   // the kernel is called
  Gradient,  // the call is differentiated: the forward with residuals, then the backward launches
};

void CheckForwardCall(const SplashCallShapes& call);
// _splash_attention_fwd: the differentiated call's own check, then the forward's.
void CheckDifferentiatedCall(const SplashCallShapes& call);

// Every check of a call, in the original's order: the forward's, then for a gradient the backward's
// (backward_checks.hpp). The first error, or nothing.
std::optional<tpu::KernelError> SplashCallError(const SplashCallShapes& call, SplashPass pass);

// Shared by the forward, dkv and dq checks, which word them alike; `site` names the launch's.
void CheckHeadsDivide(const char* site, bool is_mqa, int64_t num_q_heads, int64_t num_kv_heads);
void CheckKvLeadingDims(const char* site, const tpu::Shape& k, const tpu::Shape& v);

}  // namespace tilewalk::splash
