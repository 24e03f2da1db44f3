// The mask constructors of the pinned splash_attention_mask.py, each with the checks its class makes when
// it is built. A failed check raises (RaiseSplashError) the original's error kind in the argument-check
// phase, with the original's message and a site named "splash.mask.*".
//
// The checks mirrored, in the order the original makes them:
//   MultiHeadMask   ValueError: no masks; a mask whose shape differs from the first's; a mask that is
//                   itself multi-head.
//   LogicalOr/And   ValueError: the two shapes differ ("Masks must have the same shape").
//   MaskOr/MaskAnd  the `a | b` and `a & b` operators: ValueError when the shapes differ, with the
//                   operator's own message, before the class is built.
//   CausalMask, LocalMask, ChunkedCausalMask
//                   ChunkedCausalMask first: ValueError when chunk_size <= 0. Then all three: the q length
//                   must be a multiple of shard_count², ValueError otherwise and ZeroDivisionError for a
//                   shard_count of 0.
//   NumpyMask       ValueError: the array is not 2-d; its dtype is not bool.
// The original's other checks cannot fail here, since C++ types rule the input out: a MultiHeadMask entry
// that is not a Mask, a FullMask shape that is not a tuple, an index that is not a pair of slices, and
// truth-testing a mask (a NotImplementedError in Python, which `and` for `&` triggers).
#pragma once

#include <cstdint>
#include <vector>

#include "kernels/splash/mask.hpp"

namespace tilewalk::splash {

struct SeqShape {
  int64_t q = 0;   // q_seq_len
  int64_t kv = 0;  // kv_seq_len
};

Mask FullMask(SeqShape shape);
Mask CausalMask(SeqShape shape, int64_t offset = 0, int64_t shard_count = 1);
Mask ChunkedCausalMask(SeqShape shape, int64_t chunk_size, int64_t shard_count = 1);
Mask LocalMask(SeqShape shape, LocalWindow window_size, int64_t offset, int64_t shard_count = 1);
// The array is copied; it must be a tpu::DType::Bool array of rank 2.
Mask NumpyMask(const tpu::Array& array);
Mask LogicalOr(const Mask& left, const Mask& right);
Mask LogicalAnd(const Mask& left, const Mask& right);
Mask MaskOr(const Mask& self, const Mask& other);   // self | other
Mask MaskAnd(const Mask& self, const Mask& other);  // self & other
Mask MultiHeadMask(std::vector<Mask> masks);

// A Bool array of `shape` from row-major 0/1 values, for building dense masks.
tpu::Array BoolArray(const tpu::Shape& shape, const std::vector<uint8_t>& values);

}  // namespace tilewalk::splash
