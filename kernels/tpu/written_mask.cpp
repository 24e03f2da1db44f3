#include "kernels/tpu/written_mask.hpp"

#include <algorithm>
#include <cstring>

namespace tilewalk::tpu {

void WrittenMask::Reset(const Array& buffer) {
  m_written.assign(static_cast<std::size_t>(buffer.size()), 0);
  m_unwritten = buffer.size();
}

bool WrittenMask::AllWritten(const Array& buffer, const RefRegion& r) const {
  if (m_unwritten == 0) return true;
  for (int row = 0; row < r.rows; ++row) {
    const uint8_t* w = m_written.data() + RegionRowOffset(buffer, r, row);
    if (std::find(w, w + r.cols, uint8_t{0}) != w + r.cols) return false;
  }
  return true;
}

void WrittenMask::MarkWritten(const Array& buffer, const RefRegion& r) {
  if (m_unwritten == 0) return;
  for (int row = 0; row < r.rows; ++row) {
    uint8_t* w = m_written.data() + RegionRowOffset(buffer, r, row);
    m_unwritten -= std::count(w, w + r.cols, uint8_t{0});
    std::memset(w, 1, static_cast<std::size_t>(r.cols));
  }
}

}  // namespace tilewalk::tpu
