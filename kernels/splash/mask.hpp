// A splash attention mask: which (q, kv) pairs attend, as the mask classes of the pinned
// splash_attention_mask.py define it. A Mask is an immutable value (a shared tree), cheap to copy. Its kinds
// are the classes of the original that matter here: the full, causal, chunked-causal and local masks, a
// dense boolean array, the logical or/and of two masks, and the multi-head mask (one 2-d mask per head),
// which is what MaskInfo is built from. mask_kinds.hpp builds them, with the original's argument checks.
//
// Equality is the original's: two masks are equal when they are of the same kind with the same parameters
// (the same array, for a dense mask), never across kinds. A causal mask and a dense array holding the same
// triangle are different masks. MaskInfo deduplicates heads by this equality, so it decides whether a
// multi-head mask counts as one mask or several.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "kernels/tpu/array.hpp"
#include "kernels/tpu/shape.hpp"

namespace tilewalk::splash {

enum class MaskKind : uint8_t {
  Full,           // every pair attends
  Causal,         // q + offset >= kv
  ChunkedCausal,  // causal, and q and kv in the same chunk of chunk_size tokens
  Local,          // a window of `left` tokens before and `right` after q + offset; a missing side is open
  Numpy,          // a dense 2-d boolean array
  LogicalOr,
  LogicalAnd,
  MultiHead,  // one 2-d mask per head: shape (heads, q, kv)
};

// The two sides of a local window; std::nullopt is the original's None (no limit on that side).
struct LocalWindow {
  std::optional<int64_t> left;
  std::optional<int64_t> right;
  friend bool operator==(const LocalWindow&, const LocalWindow&) = default;
};

class Mask {
 public:
  MaskKind kind() const;
  // (q_seq_len, kv_seq_len), or (heads, q_seq_len, kv_seq_len) for a multi-head mask (and for the logical
  // or/and of two of them).
  const tpu::Shape& shape() const;

  // Whether query q attends to key kv; the two-index form for a 2-d mask, the three-index form for a 3-d
  // one. Indices must lie inside the shape.
  bool Attends(int64_t q, int64_t kv) const;
  bool Attends(int64_t head, int64_t q, int64_t kv) const;
  // The rows [q_begin, q_end) and columns [kv_begin, kv_end) of a 2-d mask, row-major, 1 where it attends:
  // the original's mask[q_slice, kv_slice].
  std::vector<uint8_t> Block(int64_t q_begin, int64_t q_end, int64_t kv_begin, int64_t kv_end) const;

  // The form a kernel can compute instead of loading: the causal, chunked-causal and local masks have a
  // q_sequence (the ids of the query rows, 0..q_seq_len-1) and a mask function of (q id, kv id).
  // Attends(q, kv) == MaskFunction(q_sequence()[q], kv).
  bool computable() const;
  std::vector<int32_t> q_sequence() const;               // computable masks only
  bool MaskFunction(int64_t q_id, int64_t kv_id) const;  // computable masks only

  // The parameters, each for the kinds that have it.
  int64_t offset() const;                  // Causal, Local
  LocalWindow window_size() const;         // Local
  int64_t chunk_size() const;              // ChunkedCausal
  const tpu::Array& array() const;         // Numpy: a 2-d Bool array
  const Mask& left() const;                // LogicalOr, LogicalAnd
  const Mask& right() const;               // LogicalOr, LogicalAnd
  const std::vector<Mask>& masks() const;  // MultiHead: one per head

  friend bool operator==(const Mask& a, const Mask& b);

  struct Node;  // the tree; mask_kinds.cpp builds it after the checks

 private:
  friend struct MaskFactory;
  explicit Mask(std::shared_ptr<const Node> node) : m_node(std::move(node)) {}
  bool Eval(int64_t head, int64_t q, int64_t kv) const;  // head -1 on a 2-d mask
  std::shared_ptr<const Node> m_node;
};

struct Mask::Node {
  MaskKind kind = MaskKind::Full;
  tpu::Shape shape;
  int64_t offset = 0;
  LocalWindow window;
  int64_t chunk_size = 0;
  tpu::Array array;
  std::vector<Mask> children;  // left and right, or one per head
};

}  // namespace tilewalk::splash
