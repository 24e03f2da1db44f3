// Dense attention with Eigen: each (batch, head) slice builds its full q_len x kv_len weight matrix, so
// memory is bounded by one slice and every contraction is a single GEMM. The backward pass recomputes the
// weights rather than taking o, l and m from the caller, so it needs nothing but the problem and d_o.
#include "kernels/flash/reference.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <stdexcept>
#include <string>

namespace tilewalk::flash {
namespace {

using RowMatrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using ConstMatrixMap = Eigen::Map<const RowMatrix>;
using MatrixMap = Eigen::Map<RowMatrix>;
using Column = Eigen::VectorXf;

void CheckLength(const char* name, std::size_t actual, std::size_t expected) {
  if (actual != expected) {
    throw std::invalid_argument(std::string("ReferenceProblem: ") + name + " holds " +
                                std::to_string(actual) + " values but its shape needs " +
                                std::to_string(expected));
  }
}

void Validate(const ReferenceProblem& p) {
  if (p.batch < 1 || p.heads < 1 || p.q_len < 1 || p.kv_len < 1 || p.head_dim < 1) {
    throw std::invalid_argument(
        "ReferenceProblem: batch, heads, q_len, kv_len and head_dim must all be >= 1");
  }
  const std::size_t slices = std::size_t(p.batch) * std::size_t(p.heads);
  CheckLength("q", p.q.size(), slices * std::size_t(p.q_len) * std::size_t(p.head_dim));
  CheckLength("k", p.k.size(), slices * std::size_t(p.kv_len) * std::size_t(p.head_dim));
  CheckLength("v", p.v.size(), slices * std::size_t(p.kv_len) * std::size_t(p.head_dim));
  if (!p.ab.empty()) CheckLength("ab", p.ab.size(), slices * std::size_t(p.q_len) * std::size_t(p.kv_len));
  if (p.q_segment_ids.empty() != p.kv_segment_ids.empty()) {
    throw std::invalid_argument("ReferenceProblem: set both q_segment_ids and kv_segment_ids, or neither");
  }
  if (!p.q_segment_ids.empty()) {
    CheckLength("q_segment_ids", p.q_segment_ids.size(), std::size_t(p.batch) * std::size_t(p.q_len));
    CheckLength("kv_segment_ids", p.kv_segment_ids.size(), std::size_t(p.batch) * std::size_t(p.kv_len));
  }
}

// Where one (batch, head) slice starts inside each flattened tensor.
struct Slice {
  int batch = 0;
  std::size_t q_offset = 0, kv_offset = 0, logits_offset = 0, row_offset = 0;
};

Slice SliceAt(const ReferenceProblem& p, int b, int h) {
  const std::size_t index = std::size_t(b) * std::size_t(p.heads) + std::size_t(h);
  return {.batch = b,
          .q_offset = index * std::size_t(p.q_len) * std::size_t(p.head_dim),
          .kv_offset = index * std::size_t(p.kv_len) * std::size_t(p.head_dim),
          .logits_offset = index * std::size_t(p.q_len) * std::size_t(p.kv_len),
          .row_offset = index * std::size_t(p.q_len)};
}

ConstMatrixMap SliceOf(std::span<const float> data, std::size_t offset, int rows, int cols) {
  return ConstMatrixMap(data.data() + offset, rows, cols);
}

// The mask is added, not substituted, because that is what the kernel does: a fully masked row then
// keeps finite logits that all round to kMaskValue, rather than producing NaN.
void AddMask(const ReferenceProblem& p, const Slice& slice, RowMatrix& s) {
  const bool segmented = !p.q_segment_ids.empty();
  if (!segmented && !p.causal) return;
  const int32_t* q_ids = segmented ? p.q_segment_ids.data() + std::size_t(slice.batch) * p.q_len : nullptr;
  const int32_t* kv_ids = segmented ? p.kv_segment_ids.data() + std::size_t(slice.batch) * p.kv_len : nullptr;
  for (int row = 0; row < p.q_len; ++row) {
    float* logits = s.row(row).data();
    for (int col = 0; col < p.kv_len; ++col) {
      const bool same_segment = !segmented || q_ids[row] == kv_ids[col];
      const bool visible = !p.causal || col <= row;
      if (!(same_segment && visible)) logits[col] += kMaskValue;
    }
  }
}

// Rows whose every logit is the mask value: they may attend to no key. Only masking makes one.
void FullyMaskedRows(const ReferenceProblem& p, const RowMatrix& s, std::vector<int>& rows) {
  rows.clear();
  if (p.q_segment_ids.empty() && !p.causal) return;
  for (int r = 0; r < p.q_len; ++r)
    if ((s.row(r).array() == kMaskValue).all()) rows.push_back(r);
}

// The tiled forward's fully masked rows (TiledBlocks): weight 1/end over the keys of the blocks it ran,
// l = end. With no block run, the scratch keeps its start: m = -inf, l = 0 and o = 0.
void TiledForwardRows(const ReferenceProblem& p, const std::vector<int>& rows, RowMatrix& weights, Column& m,
                      Column& l) {
  if (!p.tiled) return;
  for (int r : rows) {
    const int end = KeysRun(p.tiled->fwd, p.causal, p.tiled->non_strict_diag, r, p.kv_len);
    if (end == p.kv_len) continue;
    weights.row(r).setZero();
    weights.row(r).head(end).setConstant(1.0f / static_cast<float>(end));
    l(r) = static_cast<float>(end);
    if (end == 0) m(r) = -std::numeric_limits<float>::infinity();
  }
}

// Leaves the softmax weights of one slice in `weights`, the row max and row sum in m and l, and the fully
// masked rows in `masked`.
void SliceWeights(const ReferenceProblem& p, const Slice& slice, RowMatrix& weights, Column& m, Column& l,
                  std::vector<int>& masked) {
  const ConstMatrixMap q = SliceOf(p.q, slice.q_offset, p.q_len, p.head_dim);
  const ConstMatrixMap k = SliceOf(p.k, slice.kv_offset, p.kv_len, p.head_dim);
  weights.noalias() = q * k.transpose();
  if (!p.ab.empty()) weights += SliceOf(p.ab, slice.logits_offset, p.q_len, p.kv_len);
  if (p.sm_scale != 1.0f) weights *= p.sm_scale;
  AddMask(p, slice, weights);
  FullyMaskedRows(p, weights, masked);
  // A NaN row keeps its NaN max, as jnp.max does; Eigen's default maxCoeff may drop it.
  m = weights.rowwise().redux(Eigen::internal::scalar_max_op<float, float, Eigen::PropagateNaN>());
  weights.colwise() -= m;
  // Eigen's vectorised exp bottoms out at a subnormal (about 3e-39) instead of 0, and subnormal operands
  // make the GEMMs that follow over ten times slower. A TPU has no subnormals, so writing 0 there is also
  // closer to the kernel.
  constexpr float kFlushBelow = -87.0f;  // exp(-87) is about 1.6e-38, just above FLT_MIN
  weights = (weights.array() < kFlushBelow).select(0.0f, weights.array().max(kFlushBelow).exp()).matrix();
  l = weights.rowwise().sum();
  weights.array().colwise() /= l.array();
  TiledForwardRows(p, masked, weights, m, l);
}

// One slice's operands and gradient blocks, for the corrections of fully masked rows.
struct SliceGradients {
  ConstMatrixMap q, k, v, d_o;
  MatrixMap dq, dk, dv;
  float* ds = nullptr;  // the slice's bias-gradient rows, or null without a bias
};

// The backward launches read a fully masked row's l and m as the forward left them, over the keys of
// their own blocks: dK/dV's for dk and dv, dQ's for dq and ds. Where those blocks differ from the
// forward's, the row's share of each gradient is recomputed. `ds` holds the forward-weight ds.
void TiledBackwardRows(const ReferenceProblem& p, const std::vector<int>& rows, const RowMatrix& weights,
                       const RowMatrix& ds, const Column& m, const Column& l, const Column& di,
                       SliceGradients& g) {
  if (!p.tiled) return;
  const TiledBlocks& t = *p.tiled;
  Eigen::RowVectorXf dp(p.kv_len), ds_dq(p.kv_len);
  for (int r : rows) {
    const int end_fwd = KeysRun(t.fwd, p.causal, t.non_strict_diag, r, p.kv_len);
    const int end_dkv = KeysRun(t.dkv, p.causal, t.non_strict_diag, r, p.kv_len);
    const int end_dq = KeysRun(t.dq, p.causal, t.non_strict_diag, r, p.kv_len);
    if (end_dkv == end_fwd && end_dq == end_fwd) continue;
    const float weight = std::exp(kMaskValue - m(r)) / l(r);  // p = exp(s - m) / l, s the mask value
    dp.noalias() = g.d_o.row(r) * g.v.transpose();
    for (int c = 0; c < p.kv_len; ++c) {
      const float w_dkv = c < end_dkv ? weight : 0.0f;
      const float ds_dkv = (dp(c) - di(r)) * w_dkv * p.sm_scale;
      g.dv.row(c) += (w_dkv - weights(r, c)) * g.d_o.row(r);
      g.dk.row(c) += (ds_dkv - ds(r, c)) * g.q.row(r);
      ds_dq(c) = c < end_dq ? (dp(c) - di(r)) * weight * p.sm_scale : 0.0f;
    }
    g.dq.row(r).noalias() = ds_dq * g.k;
    if (g.ds) Eigen::Map<Eigen::RowVectorXf>(g.ds + std::size_t(r) * p.kv_len, p.kv_len) = ds_dq;
  }
}

double Largest(const RowMatrix& x) {
  return x.size() ? static_cast<double>(x.maxCoeff()) : 0.0;
}

}  // namespace

int KeysRun(const LaunchBlocks& blocks, bool causal, bool non_strict_diag, int row, int kv_len) {
  if (!causal || blocks.block_q <= 0 || blocks.block_k <= 0) return kv_len;
  const int q_block = row / blocks.block_q;
  int end = 0;
  while (end < kv_len &&
         below_or_on_diag(q_block, blocks.block_q, end / blocks.block_k, blocks.block_k, non_strict_diag))
    end += blocks.block_k;
  return std::min(end, kv_len);
}

ReferenceForward ReferenceAttention(const ReferenceProblem& p) {
  Validate(p);
  ReferenceForward out;
  out.o.resize(p.q.size());
  out.l.resize(std::size_t(p.batch) * p.heads * p.q_len);
  out.m.resize(out.l.size());
  out.masked.assign(out.l.size(), 0);
  RowMatrix weights(p.q_len, p.kv_len), o_terms(p.q_len, p.head_dim);
  Column m, l;
  std::vector<int> masked;
  for (int b = 0; b < p.batch; ++b) {
    for (int h = 0; h < p.heads; ++h) {
      const Slice slice = SliceAt(p, b, h);
      SliceWeights(p, slice, weights, m, l, masked);
      const ConstMatrixMap v = SliceOf(p.v, slice.kv_offset, p.kv_len, p.head_dim);
      MatrixMap(out.o.data() + slice.q_offset, p.q_len, p.head_dim).noalias() = weights * v;
      o_terms.noalias() = weights * v.cwiseAbs();
      out.o_terms = std::max(out.o_terms, Largest(o_terms));
      Eigen::Map<Column>(out.m.data() + slice.row_offset, p.q_len) = m;
      Eigen::Map<Column>(out.l.data() + slice.row_offset, p.q_len) = l;
      for (int r : masked) out.masked[slice.row_offset + std::size_t(r)] = 1;
    }
  }
  return out;
}

namespace {

// The term magnitudes of one slice's gradients, from t = p (|dp| + |di|) sm_scale (in `terms`).
void GradientTerms(const RowMatrix& terms, const RowMatrix& weights, const SliceGradients& g,
                   ReferenceGradients& grads) {
  grads.dq_terms = std::max(grads.dq_terms, Largest(terms * g.k.cwiseAbs()));
  grads.dk_terms = std::max(grads.dk_terms, Largest(terms.transpose() * g.q.cwiseAbs()));
  grads.dv_terms = std::max(grads.dv_terms, Largest(weights.transpose() * g.d_o.cwiseAbs()));
  grads.ds_terms = std::max(grads.ds_terms, Largest(terms));
}

}  // namespace

ReferenceGradients ReferenceAttentionBackward(const ReferenceProblem& p, std::span<const float> d_o) {
  Validate(p);
  CheckLength("d_o", d_o.size(), std::size_t(p.batch) * p.heads * p.q_len * p.head_dim);
  ReferenceGradients grads;
  grads.dq.resize(p.q.size());
  grads.dk.resize(p.k.size());
  grads.dv.resize(p.v.size());
  if (!p.ab.empty()) grads.ds.resize(p.ab.size());
  RowMatrix weights(p.q_len, p.kv_len), ds(p.q_len, p.kv_len), terms(p.q_len, p.kv_len);
  RowMatrix o(p.q_len, p.head_dim);
  Column m, l, di;
  std::vector<int> masked;
  for (int b = 0; b < p.batch; ++b) {
    for (int h = 0; h < p.heads; ++h) {
      const Slice slice = SliceAt(p, b, h);
      SliceGradients g{.q = SliceOf(p.q, slice.q_offset, p.q_len, p.head_dim),
                       .k = SliceOf(p.k, slice.kv_offset, p.kv_len, p.head_dim),
                       .v = SliceOf(p.v, slice.kv_offset, p.kv_len, p.head_dim),
                       .d_o = SliceOf(d_o, slice.q_offset, p.q_len, p.head_dim),
                       .dq = MatrixMap(grads.dq.data() + slice.q_offset, p.q_len, p.head_dim),
                       .dk = MatrixMap(grads.dk.data() + slice.kv_offset, p.kv_len, p.head_dim),
                       .dv = MatrixMap(grads.dv.data() + slice.kv_offset, p.kv_len, p.head_dim),
                       .ds = p.ab.empty() ? nullptr : grads.ds.data() + slice.logits_offset};
      SliceWeights(p, slice, weights, m, l, masked);
      g.dv.noalias() = weights.transpose() * g.d_o;
      // di comes from o, as in the kernel's backward, rather than from the cheaper rowsum(p * dp).
      o.noalias() = weights * g.v;
      di = o.cwiseProduct(g.d_o).rowwise().sum();
      ds.noalias() = g.d_o * g.v.transpose();
      terms =
          ((ds.array().abs().colwise() + di.array().abs()) * weights.array() * std::abs(p.sm_scale)).matrix();
      ds.colwise() -= di;
      // sm_scale multiplied the logits after q k^T + ab, so the chain rule carries it into dq, dk and dab.
      ds = (ds.array() * weights.array() * p.sm_scale).matrix();
      g.dq.noalias() = ds * g.k;
      g.dk.noalias() = ds.transpose() * g.q;
      if (g.ds) MatrixMap(g.ds, p.q_len, p.kv_len) = ds;
      GradientTerms(terms, weights, g, grads);
      TiledBackwardRows(p, masked, weights, ds, m, l, di, g);
    }
  }
  return grads;
}

}  // namespace tilewalk::flash
