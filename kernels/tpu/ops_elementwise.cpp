// [SECTIONS] broadcasting · arithmetic · comparisons and where · exp · reductions
#include <limits>

#include "kernels/tpu/ops.hpp"
#include "kernels/tpu/ops_broadcast.hpp"
#include "kernels/tpu/shape.hpp"

namespace tilewalk::tpu::jnp {

namespace {

// ---- broadcasting -------------------------------------------------------------------------------

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

// f maps two Eigen row expressions to the result's row expression.
template <typename F>
Value Binary(const Value& a, const Value& b, DType result, F f) {
  const int rows = BroadcastDim(a.rows(), b.rows(), a, b);
  const int cols = BroadcastDim(a.cols(), b.cols(), a, b);
  if (a.traced() || b.traced()) return Value::ShapeOnly(rows, cols, result);
  CountVector(rows, cols);
  return Value::Build(rows, cols, result,
                      [&](Matrix& out) { BroadcastRows(SourceOf(a), SourceOf(b), out, f); });
}

// f maps two floats to one.
template <typename F>
Value BinaryScalar(const Value& a, const Value& b, DType result, F f) {
  const int rows = BroadcastDim(a.rows(), b.rows(), a, b);
  const int cols = BroadcastDim(a.cols(), b.cols(), a, b);
  if (a.traced() || b.traced()) return Value::ShapeOnly(rows, cols, result);
  CountVector(rows, cols);
  return Value::Build(rows, cols, result,
                      [&](Matrix& out) { BroadcastRowsScalar(SourceOf(a), SourceOf(b), out, f); });
}

// f maps a float to a float, over the operand's contiguous elements.
template <typename F>
Value UnaryScalar(const Value& a, DType result, F f) {
  if (a.traced()) return Value::ShapeOnly(a.rows(), a.cols(), result);
  CountVector(a.rows(), a.cols());
  return Value::Build(a.rows(), a.cols(), result, [&](Matrix& out) {
    const float* x = a.data().data();
    float* o = out.data();
    for (Eigen::Index i = 0, n = out.size(); i < n; ++i) o[i] = f(x[i]);
  });
}

// A value against a tile of the same shape, read in place; anything else goes through the copied-out tile.
template <typename F>
Value BinaryTiled(const Value& a, const Tiled& b, F f) {
  if (a.traced() || b.value.traced() || a.rows() != b.rows() || a.cols() != b.cols())
    return Binary(a, Value(b), Promote(a.dtype(), b.value.dtype()), f);
  CountVector(a.rows(), a.cols());
  return Value::Build(a.rows(), a.cols(), Promote(a.dtype(), b.value.dtype()),
                      [&](Matrix& out) { BroadcastRows(SourceOf(a), SourceOf(b), out, f); });
}

// f maps the whole operand matrix to the result's expression.
template <typename F>
Value Unary(const Value& a, DType result, F f) {
  if (a.traced()) return Value::ShapeOnly(a.rows(), a.cols(), result);
  CountVector(a.rows(), a.cols());
  return Value::Build(a.rows(), a.cols(), result, [&](Matrix& out) { out = f(a.data()); });
}

const auto kAdd = [](const auto& x, const auto& y) { return x + y; };
const auto kSubtract = [](const auto& x, const auto& y) { return x - y; };
const auto kMultiply = [](const auto& x, const auto& y) { return x * y; };

// jnp.maximum and jnp.max propagate NaN, as XLA's max does; Eigen's default max may drop it, which would
// turn a NaN row's running max into -inf. Eigen 3.4 spells the NaN-propagating max as this functor.
using NaNPropagatingMax = Eigen::internal::scalar_max_op<float, float, Eigen::PropagateNaN>;

}  // namespace

void CountVector(int rows, int cols) {
  CurrentOpContext().counts.vreg_ops += VregCount(rows, cols);
}

// ---- arithmetic ---------------------------------------------------------------------------------

Value operator+(const Value& a, const Value& b) {
  return Binary(a, b, Promote(a.dtype(), b.dtype()), kAdd);
}
Value operator-(const Value& a, const Value& b) {
  return Binary(a, b, Promote(a.dtype(), b.dtype()), kSubtract);
}
Value operator*(const Value& a, const Value& b) {
  return Binary(a, b, Promote(a.dtype(), b.dtype()), kMultiply);
}
Value operator/(const Value& a, const Value& b) {
  return Binary(a, b, Promote(a.dtype(), b.dtype()), [](const auto& x, const auto& y) { return x / y; });
}
Value operator-(const Value& a, const Tiled& b) {
  return BinaryTiled(a, b, kSubtract);
}
Value operator*(const Value& a, const Tiled& b) {
  return BinaryTiled(a, b, kMultiply);
}
Value maximum(const Value& a, const Value& b) {
  return Binary(a, b, Promote(a.dtype(), b.dtype()),
                [](const auto& x, const auto& y) { return x.binaryExpr(y, NaNPropagatingMax()); });
}
Value operator+(const Value& a, float b) {
  return Unary(a, a.dtype(), [b](const Matrix& x) { return x + b; });
}
Value operator-(const Value& a, float b) {
  return Unary(a, a.dtype(), [b](const Matrix& x) { return x - b; });
}
Value operator*(const Value& a, float b) {
  return Unary(a, a.dtype(), [b](const Matrix& x) { return x * b; });
}
Value operator/(float a, const Value& b) {
  return Unary(b, b.dtype(), [a](const Matrix& x) { return a / x; });
}

// ---- comparisons and where ----------------------------------------------------------------------

Value equal(const Value& a, const Value& b) {
  return BinaryScalar(a, b, DType::Bool, [](float x, float y) { return x == y ? 1.0f : 0.0f; });
}
Value less_equal(const Value& a, const Value& b) {
  return BinaryScalar(a, b, DType::Bool, [](float x, float y) { return x <= y ? 1.0f : 0.0f; });
}
Value logical_and(const Value& a, const Value& b) {
  return BinaryScalar(a, b, DType::Bool,
                      [](float x, float y) { return x != 0.0f && y != 0.0f ? 1.0f : 0.0f; });
}
Value where(const Value& cond, float if_true, float if_false) {
  return UnaryScalar(cond, DType::F32, [=](float c) { return c != 0.0f ? if_true : if_false; });
}
Value where(const Value& cond, float if_true, const Value& if_false) {
  return BinaryScalar(cond, if_false, if_false.dtype(),
                      [if_true](float c, float x) { return c != 0.0f ? if_true : x; });
}
Value equal(const Value& a, float b) {
  return UnaryScalar(a, DType::Bool, [b](float x) { return x == b ? 1.0f : 0.0f; });
}

// ---- exp ----------------------------------------------------------------------------------------

Value exp(const Value& a) {
  if (!a.traced()) CurrentOpContext().counts.transcendentals += static_cast<uint64_t>(a.rows()) * a.cols();
  if (a.traced()) return Value::ShapeOnly(a.rows(), a.cols(), a.dtype());
  CountVector(a.rows(), a.cols());
  // The TPU flushes subnormals to zero; so do we. It matters: exp of a masked score is ~1e-39, and
  // subnormal operands would make every later host GEMM many times slower.
  static constexpr float kSmallestNormal = std::numeric_limits<float>::min();
  return Value::Build(a.rows(), a.cols(), a.dtype(), [&](Matrix& e) {
    e = a.data().exp();
    e = (e < kSmallestNormal).select(0.0f, e);
  });
}

// ---- reductions ---------------------------------------------------------------------------------

Value row_max(const Value& a) {
  if (a.traced()) return Value::ShapeOnly(a.rows(), 1, a.dtype());
  CountVector(a.rows(), a.cols());
  return Value::Build(a.rows(), 1, a.dtype(),
                      [&](Matrix& out) { out = a.data().rowwise().redux(NaNPropagatingMax()); });
}
Value row_sum(const Value& a) {
  if (a.traced()) return Value::ShapeOnly(a.rows(), 1, a.dtype());
  CountVector(a.rows(), a.cols());
  return Value::Build(a.rows(), 1, a.dtype(), [&](Matrix& out) { out = a.data().rowwise().sum(); });
}

}  // namespace tilewalk::tpu::jnp
