// The forward of the dense splash reference: per q head, the logits of the pairs the forward launch runs,
// the row max and sum seeded as the kernel seeds them (mask_value and 0, or the sink and 1), one GEMM for
// the weighted values.
#include "kernels/splash/reference.hpp"

#include <algorithm>
#include <cmath>

#include "kernels/splash/reference_logits.hpp"

namespace tilewalk::splash {

SplashReferenceForward SplashReference(const Mask& mask, const SplashReferenceProblem& p) {
  using namespace reference_detail;
  Validate(mask, p);
  SplashReferenceForward f;
  f.out.assign(p.num_q_heads * p.q_len * p.head_dim_v, 0.0);
  f.logsumexp.assign(p.num_q_heads * p.q_len, 0.0);
  f.masked.assign(p.num_q_heads * p.q_len, 0);
  for (int64_t h = 0; h < p.num_q_heads; ++h) {
    const HeadLogits logits = LogitsOf(mask, p, h, p.blocks.fwd);
    const bool sink = !p.sinks.empty();
    const double m0 = sink ? p.sinks[h] : p.mask_value;
    const double l0 = sink ? 1.0 : 0.0;

    RowMatrix weights = RowMatrix::Zero(p.q_len, p.kv_len);
    Eigen::VectorXd l(p.q_len);
    for (int64_t i = 0; i < p.q_len; ++i) {
      double m = m0;
      for (int64_t j = 0; j < p.kv_len; ++j)
        if (logits.runs(i, j)) m = std::max(m, logits.s(i, j));
      double sum = l0 * std::exp(m0 - m);
      for (int64_t j = 0; j < p.kv_len; ++j)
        if (logits.runs(i, j)) sum += weights(i, j) = std::exp(logits.s(i, j) - m);
      l(i) = sum;
      f.logsumexp[h * p.q_len + i] = m + std::log(sum);
      f.masked[h * p.q_len + i] = logits.counts.row(i).maxCoeff() == 0;
    }
    MatrixMap out(f.out.data() + h * p.q_len * p.head_dim_v, p.q_len, p.head_dim_v);
    out = weights * VOf(p, KvHeadOf(p, h));
    // o * (1 / l) as the kernel finishes: a row of no run pair is 0 * inf, NaN.
    for (int64_t i = 0; i < p.q_len; ++i) out.row(i) *= 1.0 / l(i);
  }
  return f;
}

}  // namespace tilewalk::splash
