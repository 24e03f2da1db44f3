// The dense attention reference: the whole logits matrix of one (batch, head) slice at a time, with the
// same additive mask, mask value and l/m residuals as the tiled kernel, plus exact gradients. The tiled
// kernel bodies are checked against it, and the benchmark uses it as the untiled baseline, so it favours
// plain GEMMs over any resemblance to the Pallas code.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "kernels/flash/constants.hpp"

namespace tilewalk::flash {

// The blocks one causal launch runs, as below_or_on_diag decides: block_q rows against block_k keys. A row
// whose every logit is the mask value (it may attend to no key) is defined by the keys of the blocks that
// ran, so its value depends on them. block_q 0: every block runs.
struct LaunchBlocks {
  int block_q = 0, block_k = 0;
};

// What the tiled kernels define for fully masked rows: the blocks of each launch. Over the keys of the
// blocks the forward ran (a prefix, [0, end)) every weight is 1/end, so o averages v over them and
// l = end; the backward launches use those l and m over the keys of their own blocks.
struct TiledBlocks {
  LaunchBlocks fwd, dkv, dq;
  bool non_strict_diag = false;  // the what-if non-strict-diag
};

// How many leading keys a causal launch runs for `row`, the end of its prefix (kv_len when not causal).
int KeysRun(const LaunchBlocks& blocks, bool causal, bool non_strict_diag, int row, int kv_len);

// Shapes are [batch, heads, seq, head_dim] row-major (C order); bias is [batch, heads, q_len, kv_len];
// segment ids are [batch, q_len] and [batch, kv_len].
struct ReferenceProblem {
  int batch = 1, heads = 1, q_len = 128, kv_len = 128, head_dim = 128;
  // The {} initializers let designated initializers skip a span without GCC's -Wmissing-field-initializers.
  std::span<const float> q{}, k{}, v{};
  std::span<const float> ab{};               // empty: no bias
  std::span<const int32_t> q_segment_ids{};  // empty: no segment ids (both empty or both set)
  std::span<const int32_t> kv_segment_ids{};
  bool causal = false;
  float sm_scale = 1.0f;
  // Fully masked rows as the tiled kernels define them; empty: the dense definition (every key).
  std::optional<TiledBlocks> tiled{};
};

// Each output's term magnitude: the largest sum of |terms| behind one of its values. Rounding errors scale
// with it, so an output much smaller than its terms (cancellation) is ill-conditioned.
struct ReferenceForward {
  std::vector<float> o;         // [batch, heads, q_len, head_dim]
  std::vector<float> l, m;      // [batch, heads, q_len]: row sum of exp(s - m) and row max of the logits
  std::vector<uint8_t> masked;  // [batch, heads, q_len]: 1 where every logit of the row is the mask value
  double o_terms = 0;           // max over o of sum_c p_c |v_c|
};

struct ReferenceGradients {
  std::vector<float> dq, dk, dv;
  std::vector<float> ds;  // [batch, heads, q_len, kv_len], the bias gradient; empty when there is no bias
  // With t = p (|dp| + |di|) sm_scale, the terms of ds: max of t·|k|, t^T·|q|, p^T·|do| and t.
  double dq_terms = 0, dk_terms = 0, dv_terms = 0, ds_terms = 0;
};

// Both throw std::invalid_argument when a span's length does not match the shape.
ReferenceForward ReferenceAttention(const ReferenceProblem& p);
// True gradients of the loss sum(o * d_o), sm_scale included; d_o has the shape of o.
ReferenceGradients ReferenceAttentionBackward(const ReferenceProblem& p, std::span<const float> d_o);

}  // namespace tilewalk::flash
