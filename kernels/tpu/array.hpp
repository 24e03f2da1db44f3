// An array with shape and dtype: the HBM arrays of a launch, and the VMEM buffers its blocks land in.
// Elements are kept in their own dtype (bfloat16 takes two bytes); views read them in place through
// Data<T>() without copying.
// A VMEM buffer may borrow its elements instead of holding them: a copy of a block that lies in one
// contiguous run of an HBM input reads that run in place (dma.hpp), since HBM inputs never change during a
// launch. Readers see no difference. Any non-const access ends the borrow by copying the elements in first,
// so a write to the buffer never reaches the HBM array; copying the array copies the elements.
#pragma once

#include <Eigen/Core>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "kernels/tpu/dtype.hpp"
#include "kernels/tpu/shape.hpp"

namespace tilewalk::tpu {

using bf16 = Eigen::bfloat16;

class Array {
 public:
  Array() = default;
  Array(Shape shape, DType dtype);
  Array(const Array& other);
  Array& operator=(const Array& other);
  Array(Array&& other) noexcept;
  Array& operator=(Array&& other) noexcept;

  const Shape& shape() const { return m_shape; }
  DType dtype() const { return m_dtype; }
  int64_t size() const { return m_shape.Product(); }
  bool empty() const { return m_size == 0; }  // default-constructed: no shape, no elements
  std::size_t bytes() const { return m_size; }

  template <typename T>
  T* Data() {
    return reinterpret_cast<T*>(RawData());
  }
  template <typename T>
  const T* Data() const {
    return reinterpret_cast<const T*>(RawData());
  }
  std::byte* RawData() {
    if (m_borrowed) Own();
    return m_bytes.get();
  }
  const std::byte* RawData() const { return m_borrowed ? m_borrowed : m_bytes.get(); }

  // Reads bytes() bytes at `elements`, laid out as this array's shape and dtype, in place until the next
  // non-const access; they must outlive the borrow.
  void Borrow(const std::byte* elements) { m_borrowed = elements; }
  // Ends a borrow without copying, for a writer about to set every element.
  void Forget() { m_borrowed = nullptr; }
  bool borrowing() const { return m_borrowed != nullptr; }

  float GetFloat(int64_t flat) const;        // any dtype, widened to float
  void SetFloat(int64_t flat, float value);  // rounds to the storage dtype; integers saturate
  void ReadFloats(int64_t flat, int64_t n, float* out) const;
  void WriteFloats(int64_t flat, int64_t n, const float* in);
  void Fill(float value);

  // Row-major flat offset of an index of the same rank as the shape.
  int64_t Offset(const Dims& index) const;

  // Equal shape, dtype and bytes (NaN payloads included): the test of "bitwise the same state".
  bool BitwiseEqual(const Array& other) const;

 private:
  struct FreeBytes {
    void operator()(std::byte* bytes) const;
  };
  // `size` bytes, zeroed or left for the caller to fill. Zeroed bytes come from calloc, which takes a large
  // block straight from the system's zeroed pages instead of writing zeros over it: a launch's outputs are
  // not written twice before they are used.
  static std::unique_ptr<std::byte[], FreeBytes> Allocate(std::size_t size, bool zeroed);
  void Own();  // copies the borrowed elements in and ends the borrow

  Shape m_shape;
  DType m_dtype = DType::F32;
  std::unique_ptr<std::byte[], FreeBytes> m_bytes;  // m_size of them, even while borrowing
  std::size_t m_size = 0;
  const std::byte* m_borrowed = nullptr;
};

}  // namespace tilewalk::tpu
