#include "kernels/tpu/value.hpp"

namespace tilewalk::tpu {

Value Value::ShapeOnly(int rows, int cols, DType dtype) {
  Value v;
  v.m_rows = rows;
  v.m_cols = cols;
  v.m_dtype = dtype;
  v.m_traced = true;
  return v;
}

Value Value::Of(Matrix data, DType dtype) {
  Value v;
  v.m_rows = static_cast<int>(data.rows());
  v.m_cols = static_cast<int>(data.cols());
  v.m_dtype = dtype;
  v.m_traced = false;
  if (dtype == DType::BF16) data = data.unaryExpr([](float x) { return RoundToBf16(x); });
  v.m_data = std::move(data);
  return v;
}

std::string Value::ShapeString() const {
  return "(" + std::to_string(m_rows) + ", " + std::to_string(m_cols) + ")";
}

}  // namespace tilewalk::tpu
