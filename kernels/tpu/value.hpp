// A Value is what a kernel statement computes: a 2-D tile (rows × cols) with a dtype, the way a jnp array
// lives in vector registers inside a Pallas body. While a launch is traced, values carry only their shape,
// so a body can be checked for shape errors without computing anything.
#pragma once

#include <Eigen/Core>
#include <string>

#include "kernels/tpu/dtype.hpp"

namespace tilewalk::tpu {

using Matrix = Eigen::Array<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

class Value {
 public:
  Value() = default;
  static Value ShapeOnly(int rows, int cols, DType dtype);
  // Values are stored as float; bfloat16 values are rounded on entry, int32 and bool are exact.
  static Value Of(Matrix data, DType dtype);

  int rows() const { return m_rows; }
  int cols() const { return m_cols; }
  DType dtype() const { return m_dtype; }
  bool traced() const { return m_traced; }  // shape only: produced while tracing
  const Matrix& data() const { return m_data; }
  float operator()(int r, int c) const { return m_data(r, c); }
  std::string ShapeString() const;  // "(128, 64)"

 private:
  int m_rows = 0;
  int m_cols = 0;
  DType m_dtype = DType::F32;
  bool m_traced = true;
  Matrix m_data;
};

}  // namespace tilewalk::tpu
