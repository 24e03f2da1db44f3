// Block copies between HBM and VMEM. A block's element offset is block index × block shape; a partial
// last block is padded with zeros on the way in, and its out-of-range part is dropped on the way out.
#pragma once

#include <cstdint>

#include "kernels/tpu/array.hpp"
#include "kernels/tpu/block_spec.hpp"

namespace tilewalk::tpu {

// Both return the bytes actually moved (the in-bounds part of the block).
uint64_t CopyBlockIn(const Array& hbm, const BlockIndex& block, Array& vmem);
uint64_t CopyBlockOut(const Array& vmem, const BlockIndex& block, Array& hbm);

}  // namespace tilewalk::tpu
