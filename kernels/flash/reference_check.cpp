#include "kernels/flash/reference_check.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "kernels/flash/reference.hpp"

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

OutputError Compare(std::string name, const tpu::Array& got, const std::vector<float>& want,
                    double tolerance) {
  OutputError e{.name = std::move(name), .tolerance = tolerance};
  double scale = 0;
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
    scale = std::max(scale, std::abs(w));
  }
  e.max_rel = e.max_abs / std::max(scale, 1e-30);
  e.pass = e.max_rel <= tolerance && e.nonfinite_mismatches == 0 &&
           static_cast<std::size_t>(got.size()) == want.size();
  return e;
}

}  // namespace

double Tolerance(tpu::DType dtype, tpu::Precision precision) {
  if (dtype == tpu::DType::BF16) return 3e-2;  // outputs are stored in bf16 too
  return precision == tpu::Precision::Highest ? 2e-4 : 2e-2;
}

ReferenceComparison CompareWithReference(const Scenario& s, const ScenarioInputs& data,
                                         const TrainingStepResult& step) {
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
                                 .sm_scale = s.sm_scale};
  ReferenceComparison out;
  const double tol = Tolerance(s.dtype, s.precision);
  const auto start = std::chrono::steady_clock::now();
  const ReferenceForward fwd = ReferenceAttention(problem);
  std::optional<ReferenceGradients> grads;
  if (!s.forward_only) grads = ReferenceAttentionBackward(problem, d_o);
  out.reference_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();

  out.outputs.push_back(Compare("o", step.o, fwd.o, tol));
  if (grads) {
    out.outputs.push_back(Compare("l", step.l, fwd.l, tol));
    out.outputs.push_back(Compare("m", step.m, fwd.m, tol));
    out.outputs.push_back(Compare("dq", step.dq, grads->dq, tol));
    out.outputs.push_back(Compare("dk", step.dk, grads->dk, tol));
    out.outputs.push_back(Compare("dv", step.dv, grads->dv, tol));
    if (step.ds) out.outputs.push_back(Compare("ds", *step.ds, grads->ds, tol));
  }
  out.pass = std::all_of(out.outputs.begin(), out.outputs.end(), [](const OutputError& e) { return e.pass; });
  return out;
}

}  // namespace tilewalk::flash
