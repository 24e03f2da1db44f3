#include "kernels/splash/lane_broadcast.hpp"

#include <algorithm>

#include "kernels/splash/constants.hpp"

namespace tilewalk::splash {

tpu::Array Int32Sequence(const std::vector<int32_t>& values) {
  tpu::Array out(tpu::Shape{static_cast<int64_t>(values.size())}, tpu::DType::I32);
  std::copy(values.begin(), values.end(), out.Data<int32_t>());
  return out;
}

tpu::Array RepeatAlongLanes(const tpu::Array& seq) {
  const int64_t n = seq.shape()[0];
  const std::size_t item = tpu::ItemSize(seq.dtype());
  tpu::Array out(tpu::Shape{n, kNumLanes}, seq.dtype());
  for (int64_t r = 0; r < n; ++r)
    for (int64_t lane = 0; lane < kNumLanes; ++lane)
      std::copy_n(seq.RawData() + r * item, item, out.RawData() + (r * kNumLanes + lane) * item);
  return out;
}

tpu::Array RepeatAlongSublanes(const tpu::Array& seq) {
  const int64_t n = seq.shape()[0];
  tpu::Array out(tpu::Shape{kNumSublanes, n}, seq.dtype());
  for (int64_t s = 0; s < kNumSublanes; ++s)
    std::copy_n(seq.RawData(), seq.bytes(), out.RawData() + s * static_cast<int64_t>(seq.bytes()));
  return out;
}

tpu::Array RepeatRowsPerHead(const tpu::Array& rows, int64_t sublanes) {
  const int64_t heads = rows.shape()[0], n = rows.shape()[1];
  tpu::Array out(tpu::Shape{heads, sublanes, n}, rows.dtype());
  const std::size_t row_bytes = rows.bytes() / static_cast<std::size_t>(heads);
  for (int64_t h = 0; h < heads; ++h)
    for (int64_t s = 0; s < sublanes; ++s)
      std::copy_n(rows.RawData() + h * row_bytes, row_bytes, out.RawData() + (h * sublanes + s) * row_bytes);
  return out;
}

}  // namespace tilewalk::splash
