#include "kernels/tpu/ops.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "kernels/tpu/shape.hpp"

namespace tilewalk::tpu::jnp {

namespace {

constexpr int kSublanes = 8;
constexpr int kLanes = 128;

void CountVector(int rows, int cols) {
  CurrentOpContext().counts.vreg_ops += VregCount(rows, cols);
}

[[noreturn]] void BroadcastError(const Value& a, const Value& b) {
  throw ShapeError("Incompatible shapes for broadcasting: shapes=[" + a.ShapeString() + ", " +
                   b.ShapeString() + "]");
}

int BroadcastDim(int x, int y, const Value& a, const Value& b) {
  if (x == y) return x;
  if (x == 1) return y;
  if (y == 1) return x;
  BroadcastError(a, b);
}

// Expands a to rows × cols along its size-1 axes.
Matrix Expand(const Value& a, int rows, int cols) {
  if (a.rows() == rows && a.cols() == cols) return a.data();
  if (a.rows() == 1 && a.cols() == 1) return Matrix::Constant(rows, cols, a(0, 0));
  if (a.rows() == 1) return a.data().replicate(rows, 1);
  return a.data().replicate(1, cols);
}

template <typename F>
Value Binary(const Value& a, const Value& b, DType result, F f) {
  const int rows = BroadcastDim(a.rows(), b.rows(), a, b);
  const int cols = BroadcastDim(a.cols(), b.cols(), a, b);
  if (a.traced() || b.traced()) return Value::ShapeOnly(rows, cols, result);
  CountVector(rows, cols);
  return Value::Of(f(Expand(a, rows, cols), Expand(b, rows, cols)), result);
}

template <typename F>
Value Unary(const Value& a, DType result, F f) {
  if (a.traced()) return Value::ShapeOnly(a.rows(), a.cols(), result);
  CountVector(a.rows(), a.cols());
  return Value::Of(f(a.data()), result);
}

Value RoundOperandForMxu(const Value& v) {
  if (CurrentOpContext().precision == Precision::Default && v.dtype() == DType::F32)
    return Value::Of(v.data(), DType::BF16);  // Value::Of rounds bf16 on entry
  return v;
}

Value MatMul(const Value& a, const Value& b, bool trans_b) {
  const int k_a = a.cols();
  const int k_b = trans_b ? b.cols() : b.rows();
  const int n = trans_b ? b.rows() : b.cols();
  if (k_a != k_b)
    throw ShapeError(std::string(trans_b ? "dot_general" : "dot") +
                     " requires contracting dimensions to have the same shape, got " + a.ShapeString() +
                     " and " + b.ShapeString());
  if (a.traced() || b.traced()) return Value::ShapeOnly(a.rows(), n, DType::F32);
  OpContext& ctx = CurrentOpContext();
  const uint64_t flops = 2ull * static_cast<uint64_t>(a.rows()) * n * k_a;
  // An estimate: exact float32 on a bf16 MXU is commonly done as six bf16 passes.
  const bool six_pass =
      ctx.precision == Precision::Highest && (a.dtype() == DType::F32 || b.dtype() == DType::F32);
  ctx.counts.flops += flops;
  ctx.counts.mxu_flops += six_pass ? 6 * flops : flops;
  ctx.counts.matmuls += 1;
  const Value ra = RoundOperandForMxu(a);
  const Value rb = RoundOperandForMxu(b);
  Matrix out(a.rows(), n);
  if (trans_b)
    out.matrix().noalias() = ra.data().matrix() * rb.data().matrix().transpose();
  else
    out.matrix().noalias() = ra.data().matrix() * rb.data().matrix();
  return Value::Of(std::move(out), DType::F32);
}

}  // namespace

uint64_t VregCount(int rows, int cols) {
  return static_cast<uint64_t>(CeilDiv(rows, kSublanes)) * static_cast<uint64_t>(CeilDiv(cols, kLanes));
}

Value operator+(const Value& a, const Value& b) {
  return Binary(a, b, Promote(a.dtype(), b.dtype()),
                [](const Matrix& x, const Matrix& y) { return Matrix(x + y); });
}
Value operator-(const Value& a, const Value& b) {
  return Binary(a, b, Promote(a.dtype(), b.dtype()),
                [](const Matrix& x, const Matrix& y) { return Matrix(x - y); });
}
Value operator*(const Value& a, const Value& b) {
  return Binary(a, b, Promote(a.dtype(), b.dtype()),
                [](const Matrix& x, const Matrix& y) { return Matrix(x * y); });
}
Value operator/(const Value& a, const Value& b) {
  return Binary(a, b, Promote(a.dtype(), b.dtype()),
                [](const Matrix& x, const Matrix& y) { return Matrix(x / y); });
}
// jnp.maximum and jnp.max propagate NaN, as XLA's max does; Eigen's default max may drop it, which would
// turn a NaN row's running max into -inf. Eigen 3.4 spells the NaN-propagating max as this functor.
using NaNPropagatingMax = Eigen::internal::scalar_max_op<float, float, Eigen::PropagateNaN>;

Value maximum(const Value& a, const Value& b) {
  return Binary(a, b, Promote(a.dtype(), b.dtype()), [](const Matrix& x, const Matrix& y) {
    return Matrix(x.binaryExpr(y, NaNPropagatingMax()));
  });
}
Value operator+(const Value& a, float b) {
  return Unary(a, a.dtype(), [b](const Matrix& x) { return Matrix(x + b); });
}
Value operator-(const Value& a, float b) {
  return Unary(a, a.dtype(), [b](const Matrix& x) { return Matrix(x - b); });
}
Value operator*(const Value& a, float b) {
  return Unary(a, a.dtype(), [b](const Matrix& x) { return Matrix(x * b); });
}
Value operator/(float a, const Value& b) {
  return Unary(b, b.dtype(), [a](const Matrix& x) { return Matrix(a / x); });
}

Value exp(const Value& a) {
  if (!a.traced()) CurrentOpContext().counts.transcendentals += static_cast<uint64_t>(a.rows()) * a.cols();
  // The TPU flushes subnormals to zero; so do we. It matters: exp of a masked score is ~1e-39, and
  // subnormal operands would make every later host GEMM many times slower.
  static constexpr float kSmallestNormal = std::numeric_limits<float>::min();
  return Unary(a, a.dtype(), [](const Matrix& x) {
    Matrix e = x.exp();
    return Matrix((e < kSmallestNormal).select(Matrix::Zero(e.rows(), e.cols()), e));
  });
}

Value equal(const Value& a, const Value& b) {
  return Binary(a, b, DType::Bool,
                [](const Matrix& x, const Matrix& y) { return Matrix((x == y).cast<float>()); });
}
Value less_equal(const Value& a, const Value& b) {
  return Binary(a, b, DType::Bool,
                [](const Matrix& x, const Matrix& y) { return Matrix((x <= y).cast<float>()); });
}
Value logical_and(const Value& a, const Value& b) {
  return Binary(a, b, DType::Bool, [](const Matrix& x, const Matrix& y) {
    return Matrix(((x != 0) && (y != 0)).cast<float>());
  });
}
Value where(const Value& cond, float if_true, float if_false) {
  return Unary(cond, DType::F32, [=](const Matrix& c) {
    return Matrix((c != 0.0f).select(Matrix::Constant(c.rows(), c.cols(), if_true),
                                     Matrix::Constant(c.rows(), c.cols(), if_false)));
  });
}

Value where(const Value& cond, float if_true, const Value& if_false) {
  return Binary(cond, if_false, if_false.dtype(), [if_true](const Matrix& c, const Matrix& x) {
    return Matrix((c != 0.0f).select(Matrix::Constant(c.rows(), c.cols(), if_true), x));
  });
}

Value equal(const Value& a, float b) {
  return Unary(a, DType::Bool, [b](const Matrix& x) { return Matrix((x == b).cast<float>()); });
}

Value row_max(const Value& a) {
  if (a.traced()) return Value::ShapeOnly(a.rows(), 1, a.dtype());
  CountVector(a.rows(), a.cols());
  return Value::Of(a.data().rowwise().redux(NaNPropagatingMax()), a.dtype());
}
Value row_sum(const Value& a) {
  if (a.traced()) return Value::ShapeOnly(a.rows(), 1, a.dtype());
  CountVector(a.rows(), a.cols());
  return Value::Of(a.data().rowwise().sum(), a.dtype());
}

Value tile(const Value& a, int reps_rows, int reps_cols) {
  const int rows = a.rows() * reps_rows;
  const int cols = a.cols() * reps_cols;
  if (a.traced()) return Value::ShapeOnly(rows, cols, a.dtype());
  CountVector(rows, cols);
  return Value::Of(a.data().replicate(reps_rows, reps_cols), a.dtype());
}

Value slice_cols(const Value& a, int start, int n) {
  if (start < 0 || n < 0 || start + n > a.cols())
    throw ShapeError("column slice [" + std::to_string(start) + ":" + std::to_string(start + n) +
                     "] is out of bounds for shape " + a.ShapeString());
  if (a.traced()) return Value::ShapeOnly(a.rows(), n, a.dtype());
  return Value::Of(a.data().middleCols(start, n), a.dtype());
}

Value broadcast_to(const Value& a, int rows, int cols) {
  if ((a.rows() != rows && a.rows() != 1) || (a.cols() != cols && a.cols() != 1))
    throw ShapeError("cannot broadcast " + a.ShapeString() + " to (" + std::to_string(rows) + ", " +
                     std::to_string(cols) + ")");
  if (a.traced()) return Value::ShapeOnly(rows, cols, a.dtype());
  CountVector(rows, cols);
  return Value::Of(Expand(a, rows, cols), a.dtype());
}

Value transpose(const Value& a) {
  if (a.traced()) return Value::ShapeOnly(a.cols(), a.rows(), a.dtype());
  CountVector(a.rows(), a.cols());
  return Value::Of(a.data().transpose(), a.dtype());
}

Value full(int rows, int cols, float value, DType dtype) {
  if (CurrentOpContext().tracing) return Value::ShapeOnly(rows, cols, dtype);
  CountVector(rows, cols);
  return Value::Of(Matrix::Constant(rows, cols, value), dtype);
}

Value zeros(int rows, int cols, DType dtype) {
  return full(rows, cols, 0.0f, dtype);
}

Value broadcasted_iota(int rows, int cols, int dimension) {
  if (CurrentOpContext().tracing) return Value::ShapeOnly(rows, cols, DType::I32);
  CountVector(rows, cols);
  Matrix m(rows, cols);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) m(r, c) = static_cast<float>(dimension == 0 ? r : c);
  return Value::Of(std::move(m), DType::I32);
}

Value astype(const Value& a, DType dtype) {
  if (a.dtype() == dtype) return a;
  return Unary(a, dtype, [](const Matrix& x) { return x; });
}

Value dot(const Value& a, const Value& b) {
  return MatMul(a, b, false);
}
Value dot_general_trans_b(const Value& a, const Value& b) {
  return MatMul(a, b, true);
}

}  // namespace tilewalk::tpu::jnp
