// The backward of the dense splash reference, as the splash backward kernels compute it: from the forward's
// out and logsumexp (not recomputed), dq over the pairs the dq launch runs, dk and dv over those the dkv
// launch runs, summed over the q heads of each kv head.
#include <cmath>
#include <stdexcept>

#include "kernels/splash/reference.hpp"
#include "kernels/splash/reference_logits.hpp"

namespace tilewalk::splash {
namespace reference_detail {
namespace {

// ds over the pairs a launch runs (0 elsewhere, so a NaN row cannot leak into pairs never computed), and p.
struct Scores {
  RowMatrix p, ds;
};

Scores ScoresOf(const SplashReferenceProblem& p, const HeadLogits& logits, const Eigen::VectorXd& lse,
                const Eigen::VectorXd& di, const RowMatrix& dp) {
  Scores r{RowMatrix::Zero(p.q_len, p.kv_len), RowMatrix::Zero(p.q_len, p.kv_len)};
  for (int64_t i = 0; i < p.q_len; ++i)
    for (int64_t j = 0; j < p.kv_len; ++j) {
      if (!logits.runs(i, j)) continue;
      const double prob = std::exp(logits.s(i, j) - lse(i));
      double ds = (dp(i, j) - di(i)) * prob;
      if (p.attn_logits_soft_cap) {
        const double d = std::tanh(logits.uncapped(i, j) / *p.attn_logits_soft_cap);
        const double g = ds * (1 - d);
        ds = g + g * d;
      }
      r.p(i, j) = prob;
      r.ds(i, j) = ds;
    }
  return r;
}

}  // namespace
}  // namespace reference_detail

SplashReferenceGradients SplashReferenceBackward(const Mask& mask, const SplashReferenceProblem& p,
                                                 const SplashReferenceForward& forward,
                                                 std::span<const double> d_out) {
  using namespace reference_detail;
  Validate(mask, p);
  const auto out_size = static_cast<std::size_t>(p.num_q_heads * p.q_len * p.head_dim_v);
  if (forward.out.size() != out_size || d_out.size() != out_size ||
      forward.logsumexp.size() != static_cast<std::size_t>(p.num_q_heads * p.q_len))
    throw std::invalid_argument(
        "SplashReferenceBackward: out, d_out and logsumexp must have the forward's shapes");

  SplashReferenceGradients g;
  g.dq.assign(p.num_q_heads * p.q_len * p.head_dim, 0.0);
  g.dk.assign(p.num_kv_heads * p.kv_len * p.head_dim, 0.0);
  g.dv.assign(p.num_kv_heads * p.kv_len * p.head_dim_v, 0.0);
  if (!p.sinks.empty()) g.dsinks.assign(p.num_q_heads, 0.0);

  for (int64_t h = 0; h < p.num_q_heads; ++h) {
    const int64_t kvh = KvHeadOf(p, h);
    const ConstMatrixMap o(forward.out.data() + h * p.q_len * p.head_dim_v, p.q_len, p.head_dim_v);
    const ConstMatrixMap d_o(d_out.data() + h * p.q_len * p.head_dim_v, p.q_len, p.head_dim_v);
    const Eigen::VectorXd lse =
        Eigen::Map<const Eigen::VectorXd>(forward.logsumexp.data() + h * p.q_len, p.q_len);
    const Eigen::VectorXd di = o.cwiseProduct(d_o).rowwise().sum();
    const RowMatrix dp = d_o * VOf(p, kvh).transpose();

    const Scores dq_scores = ScoresOf(p, LogitsOf(mask, p, h, p.blocks.dq), lse, di, dp);
    MatrixMap(g.dq.data() + h * p.q_len * p.head_dim, p.q_len, p.head_dim) = dq_scores.ds * KOf(p, kvh);

    const Scores dkv_scores = ScoresOf(p, LogitsOf(mask, p, h, p.blocks.dkv), lse, di, dp);
    MatrixMap(g.dk.data() + kvh * p.kv_len * p.head_dim, p.kv_len, p.head_dim) +=
        dkv_scores.ds.transpose() * QOf(p, h);
    MatrixMap(g.dv.data() + kvh * p.kv_len * p.head_dim_v, p.kv_len, p.head_dim_v) +=
        dkv_scores.p.transpose() * d_o;

    if (!p.sinks.empty())
      for (int64_t i = 0; i < p.q_len; ++i) g.dsinks[h] -= std::exp(p.sinks[h] - lse(i)) * di(i);
  }
  return g;
}

}  // namespace tilewalk::splash
