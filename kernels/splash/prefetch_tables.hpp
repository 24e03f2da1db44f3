// MaskInfo's tables as a launch hands them to scalar prefetch: [heads, q blocks, kv blocks] arrays in the
// integer type MaskInfo narrowed each table to, so that SMEM holds and counts them at that width.
#pragma once

#include "kernels/splash/block_table.hpp"
#include "kernels/tpu/array.hpp"

namespace tilewalk::splash {

tpu::DType SmemDType(SmemType t);  // int8, int16 or int32
tpu::Array PrefetchArray(const BlockTable& table);

}  // namespace tilewalk::splash
