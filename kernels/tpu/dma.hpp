// Block copies between HBM and VMEM. A block's element offset is block index × block shape; the part of a
// partial last block that lies outside the array is padding on the way in (Pallas leaves it unspecified;
// we fill it as interpret mode does, or with zeros), and is dropped on the way out.
#pragma once

#include <cstdint>

#include "kernels/tpu/array.hpp"
#include "kernels/tpu/block_spec.hpp"

namespace tilewalk::tpu {

// What the padding of a partial block holds. NaN is interpret mode's choice ("nan" uninitialized memory):
// NaN for floats, the dtype's largest value for integers, true for bool. Zeros is its "zero" choice.
enum class PadFill : uint8_t { NaN, Zeros };

// Both return the bytes actually moved (the in-bounds part of the block). A block of an HBM input that is
// one contiguous run of it, wholly inside it, is not copied into `vmem`: the buffer borrows the run
// (Array::Borrow), which the caller keeps unchanged and alive while `vmem` reads it.
uint64_t CopyBlockIn(const Array& hbm, const BlockIndex& block, Array& vmem, PadFill pad = PadFill::NaN);
uint64_t CopyBlockOut(const Array& vmem, const BlockIndex& block, Array& hbm);

}  // namespace tilewalk::tpu
