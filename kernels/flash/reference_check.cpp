#include "kernels/flash/reference_check.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include "kernels/flash/constants.hpp"
#include "kernels/tpu/host_heap.hpp"

namespace tilewalk::flash {

namespace {

std::vector<float> Floats(const tpu::Array& a) {
  std::vector<float> v(static_cast<std::size_t>(a.size()));
  a.ReadFloats(0, a.size(), v.data());
  return v;
}

// The matmul operands as the MXU sees them: under default precision it rounds them to bf16, and the
// reference should compare like with like (the original's own reference runs at bf16 matmul precision).
std::vector<float> MatmulOperand(const tpu::Array& a, tpu::Precision precision) {
  std::vector<float> v = Floats(a);
  if (precision == tpu::Precision::Default)
    for (float& x : v) x = tpu::RoundToBf16(x);
  return v;
}

std::vector<int32_t> Ints(const tpu::Array& a) {
  return {a.Data<int32_t>(), a.Data<int32_t>() + a.size()};
}

// Both the same NaN-or-infinity: the kernel computed what the reference computes there.
bool SameNonFinite(double g, double w) {
  return std::isnan(g) ? std::isnan(w) : g == w;
}

// The largest Euclidean norm of a row of `width` values (finite rows only).
double LargestRowNorm(const std::vector<float>& x, int width) {
  double largest = 0;
  for (std::size_t row = 0; row + std::size_t(width) <= x.size(); row += std::size_t(width)) {
    double sum = 0;
    for (int i = 0; i < width; ++i) sum += double(x[row + std::size_t(i)]) * x[row + std::size_t(i)];
    if (std::isfinite(sum)) largest = std::max(largest, std::sqrt(sum));
  }
  return largest;
}

// A bias entry near the mask value (a --window's, rounded to bfloat16 or not) masks its key: exp gives it no
// weight at all, so it bounds no logit that counts.
double LargestMagnitude(const std::vector<float>& x) {
  double largest = 0;
  for (float v : x)
    if (std::isfinite(v) && !(v <= 0.5f * kMaskValue)) largest = std::max(largest, double(std::abs(v)));
  return largest;
}

// `exact`, when given, marks places that must agree exactly and that stay out of the magnitude: a fully
// masked row's m, which is the mask value in both.
OutputError Compare(std::string name, const tpu::Array& got, const std::vector<float>& want,
                    const ErrorBudget& budget, double term_magnitude,
                    const std::vector<uint8_t>* exact = nullptr) {
  OutputError e{.name = std::move(name), .tolerance = budget.Tolerance(), .budget = budget};
  for (std::size_t i = 0; i < want.size(); ++i) {
    const double g = got.GetFloat(static_cast<int64_t>(i));
    const double w = want[i];
    if (!std::isfinite(g) || !std::isfinite(w)) {
      e.nonfinite += !std::isfinite(g);
      e.reference_nonfinite += !std::isfinite(w);
      e.nonfinite_mismatches += !SameNonFinite(g, w);
      continue;
    }
    e.max_abs = std::max(e.max_abs, std::abs(g - w));
    if (!exact || !(*exact)[i]) e.magnitude = std::max(e.magnitude, std::abs(w));
  }
  e.max_rel = e.max_abs / std::max(e.magnitude, 1e-30);
  e.term_magnitude = std::max(term_magnitude, e.magnitude);
  e.verdict = static_cast<std::size_t>(got.size()) == want.size() ? Judge(e) : Verdict::Fail;
  e.pass = e.verdict == Verdict::Ok || e.verdict == Verdict::IllConditioned;
  return e;
}

}  // namespace

TiledBlocks ScenarioBlocks(const Scenario& s) {
  const BlockSizes& b = s.block_sizes;
  // The single-step forward body (block_k == kv_len) has no causal skip: every key runs.
  const LaunchBlocks fwd = b.block_k == s.kv_len ? LaunchBlocks{} : LaunchBlocks{b.block_q, b.block_k_major};
  return {.fwd = fwd,
          .dkv = {b.block_q_major_dkv.value_or(0), b.block_k_major_dkv.value_or(0)},
          .dq = {b.block_q_dq.value_or(0), b.block_k_major_dq.value_or(0)},
          .non_strict_diag = s.what_if == WhatIf::NonStrictDiag};
}

ReferenceComparison CompareWithReference(const Scenario& s, const ScenarioInputs& data,
                                         const TrainingStepResult& step) {
  // The launches are over, and the reference's blocks (whole rows of scores) would not fit in the space
  // their arrays left: the memory guard counts the larger of the two phases, not their sum.
  tpu::ReturnFreedMemory();
  const AttentionInputs& in = data.inputs;
  const std::vector<float> q = MatmulOperand(in.q, s.precision), k = MatmulOperand(in.k, s.precision);
  const std::vector<float> v = MatmulOperand(in.v, s.precision), d_o = MatmulOperand(data.d_o, s.precision);
  const std::vector<float> ab = in.ab ? Floats(*in.ab) : std::vector<float>{};
  const std::vector<int32_t> q_ids = in.q_segment_ids ? Ints(*in.q_segment_ids) : std::vector<int32_t>{};
  const std::vector<int32_t> kv_ids = in.kv_segment_ids ? Ints(*in.kv_segment_ids) : std::vector<int32_t>{};
  const ReferenceProblem problem{.batch = s.batch,
                                 .heads = s.heads,
                                 .q_len = s.q_len,
                                 .kv_len = s.kv_len,
                                 .head_dim = s.head_dim,
                                 .q = q,
                                 .k = k,
                                 .v = v,
                                 .ab = ab,
                                 .q_segment_ids = q_ids,
                                 .kv_segment_ids = kv_ids,
                                 .causal = s.causal,
                                 .sm_scale = s.sm_scale,
                                 .tiled = ScenarioBlocks(s)};
  ReferenceComparison out;
  const auto start = std::chrono::steady_clock::now();
  const ReferenceForward fwd = ReferenceAttention(problem);
  std::optional<ReferenceGradients> grads;
  if (!s.forward_only) grads = ReferenceAttentionBackward(problem, d_o);
  out.reference_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  out.masked_rows = std::count(fwd.masked.begin(), fwd.masked.end(), uint8_t{1});

  const ErrorBudget over_keys{
      .base = Tolerance(s.dtype, s.precision),
      .sum_length = double(s.kv_len),
      .sm_scale = s.sm_scale,
      .logit_bound = LargestRowNorm(q, s.head_dim) * LargestRowNorm(k, s.head_dim) + LargestMagnitude(ab)};
  ErrorBudget over_queries = over_keys, a_max = over_keys;
  over_queries.sum_length = s.q_len;
  a_max.sum_length = 0;
  out.outputs.push_back(Compare("o", step.o, fwd.o, over_keys, fwd.o_terms));
  if (grads) {
    out.outputs.push_back(Compare("l", step.l, fwd.l, over_keys, 0));
    out.outputs.push_back(Compare("m", step.m, fwd.m, a_max, 0, &fwd.masked));
    out.outputs.push_back(Compare("dq", step.dq, grads->dq, over_keys, grads->dq_terms));
    out.outputs.push_back(Compare("dk", step.dk, grads->dk, over_queries, grads->dk_terms));
    out.outputs.push_back(Compare("dv", step.dv, grads->dv, over_queries, grads->dv_terms));
    if (step.ds) out.outputs.push_back(Compare("ds", *step.ds, grads->ds, over_keys, grads->ds_terms));
  }
  out.pass = std::all_of(out.outputs.begin(), out.outputs.end(), [](const OutputError& e) { return e.pass; });
  return out;
}

}  // namespace tilewalk::flash
