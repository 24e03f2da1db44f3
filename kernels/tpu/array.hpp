// An array with shape and dtype: the HBM arrays of a launch, and the VMEM buffers its blocks land in.
// Elements are kept in their own dtype (bfloat16 takes two bytes); views read them in place through
// Data<T>() without copying.
#pragma once

#include <Eigen/Core>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "kernels/tpu/dtype.hpp"
#include "kernels/tpu/shape.hpp"

namespace tilewalk::tpu {

using bf16 = Eigen::bfloat16;

class Array {
 public:
  Array() = default;
  Array(Shape shape, DType dtype);

  const Shape& shape() const { return m_shape; }
  DType dtype() const { return m_dtype; }
  int64_t size() const { return m_shape.Product(); }
  bool empty() const { return m_bytes.empty(); }  // default-constructed: no shape, no elements
  std::size_t bytes() const { return m_bytes.size(); }

  template <typename T>
  T* Data() {
    return reinterpret_cast<T*>(m_bytes.data());
  }
  template <typename T>
  const T* Data() const {
    return reinterpret_cast<const T*>(m_bytes.data());
  }
  std::byte* RawData() { return m_bytes.data(); }
  const std::byte* RawData() const { return m_bytes.data(); }

  float GetFloat(int64_t flat) const;        // any dtype, widened to float
  void SetFloat(int64_t flat, float value);  // rounds to the storage dtype
  void ReadFloats(int64_t flat, int64_t n, float* out) const;
  void WriteFloats(int64_t flat, int64_t n, const float* in);
  void Fill(float value);

  // Row-major flat offset of an index of the same rank as the shape.
  int64_t Offset(const Dims& index) const;

  // Equal shape, dtype and bytes (NaN payloads included): the test of "bitwise the same state".
  bool BitwiseEqual(const Array& other) const;

 private:
  Shape m_shape;
  DType m_dtype = DType::F32;
  std::vector<std::byte> m_bytes;
};

}  // namespace tilewalk::tpu
