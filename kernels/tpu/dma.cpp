#include "kernels/tpu/dma.hpp"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <limits>
#include <optional>

namespace tilewalk::tpu {

namespace {

// Calls row(vmem_offset, hbm_offset_or_-1, in_bounds_count) for every innermost row of the block.
template <typename F>
void ForEachBlockRow(const Shape& array, const Shape& block_shape, const BlockIndex& block, F row) {
  const int r = array.rank();
  assert(block_shape.rank() == r && block.rank() == r && "block and array ranks must match");
  const int64_t last = block_shape[r - 1];
  const int64_t origin_last = block[r - 1] * last;
  const int64_t in_bounds = std::clamp<int64_t>(array[r - 1] - origin_last, 0, last);
  Dims counter;
  for (int d = 0; d < r - 1; ++d) counter.push_back(0);
  const int64_t rows = block_shape.Product() / last;
  for (int64_t i = 0; i < rows; ++i) {
    int64_t hbm = 0, vmem = 0;
    bool inside = true;
    for (int d = 0; d < r - 1; ++d) {
      const int64_t a = block[d] * block_shape[d] + counter[d];
      inside = inside && a < array[d];
      hbm = hbm * array[d] + a;
      vmem = vmem * block_shape[d] + counter[d];
    }
    row(vmem * last, inside ? hbm * array[r - 1] + origin_last : -1, inside ? in_bounds : 0);
    for (int d = r - 2; d >= 0; --d) {  // advance the row counter, last leading axis fastest
      if (++counter[d] < block_shape[d]) break;
      counter[d] = 0;
    }
  }
}

}  // namespace

namespace {

// Elements [from, to) of vmem set to what padding holds in `pad`.
void FillPadding(Array& vmem, int64_t from, int64_t to, PadFill pad) {
  if (to <= from) return;
  const std::size_t item = ItemSize(vmem.dtype());
  std::byte* dst = vmem.RawData() + from * static_cast<int64_t>(item);
  const auto n = static_cast<std::size_t>(to - from);
  if (pad == PadFill::Zeros) {
    std::memset(dst, 0, n * item);
    return;
  }
  switch (vmem.dtype()) {
    case DType::F32:
    case DType::BF16:
      for (int64_t i = from; i < to; ++i) vmem.SetFloat(i, std::numeric_limits<float>::quiet_NaN());
      return;
    case DType::I32:
      std::fill_n(vmem.Data<int32_t>() + from, n, std::numeric_limits<int32_t>::max());
      return;
    case DType::Bool:
      std::memset(dst, 1, n);
      return;
    case DType::I8:
      std::fill_n(vmem.Data<int8_t>() + from, n, std::numeric_limits<int8_t>::max());
      return;
    case DType::I16:
      std::fill_n(vmem.Data<int16_t>() + from, n, std::numeric_limits<int16_t>::max());
      return;
  }
}

}  // namespace

namespace {

// The element offset of the block in the array when the block is wholly inside it and is one contiguous run
// of it: every axis after some axis k spans the whole array, every axis before k has block size 1.
std::optional<int64_t> ContiguousRun(const Shape& array, const Shape& block_shape, const BlockIndex& block) {
  const int r = array.rank();
  int k = r - 1;
  while (k > 0 && block_shape[k] == array[k]) --k;
  int64_t offset = 0;
  for (int d = 0; d < r; ++d) {
    if (d < k && block_shape[d] != 1) return std::nullopt;
    if ((block[d] + 1) * block_shape[d] > array[d]) return std::nullopt;
    offset = offset * array[d] + block[d] * block_shape[d];
  }
  return offset;
}

}  // namespace

uint64_t CopyBlockIn(const Array& hbm, const BlockIndex& block, Array& vmem, PadFill pad) {
  assert(hbm.dtype() == vmem.dtype() && "a VMEM buffer has the dtype of its HBM array");
  const std::size_t item = ItemSize(hbm.dtype());
  if (const auto run = ContiguousRun(hbm.shape(), vmem.shape(), block)) {
    vmem.Borrow(hbm.RawData() + *run * static_cast<int64_t>(item));
    return vmem.bytes();
  }
  vmem.Forget();  // every element is set below
  const int64_t last = vmem.shape()[-1];
  uint64_t bytes = 0;
  ForEachBlockRow(hbm.shape(), vmem.shape(), block, [&](int64_t v, int64_t h, int64_t n) {
    if (n > 0)
      std::memcpy(vmem.RawData() + v * static_cast<int64_t>(item),
                  hbm.RawData() + h * static_cast<int64_t>(item), static_cast<std::size_t>(n) * item);
    FillPadding(vmem, v + n, v + last, pad);
    bytes += static_cast<uint64_t>(n) * item;
  });
  return bytes;
}

uint64_t CopyBlockOut(const Array& vmem, const BlockIndex& block, Array& hbm) {
  assert(hbm.dtype() == vmem.dtype() && "a VMEM buffer has the dtype of its HBM array");
  const std::size_t item = ItemSize(hbm.dtype());
  uint64_t bytes = 0;
  ForEachBlockRow(hbm.shape(), vmem.shape(), block, [&](int64_t v, int64_t h, int64_t n) {
    if (n <= 0) return;
    std::memcpy(hbm.RawData() + h * static_cast<int64_t>(item),
                vmem.RawData() + v * static_cast<int64_t>(item), static_cast<std::size_t>(n) * item);
    bytes += static_cast<uint64_t>(n) * item;
  });
  return bytes;
}

}  // namespace tilewalk::tpu
