// The two layouts of q, k and v on the kernel side (QKVLayout, block_sizes.hpp). A SEQ_MINOR operand is
// handed to the kernel with its last two axes swapped, [.., head_dim, seq_len]; its block shape and index
// map are written as for HEAD_DIM_MINOR and swapped the same way (the original's from_head_minor).
#pragma once

#include <optional>

#include "kernels/splash/block_sizes.hpp"
#include "kernels/tpu/array.hpp"
#include "kernels/tpu/shape.hpp"

namespace tilewalk::splash {

// The transposed copies a launch makes of its SEQ_MINOR operands (InLayout), kept as long as the launch.
struct SeqMinorCopies {
  std::optional<tpu::Array> q, k, v;
};

// A shape or block index as written for HEAD_DIM_MINOR, in `layout`.
tpu::Dims FromHeadMinor(tpu::Dims dims, QKVLayout layout);

// `a` with its last two axes swapped: what the wrapper hands a kernel that keeps an operand SEQ_MINOR.
tpu::Array SwapLastTwo(const tpu::Array& a);

// The operand a kernel is handed in `layout`: `a` itself, or its transpose, made into `swapped`.
const tpu::Array* InLayout(const tpu::Array* a, QKVLayout layout, std::optional<tpu::Array>& swapped);

}  // namespace tilewalk::splash
