// [SECTIONS] lazy layouts · tile, slices, broadcast, transpose, expand_dims · constructors · astype
#include <string>

#include "kernels/tpu/ops.hpp"
#include "kernels/tpu/ops_broadcast.hpp"
#include "kernels/tpu/shape.hpp"

namespace tilewalk::tpu::jnp {

namespace {
constexpr int kSublanes = 8;
constexpr int kLanes = 128;

// Copies a value into pooled storage under another dtype (rounding when that is bfloat16).
Value Retyped(const Value& a, DType dtype) {
  return Value::Build(a.rows(), a.cols(), dtype, [&](Matrix& out) { out = a.data(); });
}
}  // namespace

uint64_t VregCount(int rows, int cols) {
  return static_cast<uint64_t>(CeilDiv(rows, kSublanes)) * static_cast<uint64_t>(CeilDiv(cols, kLanes));
}

// ---- lazy layouts -------------------------------------------------------------------------------

Tiled::operator Value() const {
  if (value.traced()) return Value::ShapeOnly(rows(), cols(), value.dtype());
  if (reps_rows == 1 && reps_cols == 1) return value;
  if (value.lane_constant() && Value::LaneSampled(cols(), value.dtype()))
    return Value::BuildLaneConstant(rows(), cols(), value.dtype(),
                                    [&](Matrix& out) { out = value.lane_sample().replicate(reps_rows, 1); });
  if (value.dtype() == DType::I32)
    return Value::BuildInts(rows(), cols(),
                            [&](IntMatrix& out) { out = value.ints().replicate(reps_rows, reps_cols); });
  return Value::Build(rows(), cols(), value.dtype(),
                      [&](Matrix& out) { out = value.data().replicate(reps_rows, reps_cols); });
}

Transposed::operator Value() const {
  if (value.traced()) return Value::ShapeOnly(rows(), cols(), value.dtype());
  if (value.dtype() == DType::I32)
    return Value::BuildInts(rows(), cols(), [&](IntMatrix& out) { out = value.ints().transpose(); });
  return Value::Build(rows(), cols(), value.dtype(), [&](Matrix& out) { out = value.data().transpose(); });
}

// ---- tile, slices, broadcast, transpose ---------------------------------------------------------

Tiled tile(const Value& a, int reps_rows, int reps_cols) {
  Tiled t{a, reps_rows, reps_cols};
  if (!a.traced()) CountVector(t.rows(), t.cols());
  return t;
}

Value slice_cols(const Value& a, int start, int n) {
  if (start < 0 || n < 0 || start + n > a.cols())
    throw ShapeError("column slice [" + std::to_string(start) + ":" + std::to_string(start + n) +
                     "] is out of bounds for shape " + a.ShapeString());
  if (a.traced()) return Value::ShapeOnly(a.rows(), n, a.dtype());
  if (a.dtype() == DType::I32)
    return Value::BuildInts(a.rows(), n, [&](IntMatrix& out) { out = a.ints().middleCols(start, n); });
  return Value::Build(a.rows(), n, a.dtype(), [&](Matrix& out) { out = a.data().middleCols(start, n); });
}

Value broadcast_to(const Value& a, int rows, int cols) {
  if ((a.rows() != rows && a.rows() != 1) || (a.cols() != cols && a.cols() != 1))
    throw ShapeError("cannot broadcast " + a.ShapeString() + " to (" + std::to_string(rows) + ", " +
                     std::to_string(cols) + ")");
  if (a.traced()) return Value::ShapeOnly(rows, cols, a.dtype());
  CountVector(rows, cols);
  if (a.dtype() == DType::I32)
    return Value::BuildInts(rows, cols, [&](IntMatrix& out) {
      out = a.ints().replicate(a.rows() == 1 ? rows : 1, a.cols() == 1 ? cols : 1);
    });
  return Value::Build(rows, cols, a.dtype(), [&](Matrix& out) {
    BroadcastRows(SourceOf(a), SourceOf(a), out, [](const auto& x, const auto&) { return x; });
  });
}

Transposed transpose(const Value& a) {
  if (!a.traced()) CountVector(a.rows(), a.cols());
  return Transposed{a};
}

Value expand_dims(const Value& a, int axis) {
  if (axis != -1 || a.rows() != 1)
    throw ShapeError("expand_dims takes a 1-d value, held as one row, and axis -1; got " + a.ShapeString() +
                     " and axis " + std::to_string(axis));
  if (a.traced()) return Value::ShapeOnly(a.cols(), 1, a.dtype());
  if (a.dtype() == DType::I32)
    return Value::BuildInts(a.cols(), 1, [&](IntMatrix& out) { out = a.ints().transpose(); });
  return Value::Build(a.cols(), 1, a.dtype(), [&](Matrix& out) { out = a.data().transpose(); });
}

// ---- constructors -------------------------------------------------------------------------------

Value full(int rows, int cols, float value, DType dtype) {
  if (CurrentOpContext().tracing) return Value::ShapeOnly(rows, cols, dtype);
  CountVector(rows, cols);
  const auto fill = [&](Matrix& out) { out.setConstant(value); };
  if (Value::LaneSampled(cols, dtype)) return Value::BuildLaneConstant(rows, cols, dtype, fill);
  return Value::Build(rows, cols, dtype, fill);
}

Value zeros(int rows, int cols, DType dtype) {
  return full(rows, cols, 0.0f, dtype);
}

Value broadcasted_iota(int rows, int cols, int dimension) {
  if (CurrentOpContext().tracing) return Value::ShapeOnly(rows, cols, DType::I32);
  CountVector(rows, cols);
  return Value::FromIntSteps(rows, cols, {.base = 0, .row_step = dimension == 0, .col_step = dimension == 1});
}

// ---- astype -------------------------------------------------------------------------------------

Value astype(const Value& a, DType dtype) {
  if (a.dtype() == dtype) return a;
  if (a.traced()) return Value::ShapeOnly(a.rows(), a.cols(), dtype);
  CountVector(a.rows(), a.cols());
  return Retyped(a, dtype);
}

Transposed astype(const Transposed& a, DType dtype) {
  if (a.value.dtype() == dtype) return a;
  if (a.value.traced()) return Transposed{Value::ShapeOnly(a.value.rows(), a.value.cols(), dtype)};
  CountVector(a.rows(), a.cols());  // counted in the transposed layout, as the copied-out transpose was
  return Transposed{Retyped(a.value, dtype)};
}

}  // namespace tilewalk::tpu::jnp
