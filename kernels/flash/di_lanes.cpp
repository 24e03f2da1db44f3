#include "kernels/flash/di_lanes.hpp"

#include "kernels/flash/segment_broadcast.hpp"

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
  for (auto& [width, lanes] : m_by_width) BroadcastToLanes(di, width, lanes);
}

}  // namespace tilewalk::flash
