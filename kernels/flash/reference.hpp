// The dense attention reference: the whole logits matrix of one (batch, head) slice at a time, with the
// same additive mask, mask value and l/m residuals as the tiled kernel, plus exact gradients. The tiled
// kernel bodies are checked against it, and the benchmark uses it as the untiled baseline, so it favours
// plain GEMMs over any resemblance to the Pallas code.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "kernels/flash/constants.hpp"

namespace tilewalk::flash {

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
};

struct ReferenceForward {
  std::vector<float> o;     // [batch, heads, q_len, head_dim]
  std::vector<float> l, m;  // [batch, heads, q_len]: row sum of exp(s - m) and row max of the logits
};

struct ReferenceGradients {
  std::vector<float> dq, dk, dv;
  std::vector<float> ds;  // [batch, heads, q_len, kv_len], the bias gradient; empty when there is no bias
};

// Both throw std::invalid_argument when a span's length does not match the shape.
ReferenceForward ReferenceAttention(const ReferenceProblem& p);
// True gradients of the loss sum(o * d_o), sm_scale included; d_o has the shape of o.
ReferenceGradients ReferenceAttentionBackward(const ReferenceProblem& p, std::span<const float> d_o);

}  // namespace tilewalk::flash
