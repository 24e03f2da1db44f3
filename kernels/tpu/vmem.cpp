#include "kernels/tpu/vmem.hpp"

#include <cstdio>

namespace tilewalk::tpu {

std::optional<int64_t> VmemAllocator::Allocate(int64_t bytes) {
  constexpr int64_t kAlign = 512;
  const int64_t offset = (m_used + kAlign - 1) / kAlign * kAlign;
  if (offset + bytes > m_capacity) return std::nullopt;
  m_used = offset + bytes;
  return offset;
}

int64_t PaddedBytes(const Shape& shape, DType dtype) {
  const int rank = shape.rank();
  const int64_t sublane_tile = dtype == DType::BF16 ? 16 : 8;
  int64_t elements = 1;
  for (int d = 0; d < rank; ++d) {
    int64_t n = shape[d];
    if (d == rank - 1) n = CeilDiv(n, 128) * 128;
    if (d == rank - 2) n = CeilDiv(n, sublane_tile) * sublane_tile;
    elements *= n;
  }
  return elements * static_cast<int64_t>(ItemSize(dtype));
}

VmemBudget PlanVmem(const LaunchSpec& spec, const Chip& chip) {
  VmemBudget budget;
  budget.capacity = chip.VmemLimit();
  budget.physical = chip.vmem_bytes;
  budget.default_limit = chip.vmem_limit_bytes <= 0;
  budget.limit_source = std::string(chip.vmem_limit_source);
  VmemAllocator allocator(budget.capacity);
  auto add = [&](std::string name, const Shape& shape, DType dtype) {
    VmemBuffer b{std::move(name), shape, dtype, PaddedBytes(shape, dtype), -1};
    if (auto offset = allocator.Allocate(b.bytes)) b.offset = *offset;
    budget.total_bytes += b.bytes;
    budget.buffers.push_back(std::move(b));
  };
  for (const auto& in : spec.inputs)
    for (int slot = 0; slot < 2; ++slot)
      add(in.name + " (slot " + std::to_string(slot) + ")", in.spec.block_shape, in.array->dtype());
  for (const auto& out : spec.outputs)
    for (int slot = 0; slot < 2; ++slot)
      add(out.name + " (slot " + std::to_string(slot) + ")", out.spec.block_shape, out.array->dtype());
  for (const auto& s : spec.scratch) add(s.name, s.shape, s.dtype);
  return budget;
}

std::string VmemBudget::Describe() const {
  std::string text;
  char line[256];
  for (const auto& b : buffers) {
    std::snprintf(line, sizeof line, "  %-28s %-22s %-9s %12lld bytes\n", b.name.c_str(),
                  b.shape.ToString().c_str(), std::string(DTypeName(b.dtype)).c_str(),
                  static_cast<long long>(b.bytes));
    text += line;
  }
  std::snprintf(line, sizeof line,
                "  total %lld bytes (%.2f MiB) against a scoped VMEM limit of %lld bytes (%.2f MiB) of the "
                "%.0f MiB of physical VMEM per TensorCore\n",
                static_cast<long long>(total_bytes), total_bytes / 1048576.0,
                static_cast<long long>(capacity), capacity / 1048576.0, physical / 1048576.0);
  text += line;
  if (default_limit)
    return text + "  the limit is the compiler's default (" + limit_source +
           "); vmem_limit_bytes (--vmem-limit) raises it";
  return text + "  the limit is the launch's vmem_limit_bytes (--vmem-limit)";
}

}  // namespace tilewalk::tpu
