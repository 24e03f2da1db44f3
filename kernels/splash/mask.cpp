#include "kernels/splash/mask.hpp"

#include <algorithm>
#include <cassert>

namespace tilewalk::splash {

namespace {

bool SameArray(const tpu::Array& a, const tpu::Array& b) {
  if (!(a.shape() == b.shape()) || a.dtype() != b.dtype()) return false;
  const auto* x = a.Data<uint8_t>();
  const auto* y = b.Data<uint8_t>();
  for (int64_t i = 0; i < a.size(); ++i)
    if ((x[i] != 0) != (y[i] != 0)) return false;
  return true;
}

}  // namespace

MaskKind Mask::kind() const {
  return m_node->kind;
}
const tpu::Shape& Mask::shape() const {
  return m_node->shape;
}

bool Mask::Attends(int64_t q, int64_t kv) const {
  assert(shape().rank() == 2 && "Attends(q, kv) is for a 2-d mask; give a head for a multi-head mask");
  assert(q >= 0 && q < shape()[0] && kv >= 0 && kv < shape()[1] && "Attends: index outside the mask");
  return Eval(-1, q, kv);
}

bool Mask::Attends(int64_t head, int64_t q, int64_t kv) const {
  assert(shape().rank() == 3 && "Attends(head, q, kv) is for a 3-d mask");
  assert(head >= 0 && head < shape()[0] && q >= 0 && q < shape()[1] && kv >= 0 && kv < shape()[2] &&
         "Attends: index outside the mask");
  return Eval(head, q, kv);
}

std::vector<uint8_t> Mask::Block(int64_t q_begin, int64_t q_end, int64_t kv_begin, int64_t kv_end) const {
  assert(shape().rank() == 2 && "Block is for a 2-d mask; take a head's mask from masks() first");
  assert(0 <= q_begin && q_begin <= q_end && q_end <= shape()[0] && 0 <= kv_begin && kv_begin <= kv_end &&
         kv_end <= shape()[1] && "Block: range outside the mask");
  const int64_t width = kv_end - kv_begin;
  std::vector<uint8_t> out(static_cast<std::size_t>((q_end - q_begin) * width), 0);
  const Node& n = *m_node;
  if (n.kind == MaskKind::Full) {
    std::fill(out.begin(), out.end(), uint8_t{1});
    return out;
  }
  // A computable mask's row attends one interval of kv [lo, hi]: ProcessMask reads every block of the
  // mask for each launch, so filling intervals rather than testing each pair is most of making a long
  // causal kernel (tests/kernels/splash/masks_test.cpp compares the two).
  const bool interval = computable();
  for (int64_t q = q_begin; q < q_end; ++q) {
    uint8_t* row = out.data() + (q - q_begin) * width;
    if (!interval) {
      for (int64_t kv = kv_begin; kv < kv_end; ++kv) row[kv - kv_begin] = Eval(-1, q, kv) ? 1 : 0;
      continue;
    }
    int64_t lo = kv_begin, hi = kv_end - 1;
    if (n.kind == MaskKind::Causal) {
      hi = std::min(hi, q + n.offset);
    } else if (n.kind == MaskKind::ChunkedCausal) {
      lo = std::max(lo, q / n.chunk_size * n.chunk_size);
      hi = std::min(hi, q);
    } else {  // Local
      if (n.window.left) lo = std::max(lo, q + n.offset - *n.window.left);
      if (n.window.right) hi = std::min(hi, q + n.offset + *n.window.right);
    }
    if (lo <= hi) std::fill(row + (lo - kv_begin), row + (hi - kv_begin) + 1, uint8_t{1});
  }
  return out;
}

bool Mask::computable() const {
  const MaskKind k = kind();
  return k == MaskKind::Causal || k == MaskKind::ChunkedCausal || k == MaskKind::Local;
}

std::vector<int32_t> Mask::q_sequence() const {
  assert(computable() && "q_sequence: only the causal, chunked-causal and local masks have one");
  std::vector<int32_t> ids;
  for (int64_t q = 0; q < shape()[0]; ++q) ids.push_back(static_cast<int32_t>(q));
  return ids;
}

bool Mask::MaskFunction(int64_t q_id, int64_t kv_id) const {
  const Node& n = *m_node;
  switch (n.kind) {
    case MaskKind::Causal:
      return q_id + n.offset >= kv_id;
    case MaskKind::ChunkedCausal:
      // Ids are never negative, so C++ division floors as Python's // does.
      return q_id / n.chunk_size == kv_id / n.chunk_size && q_id >= kv_id;
    case MaskKind::Local: {
      const int64_t shifted = q_id + n.offset;
      bool attends = true;
      if (n.window.left) attends = attends && shifted - *n.window.left <= kv_id;
      if (n.window.right) attends = attends && shifted + *n.window.right >= kv_id;
      return attends;
    }
    default:
      assert(false && "MaskFunction: only the causal, chunked-causal and local masks have one");
      return false;
  }
}

bool Mask::Eval(int64_t head, int64_t q, int64_t kv) const {
  const Node& n = *m_node;
  switch (n.kind) {
    case MaskKind::Full:
      return true;
    case MaskKind::Causal:
    case MaskKind::ChunkedCausal:
    case MaskKind::Local:
      return MaskFunction(q, kv);  // q_sequence is 0..q_seq_len-1: row q has id q
    case MaskKind::Numpy:
      return n.array.Data<uint8_t>()[q * n.shape[1] + kv] != 0;
    case MaskKind::LogicalOr:
      return n.children[0].Eval(head, q, kv) || n.children[1].Eval(head, q, kv);
    case MaskKind::LogicalAnd:
      return n.children[0].Eval(head, q, kv) && n.children[1].Eval(head, q, kv);
    case MaskKind::MultiHead:
      return n.children[static_cast<std::size_t>(head)].Eval(-1, q, kv);
  }
  return false;
}

int64_t Mask::offset() const {
  assert((kind() == MaskKind::Causal || kind() == MaskKind::Local) && "offset: causal and local masks only");
  return m_node->offset;
}
LocalWindow Mask::window_size() const {
  assert(kind() == MaskKind::Local && "window_size: local masks only");
  return m_node->window;
}
int64_t Mask::chunk_size() const {
  assert(kind() == MaskKind::ChunkedCausal && "chunk_size: chunked-causal masks only");
  return m_node->chunk_size;
}
const tpu::Array& Mask::array() const {
  assert(kind() == MaskKind::Numpy && "array: dense masks only");
  return m_node->array;
}
const Mask& Mask::left() const {
  assert((kind() == MaskKind::LogicalOr || kind() == MaskKind::LogicalAnd) && "left: or/and masks only");
  return m_node->children[0];
}
const Mask& Mask::right() const {
  assert((kind() == MaskKind::LogicalOr || kind() == MaskKind::LogicalAnd) && "right: or/and masks only");
  return m_node->children[1];
}
const std::vector<Mask>& Mask::masks() const {
  assert(kind() == MaskKind::MultiHead && "masks: multi-head masks only");
  return m_node->children;
}

bool operator==(const Mask& a, const Mask& b) {
  if (a.m_node == b.m_node) return true;
  const Mask::Node& x = *a.m_node;
  const Mask::Node& y = *b.m_node;
  if (x.kind != y.kind) return false;
  switch (x.kind) {
    case MaskKind::Full:
      return x.shape == y.shape;
    case MaskKind::Causal:  // the q_sequence the original also compares follows from the shape
      return x.shape == y.shape && x.offset == y.offset;
    case MaskKind::ChunkedCausal:
      return x.shape == y.shape && x.chunk_size == y.chunk_size;
    case MaskKind::Local:
      return x.shape == y.shape && x.window == y.window && x.offset == y.offset;
    case MaskKind::Numpy:
      return SameArray(x.array, y.array);
    case MaskKind::LogicalOr:
    case MaskKind::LogicalAnd:
    case MaskKind::MultiHead:
      return x.children == y.children;
  }
  return false;
}

}  // namespace tilewalk::splash
