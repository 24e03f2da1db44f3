// Internal to the ops: how an elementwise op reads its operands in place, NumPy-broadcast or tiled,
// without copying the smaller one out to the full shape first. The op's arithmetic runs on Eigen row
// segments, so it is vectorised just as a whole-matrix expression would be.
#pragma once

#include <Eigen/Core>
#include <cstddef>
#include <numeric>

#include "kernels/tpu/op_context.hpp"
#include "kernels/tpu/ops.hpp"

namespace tilewalk::tpu::jnp {

void CountVector(int rows, int cols);  // adds VregCount(rows, cols) to the current context

// One operand as each row of the result sees it: row r reads storage row r % rows (row 0 when the
// operand broadcasts along rows), and column c reads storage column c % period. Period 1 is one number
// repeated along the row (an operand broadcast along columns).
struct RowSource {
  const float* data = nullptr;
  std::ptrdiff_t stride = 0;  // floats between storage rows
  int rows = 1;
  int period = 1;
  const float* Row(int r) const { return data + (rows == 1 ? 0 : r % rows) * stride; }
};

// A lane-constant value is read from its lane sample, as one number per row.
inline RowSource SourceOf(const Value& v) {
  if (v.lane_constant()) return RowSource{v.lane_sample().data(), ValueStorage::kLaneSample, v.rows(), 1};
  return RowSource{v.data().data(), v.cols(), v.rows(), v.cols()};
}
inline RowSource SourceOf(const Tiled& t) {
  if (t.value.lane_constant()) return SourceOf(t.value);
  return RowSource{t.value.data().data(), t.value.cols(), t.value.rows(), t.value.cols()};
}

// Whether an op reading `a` and `b` into rows of `cols` lanes of `dtype` gives a lane-constant result: both
// give one number per row (a lane-constant value, a column, a scalar). It is then computed on a lane sample.
inline bool LaneConstantResult(const RowSource& a, const RowSource& b, int cols, DType dtype) {
  return a.period == 1 && b.period == 1 && Value::LaneSampled(cols, dtype);
}

// An operand of a lane-constant result as a rows × kLaneSample sample: a lane-constant value's own, or its
// one number per row written out into `scratch` (a column, a scalar, a value broadcast along rows).
inline const float* LaneSampleOf(const RowSource& s, int rows, Matrix& scratch) {
  if (s.stride == ValueStorage::kLaneSample && s.rows == rows) return s.data;
  scratch.resize(rows, ValueStorage::kLaneSample);
  for (int r = 0; r < rows; ++r) scratch.row(r).setConstant(s.Row(r)[0]);
  return scratch.data();
}

// out (a lane sample) = f(a, b) over whole samples at once, where f maps two Eigen array expressions to one:
// the same vector arithmetic as BroadcastRows on full rows, without a call per row.
template <typename F>
void OnLaneSamples(const RowSource& a, const RowSource& b, Matrix& out, F f) {
  using Sample = Eigen::Map<const Matrix>;
  thread_local Matrix scratch_a, scratch_b;
  const auto rows = static_cast<int>(out.rows());
  out = f(Sample(LaneSampleOf(a, rows, scratch_a), rows, ValueStorage::kLaneSample),
          Sample(LaneSampleOf(b, rows, scratch_b), rows, ValueStorage::kLaneSample));
}

// As OnLaneSamples, with f mapping two floats to one (BroadcastRowsScalar's ops).
template <typename F>
void OnLaneSamplesScalar(const RowSource& a, const RowSource& b, Matrix& out, F f) {
  thread_local Matrix scratch_a, scratch_b;
  const auto rows = static_cast<int>(out.rows());
  const float* x = LaneSampleOf(a, rows, scratch_a);
  const float* y = LaneSampleOf(b, rows, scratch_b);
  float* o = out.data();
  for (Eigen::Index i = 0, n = out.size(); i < n; ++i) o[i] = f(x[i], y[i]);
}

// Walks out's rows in chunks that no operand wraps around in: visit(dst, x, y, n) for n elements of out at
// dst, where x (y) points at a's (b's) n matching elements, or at its one value when its period is 1.
template <typename Visit>
void ForEachChunk(const RowSource& a, const RowSource& b, Matrix& out, Visit visit) {
  const int cols = static_cast<int>(out.cols());
  if (cols == 0) return;
  int chunk = cols;
  for (int period : {a.period, b.period})
    if (period > 1) chunk = std::gcd(chunk, period);
  for (int r = 0; r < out.rows(); ++r) {
    const float* ra = a.Row(r);
    const float* rb = b.Row(r);
    float* o = out.data() + static_cast<std::ptrdiff_t>(r) * cols;
    for (int c = 0; c < cols; c += chunk)
      visit(o + c, a.period > 1 ? ra + c % a.period : ra, b.period > 1 ? rb + c % b.period : rb, chunk);
  }
}

// out(r, c) = f(a(r, c), b(r, c)) for every element of out, where f maps two Eigen row expressions to one;
// each chunk is one contiguous expression.
template <typename F>
void BroadcastRows(const RowSource& a, const RowSource& b, Matrix& out, F f) {
  using Row = Eigen::Map<const Eigen::Array<float, 1, Eigen::Dynamic>>;
  using OutRow = Eigen::Map<Eigen::Array<float, 1, Eigen::Dynamic>>;
  using Constant = Eigen::Array<float, 1, Eigen::Dynamic>;
  ForEachChunk(a, b, out, [&](float* o, const float* x, const float* y, int n) {
    OutRow dst(o, n);
    if (a.period > 1 && b.period > 1)
      dst = f(Row(x, n), Row(y, n));
    else if (a.period > 1)
      dst = f(Row(x, n), Constant::Constant(n, y[0]));
    else if (b.period > 1)
      dst = f(Constant::Constant(n, x[0]), Row(y, n));
    else
      dst = f(Constant::Constant(n, x[0]), Constant::Constant(n, y[0]));
  });
}

// As BroadcastRows, with f mapping two floats to one: for comparisons and selects, which Eigen runs one
// element at a time while a plain loop over a chunk lets the compiler vectorise them.
template <typename F>
void BroadcastRowsScalar(const RowSource& a, const RowSource& b, Matrix& out, F f) {
  ForEachChunk(a, b, out, [&](float* dst, const float* x, const float* y, int n) {
    if (a.period > 1 && b.period > 1) {
      for (int j = 0; j < n; ++j) dst[j] = f(x[j], y[j]);
    } else if (a.period > 1) {
      const float y0 = y[0];
      for (int j = 0; j < n; ++j) dst[j] = f(x[j], y0);
    } else if (b.period > 1) {
      const float x0 = x[0];
      for (int j = 0; j < n; ++j) dst[j] = f(x0, y[j]);
    } else {
      const float v = f(x[0], y[0]);
      for (int j = 0; j < n; ++j) dst[j] = v;
    }
  });
}

}  // namespace tilewalk::tpu::jnp
