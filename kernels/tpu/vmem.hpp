// VMEM as a launch uses it: a bump allocator up to the scoped VMEM limit the launch compiles under (the
// chip's default, or the launch's vmem_limit_bytes; never more than the physical per-core VMEM), and the
// budget of a launch (two slots per pipelined input and output, one buffer per scratch). Mosaic's own
// temporaries (the scores, spilled registers) are not counted. Buffers are padded to (8, 128) tiles
// ((16, 128) for bfloat16), as VMEM stores them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kernels/tpu/launch_spec.hpp"

namespace tilewalk::tpu {

class VmemAllocator {
 public:
  explicit VmemAllocator(int64_t capacity) : m_capacity(capacity) {}
  // Returns the offset of a new buffer, or nullopt when it does not fit. Offsets are 512-byte aligned.
  std::optional<int64_t> Allocate(int64_t bytes);
  int64_t used() const { return m_used; }
  int64_t capacity() const { return m_capacity; }

 private:
  int64_t m_capacity;
  int64_t m_used = 0;
};

struct VmemBuffer {
  std::string name;  // "q (slot 0)", "acc_scratch"
  Shape shape;
  DType dtype = DType::F32;
  int64_t bytes = 0;    // padded to tiles
  int64_t offset = -1;  // -1 when it did not fit
};

struct VmemBudget {
  std::vector<VmemBuffer> buffers;
  int64_t total_bytes = 0;
  int64_t capacity = 0;       // the scoped VMEM limit in force
  int64_t physical = 0;       // the chip's VMEM per TensorCore
  bool default_limit = true;  // the chip's default limit, not one the launch set
  std::string limit_source;   // where the default comes from
  bool fits() const { return total_bytes <= capacity; }
  std::string Describe()
      const;  // one line per buffer, then the total against the limit and the physical size
};

int64_t PaddedBytes(const Shape& shape, DType dtype);
VmemBudget PlanVmem(const LaunchSpec& spec, const Chip& chip);

}  // namespace tilewalk::tpu
