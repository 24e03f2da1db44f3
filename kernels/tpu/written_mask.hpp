// Which elements of a VMEM buffer a worker thread has written since its slice of the grid began. A worker
// starts a slice without the scratch and output slots the slices before it left, which is sound only while
// the slice reads nothing it has not written itself (as "parallel" dimension semantics promise). The mask
// checks that promise at every load and every read-modify-write store; a buffer written all over stops
// being checked.
#pragma once

#include <cstdint>
#include <vector>

#include "kernels/tpu/array.hpp"
#include "kernels/tpu/kernel.hpp"

namespace tilewalk::tpu {

class WrittenMask {
 public:
  void Reset(const Array& buffer);  // nothing written yet
  bool AllWritten(const Array& buffer, const RefRegion& region) const;
  void MarkWritten(const Array& buffer, const RefRegion& region);

 private:
  std::vector<uint8_t> m_written;  // per element
  int64_t m_unwritten = 0;
};

}  // namespace tilewalk::tpu
