#include "kernels/tpu/array.hpp"

#include <cassert>
#include <cmath>
#include <cstring>

namespace tilewalk::tpu {

Array::Array(Shape shape, DType dtype)
    : m_shape(shape), m_dtype(dtype), m_bytes(static_cast<std::size_t>(shape.Product()) * ItemSize(dtype)) {}

Array::Array(const Array& o) : m_shape(o.m_shape), m_dtype(o.m_dtype), m_bytes(o.m_bytes.size()) {
  if (!m_bytes.empty()) std::memcpy(m_bytes.data(), o.RawData(), m_bytes.size());
}

Array& Array::operator=(const Array& o) {
  if (this != &o) *this = Array(o);
  return *this;
}

void Array::Own() {
  std::memcpy(m_bytes.data(), m_borrowed, m_bytes.size());
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
  return m_shape == o.m_shape && m_dtype == o.m_dtype && m_bytes.size() == o.m_bytes.size() &&
         (m_bytes.empty() || std::memcmp(RawData(), o.RawData(), m_bytes.size()) == 0);
}

}  // namespace tilewalk::tpu
