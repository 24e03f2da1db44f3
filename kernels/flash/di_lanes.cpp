#include "kernels/flash/di_lanes.hpp"

#include <algorithm>
#include <cstdint>

namespace tilewalk::flash {

const tpu::Array& DiLanes::Of(int width) {
  auto it = m_by_width.find(width);
  if (it == m_by_width.end())
    it = m_by_width
             .emplace(width, tpu::Array(tpu::Shape{m_rows[0], m_rows[1], m_rows[2], width}, tpu::DType::F32))
             .first;
  return it->second;
}

void DiLanes::Refresh(const tpu::Array& di) {
  for (auto& [width, lanes] : m_by_width) {
    float* dst = lanes.Data<float>();  // in place: the launches' inputs point at it
    for (int64_t row = 0; row < di.size(); ++row) std::fill_n(dst + row * width, width, di.GetFloat(row));
  }
}

}  // namespace tilewalk::flash
