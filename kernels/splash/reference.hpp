// The dense splash attention reference, in float64: each q head's whole q_len x kv_len logits matrix at
// once (Eigen GEMMs), with the conventions of the splash kernels of the pinned splash_attention_kernel.py,
// so the tiled kernels can be checked against it value for value.
//
// - No softmax scale: the kernels take q as the caller scaled it. Pass q already multiplied by the scale.
// - Grouped heads: q head h reads kv head h / (num_q_heads / num_kv_heads); MQA is num_kv_heads == 1.
// - A pair counts when the mask attends and, with segment ids, the two ids are equal. The optional soft cap
//   replaces a logit x by cap * tanh(x / cap) before masking; a masked logit becomes mask_value.
// - Sinks (one logit per q head, no value) start each row's running max and sum at (sink, 1).
// - The residual is logsumexp = m + log(l) per row (the kernels save nothing else; not the max alone).
// - The backward is the kernels' formula: p = exp(s - logsumexp), di = rowsum(o * do), ds = (dp - di) * p
//   (times 1 - tanh² of the uncapped logit under the soft cap), over the same pairs. dk and dv sum over the
//   q heads that share a kv head. dsinks = -sum over rows of exp(sink - logsumexp) * (o . do).
//
// Rows that attend nothing: the kernels skip empty blocks and treat a masked logit inside a block they run
// as mask_value, a finite number. So such a row is defined by the pairs of the blocks that ran (see
// SplashLaunchBlocks): over n such pairs every weight is 1 (exp(mask_value - mask_value)), so o averages v
// over them and logsumexp = mask_value + log(n), which rounds to mask_value (|mask_value| ~ 2.4e38 is far
// beyond log(n)'s precision in float32 and float64). With no block run, l = 0: o is 0/0 = NaN and
// logsumexp = -inf. With a sink, the row's weights are 0 and o = 0, logsumexp = the sink. Its backward
// then gives p = 1 for each masked pair its launch runs, which is the kernels' result and not a derivative
// of the forward (which does not depend on q or k there).
//
// Outside such rows the result does not depend on the blocks: exp(mask_value - m) is 0 once a row has a
// real logit.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "kernels/splash/constants.hpp"
#include "kernels/splash/mask.hpp"

namespace tilewalk::splash {

// The blocks one launch runs: those of (block_q, block_kv) where the head's mask attends somewhere (the
// blocks MaskInfo does not mark empty). block_q 0: every pair runs, as in the original's dense reference.
struct SplashLaunchBlocks {
  int64_t block_q = 0, block_kv = 0;
};

struct SplashTiledBlocks {
  SplashLaunchBlocks fwd, dq, dkv;  // dq and dkv: the backward's (with the fused backward, dq = dkv)
};

// Arrays are row-major: q [num_q_heads, q_len, head_dim], k [num_kv_heads, kv_len, head_dim],
// v [num_kv_heads, kv_len, head_dim_v]. The mask is 3-d, (num_q_heads, q_len, kv_len).
struct SplashReferenceProblem {
  int64_t num_q_heads = 1, num_kv_heads = 1, q_len = 128, kv_len = 128, head_dim = 128, head_dim_v = 128;
  std::span<const double> q{}, k{}, v{};
  std::span<const int32_t> q_segment_ids{};  // [q_len]; empty: no segment ids (both empty or both set)
  std::span<const int32_t> kv_segment_ids{};
  std::span<const double> sinks{};  // [num_q_heads]; empty: no sinks
  std::optional<double> attn_logits_soft_cap{};
  double mask_value = kDefaultMaskValue;
  SplashTiledBlocks blocks{};  // which pairs the launches run; the default runs every pair
};

struct SplashReferenceForward {
  std::vector<double> out;        // [num_q_heads, q_len, head_dim_v]
  std::vector<double> logsumexp;  // [num_q_heads, q_len]
  std::vector<uint8_t> masked;    // [num_q_heads, q_len]: 1 where the row attends no pair
};

struct SplashReferenceGradients {
  std::vector<double> dq;      // [num_q_heads, q_len, head_dim]
  std::vector<double> dk;      // [num_kv_heads, kv_len, head_dim]
  std::vector<double> dv;      // [num_kv_heads, kv_len, head_dim_v]
  std::vector<double> dsinks;  // [num_q_heads]; empty without sinks
};

// Both throw std::invalid_argument when a span's length or the mask's shape does not match the problem,
// or when num_kv_heads does not divide num_q_heads (the entry checks, call_checks.hpp, refuse such a call
// before any reference is asked).
SplashReferenceForward SplashReference(const Mask& mask, const SplashReferenceProblem& p);
// From the forward's residuals (out and logsumexp, as the kernels keep them) and d_out, shaped as out.
SplashReferenceGradients SplashReferenceBackward(const Mask& mask, const SplashReferenceProblem& p,
                                                 const SplashReferenceForward& forward,
                                                 std::span<const double> d_out);

}  // namespace tilewalk::splash
