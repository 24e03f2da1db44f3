// Dense attention with Eigen: each (batch, head) slice builds its full q_len x kv_len weight matrix, so
// memory is bounded by one slice and every contraction is a single GEMM. The backward pass recomputes the
// weights rather than taking o, l and m from the caller, so it needs nothing but the problem and d_o.
#include "kernels/flash/reference.hpp"

#include <Eigen/Dense>
#include <cstddef>
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

// Leaves the softmax weights of one slice in `weights` and the row max and row sum in m and l.
void SliceWeights(const ReferenceProblem& p, const Slice& slice, RowMatrix& weights, Column& m, Column& l) {
  const ConstMatrixMap q = SliceOf(p.q, slice.q_offset, p.q_len, p.head_dim);
  const ConstMatrixMap k = SliceOf(p.k, slice.kv_offset, p.kv_len, p.head_dim);
  weights.noalias() = q * k.transpose();
  if (!p.ab.empty()) weights += SliceOf(p.ab, slice.logits_offset, p.q_len, p.kv_len);
  if (p.sm_scale != 1.0f) weights *= p.sm_scale;
  AddMask(p, slice, weights);
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
}

}  // namespace

ReferenceForward ReferenceAttention(const ReferenceProblem& p) {
  Validate(p);
  ReferenceForward out;
  out.o.resize(p.q.size());
  out.l.resize(std::size_t(p.batch) * p.heads * p.q_len);
  out.m.resize(out.l.size());
  RowMatrix weights(p.q_len, p.kv_len);
  Column m, l;
  for (int b = 0; b < p.batch; ++b) {
    for (int h = 0; h < p.heads; ++h) {
      const Slice slice = SliceAt(p, b, h);
      SliceWeights(p, slice, weights, m, l);
      MatrixMap(out.o.data() + slice.q_offset, p.q_len, p.head_dim).noalias() =
          weights * SliceOf(p.v, slice.kv_offset, p.kv_len, p.head_dim);
      Eigen::Map<Column>(out.m.data() + slice.row_offset, p.q_len) = m;
      Eigen::Map<Column>(out.l.data() + slice.row_offset, p.q_len) = l;
    }
  }
  return out;
}

ReferenceGradients ReferenceAttentionBackward(const ReferenceProblem& p, std::span<const float> d_o) {
  Validate(p);
  CheckLength("d_o", d_o.size(), std::size_t(p.batch) * p.heads * p.q_len * p.head_dim);
  ReferenceGradients grads;
  grads.dq.resize(p.q.size());
  grads.dk.resize(p.k.size());
  grads.dv.resize(p.v.size());
  if (!p.ab.empty()) grads.ds.resize(p.ab.size());
  RowMatrix weights(p.q_len, p.kv_len), ds(p.q_len, p.kv_len), o(p.q_len, p.head_dim);
  Column m, l, di;
  for (int b = 0; b < p.batch; ++b) {
    for (int h = 0; h < p.heads; ++h) {
      const Slice slice = SliceAt(p, b, h);
      const ConstMatrixMap q = SliceOf(p.q, slice.q_offset, p.q_len, p.head_dim);
      const ConstMatrixMap k = SliceOf(p.k, slice.kv_offset, p.kv_len, p.head_dim);
      const ConstMatrixMap v = SliceOf(p.v, slice.kv_offset, p.kv_len, p.head_dim);
      const ConstMatrixMap d_o_slice = SliceOf(d_o, slice.q_offset, p.q_len, p.head_dim);
      SliceWeights(p, slice, weights, m, l);
      MatrixMap(grads.dv.data() + slice.kv_offset, p.kv_len, p.head_dim).noalias() =
          weights.transpose() * d_o_slice;
      // di comes from o, as in the kernel's backward, rather than from the cheaper rowsum(p * dp).
      o.noalias() = weights * v;
      di = o.cwiseProduct(d_o_slice).rowwise().sum();
      ds.noalias() = d_o_slice * v.transpose();
      ds.colwise() -= di;
      // sm_scale multiplied the logits after q k^T + ab, so the chain rule carries it into dq, dk and dab.
      ds = (ds.array() * weights.array() * p.sm_scale).matrix();
      MatrixMap(grads.dq.data() + slice.q_offset, p.q_len, p.head_dim).noalias() = ds * k;
      MatrixMap(grads.dk.data() + slice.kv_offset, p.kv_len, p.head_dim).noalias() = ds.transpose() * q;
      if (!p.ab.empty()) MatrixMap(grads.ds.data() + slice.logits_offset, p.q_len, p.kv_len) = ds;
    }
  }
  return grads;
}

}  // namespace tilewalk::flash
