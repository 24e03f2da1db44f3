#include "kernels/flash/segment_broadcast.hpp"

#include "kernels/flash/constants.hpp"

namespace tilewalk::flash {

tpu::Array BroadcastQSegmentIds(const tpu::Array& q_ids) {
  const int64_t b = q_ids.shape()[0], s = q_ids.shape()[1];
  tpu::Array out(tpu::Shape{b, s, kNumLanes}, tpu::DType::I32);
  const int32_t* src = q_ids.Data<int32_t>();
  int32_t* dst = out.Data<int32_t>();
  for (int64_t i = 0; i < b * s; ++i)
    for (int lane = 0; lane < kNumLanes; ++lane) dst[i * kNumLanes + lane] = src[i];
  return out;
}

tpu::Array BroadcastKvSegmentIds(const tpu::Array& kv_ids) {
  const int64_t b = kv_ids.shape()[0], s = kv_ids.shape()[1];
  tpu::Array out(tpu::Shape{b, kNumSublanes, s}, tpu::DType::I32);
  const int32_t* src = kv_ids.Data<int32_t>();
  int32_t* dst = out.Data<int32_t>();
  for (int64_t i = 0; i < b; ++i)
    for (int sub = 0; sub < kNumSublanes; ++sub)
      for (int64_t j = 0; j < s; ++j) dst[(i * kNumSublanes + sub) * s + j] = src[i * s + j];
  return out;
}

}  // namespace tilewalk::flash
