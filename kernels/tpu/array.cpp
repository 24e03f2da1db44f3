#include "kernels/tpu/array.hpp"

#include <cassert>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <new>
#include <utility>

namespace tilewalk::tpu {

void Array::FreeBytes::operator()(std::byte* bytes) const {
  std::free(bytes);
}

std::unique_ptr<std::byte[], Array::FreeBytes> Array::Allocate(std::size_t size, bool zeroed) {
  if (size == 0) return nullptr;
  auto* bytes = static_cast<std::byte*>(zeroed ? std::calloc(size, 1) : std::malloc(size));
  if (!bytes) throw std::bad_alloc();
  return std::unique_ptr<std::byte[], FreeBytes>(bytes);
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

namespace {

// float to an integer type, saturating at the type's range and taking NaN to 0, so that no value reaches
// C++'s float-to-integer conversion out of range (undefined behaviour).
template <typename T>
T SaturatingCast(float v) {
  constexpr float lowest = static_cast<float>(std::numeric_limits<T>::min());  // -2^(bits-1): exact
  if (std::isnan(v)) return 0;
  if (v >= -lowest) return std::numeric_limits<T>::max();
  if (v < lowest) return std::numeric_limits<T>::min();
  return static_cast<T>(v);
}

}  // namespace

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
    case DType::I8:
      return static_cast<float>(Data<int8_t>()[i]);
    case DType::I16:
      return static_cast<float>(Data<int16_t>()[i]);
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
      Data<int32_t>()[i] = SaturatingCast<int32_t>(v);
      break;
    case DType::Bool:
      Data<uint8_t>()[i] = v != 0.0f;
      break;
    case DType::I8:
      Data<int8_t>()[i] = SaturatingCast<int8_t>(v);
      break;
    case DType::I16:
      Data<int16_t>()[i] = SaturatingCast<int16_t>(v);
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
  if (m_dtype == DType::BF16) {
    bf16* out = Data<bf16>() + i;
    for (int64_t j = 0; j < n; ++j) out[j] = bf16(in[j]);
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
