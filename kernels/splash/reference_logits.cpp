#include "kernels/splash/reference_logits.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace tilewalk::splash::reference_detail {
namespace {

void CheckLength(const char* name, std::size_t actual, int64_t expected) {
  if (actual != static_cast<std::size_t>(expected))
    throw std::invalid_argument(std::string("SplashReferenceProblem: ") + name + " holds " +
                                std::to_string(actual) + " values but its shape needs " +
                                std::to_string(expected));
}

}  // namespace

void Validate(const Mask& mask, const SplashReferenceProblem& p) {
  if (p.num_q_heads < 1 || p.num_kv_heads < 1 || p.q_len < 1 || p.kv_len < 1 || p.head_dim < 1 ||
      p.head_dim_v < 1)
    throw std::invalid_argument("SplashReferenceProblem: every head count, length and head dim must be >= 1");
  if (p.num_q_heads % p.num_kv_heads != 0)
    throw std::invalid_argument("SplashReferenceProblem: num_kv_heads must divide num_q_heads");
  CheckLength("q", p.q.size(), p.num_q_heads * p.q_len * p.head_dim);
  CheckLength("k", p.k.size(), p.num_kv_heads * p.kv_len * p.head_dim);
  CheckLength("v", p.v.size(), p.num_kv_heads * p.kv_len * p.head_dim_v);
  if (p.q_segment_ids.empty() != p.kv_segment_ids.empty())
    throw std::invalid_argument(
        "SplashReferenceProblem: set both q_segment_ids and kv_segment_ids, or neither");
  if (!p.q_segment_ids.empty()) {
    CheckLength("q_segment_ids", p.q_segment_ids.size(), p.q_len);
    CheckLength("kv_segment_ids", p.kv_segment_ids.size(), p.kv_len);
  }
  if (!p.sinks.empty()) CheckLength("sinks", p.sinks.size(), p.num_q_heads);
  if (!(mask.shape() == tpu::Shape{p.num_q_heads, p.q_len, p.kv_len}))
    throw std::invalid_argument("SplashReferenceProblem: the mask's shape " + mask.shape().ToString() +
                                " is not (num_q_heads, q_len, kv_len)");
  for (const SplashLaunchBlocks& b : {p.blocks.fwd, p.blocks.dq, p.blocks.dkv})
    if (b.block_q < 0 || b.block_kv < 0 || (b.block_q == 0) != (b.block_kv == 0))
      throw std::invalid_argument(
          "SplashReferenceProblem: a launch's blocks are both 0 (every pair) or both > 0");
}

int64_t KvHeadOf(const SplashReferenceProblem& p, int64_t q_head) {
  return q_head / (p.num_q_heads / p.num_kv_heads);
}

ConstMatrixMap QOf(const SplashReferenceProblem& p, int64_t q_head) {
  return ConstMatrixMap(p.q.data() + q_head * p.q_len * p.head_dim, p.q_len, p.head_dim);
}

ConstMatrixMap KOf(const SplashReferenceProblem& p, int64_t kv_head) {
  return ConstMatrixMap(p.k.data() + kv_head * p.kv_len * p.head_dim, p.kv_len, p.head_dim);
}

ConstMatrixMap VOf(const SplashReferenceProblem& p, int64_t kv_head) {
  return ConstMatrixMap(p.v.data() + kv_head * p.kv_len * p.head_dim_v, p.kv_len, p.head_dim_v);
}

HeadLogits LogitsOf(const Mask& mask, const SplashReferenceProblem& p, int64_t h,
                    const SplashLaunchBlocks& launch) {
  HeadLogits r;
  r.uncapped = QOf(p, h) * KOf(p, KvHeadOf(p, h)).transpose();
  r.counts.resize(p.q_len, p.kv_len);
  for (int64_t i = 0; i < p.q_len; ++i)
    for (int64_t j = 0; j < p.kv_len; ++j) {
      const bool same_segment = p.q_segment_ids.empty() || p.q_segment_ids[i] == p.kv_segment_ids[j];
      r.counts(i, j) = mask.Attends(h, i, j) && same_segment;
    }

  // A block runs when the mask (not the segment ids, which MaskInfo never sees) attends somewhere in it.
  r.runs.setOnes(p.q_len, p.kv_len);
  if (launch.block_q > 0) {
    for (int64_t i0 = 0; i0 < p.q_len; i0 += launch.block_q)
      for (int64_t j0 = 0; j0 < p.kv_len; j0 += launch.block_kv) {
        const int64_t rows = std::min(launch.block_q, p.q_len - i0),
                      cols = std::min(launch.block_kv, p.kv_len - j0);
        bool any = false;
        for (int64_t i = i0; i < i0 + rows && !any; ++i)
          for (int64_t j = j0; j < j0 + cols && !any; ++j) any = mask.Attends(h, i, j);
        if (!any) r.runs.block(i0, j0, rows, cols).setZero();
      }
  }

  r.s = r.uncapped;
  if (p.attn_logits_soft_cap) {
    const double cap = *p.attn_logits_soft_cap;
    r.s = r.s.unaryExpr([cap](double x) { return std::tanh(x / cap) * cap; });
  }
  for (int64_t i = 0; i < p.q_len; ++i)
    for (int64_t j = 0; j < p.kv_len; ++j)
      if (!r.counts(i, j)) r.s(i, j) = p.mask_value;
  return r;
}

}  // namespace tilewalk::splash::reference_detail
