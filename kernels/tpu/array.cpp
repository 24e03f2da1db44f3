#include "kernels/tpu/array.hpp"

#include <cassert>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <new>
#include <utility>

#include <sys/mman.h>

namespace tilewalk::tpu {

namespace {
constexpr std::size_t kHugePage = std::size_t{2} << 20;
constexpr std::size_t kPage = 4096;

std::size_t RoundUp(std::size_t n, std::size_t unit) {
  return (n + unit - 1) / unit * unit;
}

// `size` bytes mapped from the system at a huge page's boundary, zeroed, and marked for transparent huge
// pages: the first touch of each 2 MiB then faults once instead of 512 times. Where the system keeps huge
// pages off, the mark is a hint it ignores. Returns the mapping, or null.
std::byte* MapHugePages(std::size_t size, std::size_t& mapped) {
  mapped = RoundUp(size, kPage);
  void* area = mmap(nullptr, mapped + kHugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (area == MAP_FAILED) return nullptr;
  const auto start = reinterpret_cast<std::uintptr_t>(area);
  const std::uintptr_t aligned = RoundUp(start, kHugePage);
  if (aligned > start) munmap(area, aligned - start);
  const std::uintptr_t end = start + mapped + kHugePage;
  if (end > aligned + mapped) munmap(reinterpret_cast<void*>(aligned + mapped), end - aligned - mapped);
  auto* bytes = reinterpret_cast<std::byte*>(aligned);
  madvise(bytes, mapped, MADV_HUGEPAGE);
  return bytes;
}
}  // namespace

void Array::FreeBytes::operator()(std::byte* bytes) const {
  if (mapped > 0)
    munmap(bytes, mapped);
  else
    std::free(bytes);
}

std::unique_ptr<std::byte[], Array::FreeBytes> Array::Allocate(std::size_t size, bool zeroed) {
  if (size == 0) return {nullptr, FreeBytes{0}};
  // No machine holds this much; refusing it here keeps the rounding below from wrapping around.
  if (size > std::numeric_limits<std::size_t>::max() / 4) throw std::bad_alloc();
  if (size >= kHugePage) {
    std::size_t mapped = 0;
    if (std::byte* bytes = MapHugePages(size, mapped))
      return std::unique_ptr<std::byte[], FreeBytes>(bytes, FreeBytes{mapped});
  }
  auto* bytes = static_cast<std::byte*>(zeroed ? std::calloc(size, 1) : std::malloc(size));
  if (!bytes) throw std::bad_alloc();
  return std::unique_ptr<std::byte[], FreeBytes>(bytes, FreeBytes{0});
}

Array::Array(Shape shape, DType dtype)
    : m_shape(shape),
      m_dtype(dtype),
      m_bytes(Allocate(static_cast<std::size_t>(shape.Product()) * ItemSize(dtype), true)),
      m_size(static_cast<std::size_t>(shape.Product()) * ItemSize(dtype)) {}

Array::Array(const Array& o)
    : m_shape(o.m_shape), m_dtype(o.m_dtype), m_bytes(Allocate(o.m_size, false)), m_size(o.m_size) {
  if (m_size > 0) std::memcpy(m_bytes.get(), o.RawData(), m_size);
}

Array& Array::operator=(const Array& o) {
  if (this != &o) *this = Array(o);
  return *this;
}

Array::Array(Array&& o) noexcept
    : m_shape(o.m_shape),
      m_dtype(o.m_dtype),
      m_bytes(std::move(o.m_bytes)),
      m_size(std::exchange(o.m_size, 0)),
      m_borrowed(std::exchange(o.m_borrowed, nullptr)) {}

Array& Array::operator=(Array&& o) noexcept {
  if (this != &o) {
    m_shape = o.m_shape;
    m_dtype = o.m_dtype;
    m_bytes = std::move(o.m_bytes);
    m_size = std::exchange(o.m_size, 0);
    m_borrowed = std::exchange(o.m_borrowed, nullptr);
  }
  return *this;
}

void Array::Own() {
  std::memcpy(m_bytes.get(), m_borrowed, m_size);
  m_borrowed = nullptr;
}

float Array::GetFloat(int64_t i) const {
  switch (m_dtype) {
    case DType::F32:
      return Data<float>()[i];
    case DType::BF16:
      return static_cast<float>(Data<bf16>()[i]);
    case DType::I32:
      return static_cast<float>(Data<int32_t>()[i]);
    case DType::Bool:
      return Data<uint8_t>()[i] ? 1.0f : 0.0f;
  }
  return 0.0f;
}

void Array::SetFloat(int64_t i, float v) {
  switch (m_dtype) {
    case DType::F32:
      Data<float>()[i] = v;
      break;
    case DType::BF16:
      Data<bf16>()[i] = bf16(v);
      break;
    case DType::I32:
      Data<int32_t>()[i] = static_cast<int32_t>(v);
      break;
    case DType::Bool:
      Data<uint8_t>()[i] = v != 0.0f;
      break;
  }
}

void Array::ReadFloats(int64_t i, int64_t n, float* out) const {
  if (m_dtype == DType::F32) {
    std::memcpy(out, Data<float>() + i, static_cast<std::size_t>(n) * sizeof(float));
    return;
  }
  for (int64_t j = 0; j < n; ++j) out[j] = GetFloat(i + j);
}

void Array::WriteFloats(int64_t i, int64_t n, const float* in) {
  if (m_dtype == DType::F32) {
    std::memcpy(Data<float>() + i, in, static_cast<std::size_t>(n) * sizeof(float));
    return;
  }
  for (int64_t j = 0; j < n; ++j) SetFloat(i + j, in[j]);
}

void Array::Fill(float v) {
  for (int64_t i = 0, n = size(); i < n; ++i) SetFloat(i, v);
}

int64_t Array::Offset(const Dims& index) const {
  assert(index.rank() == m_shape.rank() && "index rank must equal the storage rank");
  int64_t off = 0;
  for (int d = 0; d < m_shape.rank(); ++d) off = off * m_shape[d] + index[d];
  return off;
}

bool Array::BitwiseEqual(const Array& o) const {
  return m_shape == o.m_shape && m_dtype == o.m_dtype && m_size == o.m_size &&
         (m_size == 0 || std::memcmp(RawData(), o.RawData(), m_size) == 0);
}

}  // namespace tilewalk::tpu
