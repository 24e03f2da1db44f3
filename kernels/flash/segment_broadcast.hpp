// Segment ids as the kernels read them: q ids broadcast along 128 lanes ([B, Sq, 128]) and kv ids along
// 8 sublanes ([B, 8, Skv]), so each is a whole number of vector registers. Shared by all three launches.
#pragma once

#include "kernels/tpu/array.hpp"

namespace tilewalk::flash {

tpu::Array BroadcastQSegmentIds(const tpu::Array& q_ids);    // [B, Sq] → [B, Sq, 128]
tpu::Array BroadcastKvSegmentIds(const tpu::Array& kv_ids);  // [B, Skv] → [B, 8, Skv]

}  // namespace tilewalk::flash
