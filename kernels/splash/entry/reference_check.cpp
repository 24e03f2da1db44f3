#include "kernels/splash/entry/reference_check.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "kernels/splash/reference.hpp"
#include "kernels/tpu/host_heap.hpp"

namespace tilewalk::splash {
namespace {

using kernel::ErrorBudget;
using kernel::OutputError;
using kernel::Verdict;

std::vector<double> Doubles(const tpu::Array& a, tpu::Precision precision, double scale = 1) {
  std::vector<double> v(static_cast<std::size_t>(a.size()));
  for (int64_t i = 0; i < a.size(); ++i) {
    const float x = a.GetFloat(i);
    v[static_cast<std::size_t>(i)] = scale * (precision == tpu::Precision::Default ? tpu::RoundToBf16(x) : x);
  }
  return v;
}

std::vector<int32_t> Ints(const std::optional<tpu::Array>& a) {
  if (!a) return {};
  return {a->Data<int32_t>(), a->Data<int32_t>() + a->size()};
}

double LargestRowNorm(const std::vector<double>& x, int64_t width) {
  double largest = 0;
  for (std::size_t row = 0; row + static_cast<std::size_t>(width) <= x.size();
       row += static_cast<std::size_t>(width)) {
    double sum = 0;
    for (int64_t i = 0; i < width; ++i)
      sum += x[row + static_cast<std::size_t>(i)] * x[row + static_cast<std::size_t>(i)];
    if (std::isfinite(sum)) largest = std::max(largest, std::sqrt(sum));
  }
  return largest;
}

bool SameNonFinite(double g, double w) {
  return std::isnan(g) ? std::isnan(w) : g == w;
}

// `exact`, when given, marks places that must agree exactly and stay out of the magnitude: an empty row's
// logsumexp, the mask value in both. Each place is row · `per_row` + lane.
OutputError Compare(std::string name, const tpu::Array& got, const std::vector<double>& want,
                    const ErrorBudget& budget, const std::vector<uint8_t>* exact = nullptr) {
  OutputError e{.name = std::move(name), .tolerance = budget.Tolerance(), .budget = budget};
  for (std::size_t i = 0; i < want.size() && static_cast<int64_t>(i) < got.size(); ++i) {
    const double g = got.GetFloat(static_cast<int64_t>(i));
    const double w = static_cast<float>(want[i]);  // the kernels store float32 at best
    if (!std::isfinite(g) || !std::isfinite(w)) {
      e.nonfinite += !std::isfinite(g);
      e.reference_nonfinite += !std::isfinite(w);
      e.nonfinite_mismatches += !SameNonFinite(g, w);
      continue;
    }
    if (exact && (*exact)[i]) {
      e.nonfinite_mismatches += g != w;
      continue;
    }
    e.max_abs = std::max(e.max_abs, std::abs(g - w));
    e.magnitude = std::max(e.magnitude, std::abs(w));
  }
  e.max_rel = e.max_abs / std::max(e.magnitude, 1e-30);
  e.term_magnitude = e.magnitude;
  e.verdict = static_cast<std::size_t>(got.size()) == want.size() ? kernel::Judge(e) : Verdict::Fail;
  e.pass = e.verdict == Verdict::Ok || e.verdict == Verdict::IllConditioned;
  return e;
}

}  // namespace

kernel::ReferenceComparison CompareSplashWithReference(const SplashScenario& s, const Mask& mask,
                                                       const SplashInputs& in, const SplashStepResult& step) {
  tpu::ReturnFreedMemory();  // the launches are over: their room goes to the reference
  const std::vector<double> q = Doubles(in.q, s.precision), k = Doubles(in.k, s.precision);
  const std::vector<double> v = Doubles(in.v, s.precision), d_o = Doubles(in.d_o, s.precision);
  const std::vector<int32_t> q_ids = Ints(in.q_segment_ids), kv_ids = Ints(in.kv_segment_ids);
  const BlockSizes b = s.BlockSizeFields();
  const SplashLaunchBlocks dkv{.block_q = b.block_q_dkv.value_or(0), .block_kv = b.block_kv_dkv.value_or(0)};
  const SplashReferenceProblem problem{
      .num_q_heads = s.heads,
      .num_kv_heads = s.KvHeads(),
      .q_len = s.q_len,
      .kv_len = s.kv_len,
      .head_dim = s.head_dim,
      .head_dim_v = s.head_dim,
      .q = q,
      .k = k,
      .v = v,
      .q_segment_ids = q_ids,
      .kv_segment_ids = kv_ids,
      .attn_logits_soft_cap = s.soft_cap > 0 ? std::optional<double>(s.soft_cap) : std::nullopt,
      .blocks = {
          .fwd = {.block_q = b.block_q, .block_kv = b.block_kv},
          .dq = s.fused_bwd ? dkv : SplashLaunchBlocks{.block_q = *b.block_q_dq, .block_kv = *b.block_kv_dq},
          .dkv = dkv}};

  kernel::ReferenceComparison out;
  const auto start = std::chrono::steady_clock::now();
  const SplashReferenceForward fwd = SplashReference(mask, problem);
  std::optional<SplashReferenceGradients> grads;
  if (!s.forward_only) grads = SplashReferenceBackward(mask, problem, fwd, d_o);
  out.reference_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  out.masked_rows = std::count(fwd.masked.begin(), fwd.masked.end(), uint8_t{1});

  const double logit_bound = LargestRowNorm(q, s.head_dim) * LargestRowNorm(k, s.head_dim);
  const ErrorBudget over_keys{.base = kernel::Tolerance(s.dtype, s.precision),
                              .sum_length = double(s.kv_len),
                              .logit_bound = logit_bound};
  ErrorBudget over_queries = over_keys;
  over_queries.sum_length =
      double(s.q_len) * (s.heads / std::max(1, s.KvHeads()));  // dk, dv sum over heads too
  out.outputs.push_back(Compare("o", step.o, fwd.out, over_keys));
  if (grads) {
    out.outputs.push_back(Compare("logsumexp", step.logsumexp, fwd.logsumexp, over_keys, &fwd.masked));
    out.outputs.push_back(Compare("dq", step.dq, grads->dq, over_keys));
    out.outputs.push_back(Compare("dk", step.dk, grads->dk, over_queries));
    out.outputs.push_back(Compare("dv", step.dv, grads->dv, over_queries));
  }
  out.pass = std::all_of(out.outputs.begin(), out.outputs.end(), [](const OutputError& e) { return e.pass; });
  return out;
}

}  // namespace tilewalk::splash
