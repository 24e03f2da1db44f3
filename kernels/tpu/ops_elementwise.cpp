// [SECTIONS] broadcasting · arithmetic · comparisons and where · exp, log and tanh · reductions
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>

#include "kernels/tpu/ops.hpp"
#include "kernels/tpu/ops_broadcast.hpp"
#include "kernels/tpu/shape.hpp"

namespace tilewalk::tpu::jnp {

// exp with subnormal results flushed to zero, in one pass over the elements. The TPU flushes subnormals to
// zero; so do we. It matters: exp of a masked score is ~1e-39, and subnormal operands would make every later
// host GEMM many times slower.
struct FlushedExp {
  static constexpr float kSmallestNormal = std::numeric_limits<float>::min();
  float operator()(float x) const {
    const float e = std::exp(x);
    return e < kSmallestNormal ? 0.0f : e;
  }
  template <typename Packet>
  Packet packetOp(const Packet& x) const {
    namespace ei = Eigen::internal;
    const Packet e = ei::pexp(x);
    return ei::pselect(ei::pcmp_lt(e, ei::pset1<Packet>(kSmallestNormal)), ei::pzero(e), e);
  }
};

}  // namespace tilewalk::tpu::jnp

template <>
struct Eigen::internal::functor_traits<tilewalk::tpu::jnp::FlushedExp> {
  enum {
    Cost = functor_traits<scalar_exp_op<float>>::Cost + 2 * NumTraits<float>::AddCost,
    PacketAccess = packet_traits<float>::HasExp
  };
};

namespace tilewalk::tpu::jnp {

namespace {

// ---- broadcasting -------------------------------------------------------------------------------

// lax's elementwise primitives check their operands' shapes themselves (jnp promotes ranks only, and these
// values all have rank 2), and raise TypeError naming the primitive: "sub got incompatible shapes for
// broadcasting: (128, 64), (128, 0)." name is that primitive ("add", "sub", "mul", ...).
[[noreturn]] void BroadcastError(const char* name, const Value& a, const Value& b) {
  throw ShapeError(std::string(name) + " got incompatible shapes for broadcasting: " + a.ShapeString() +
                       ", " + b.ShapeString() + ".",
                   ErrorType::TypeError);
}

// jnp.where broadcasts its three operands with jnp's own helper, which raises ValueError.
[[noreturn]] void WhereBroadcastError(const Value& a, const Value& b) {
  throw ShapeError("Incompatible shapes for broadcasting: shapes=[" + a.ShapeString() + ", " +
                   b.ShapeString() + "]");
}

struct Operands {
  int rows = 0;
  int cols = 0;
};

// The broadcast shape of a and b, or nullopt when they do not broadcast.
std::optional<Operands> BroadcastShape(const Value& a, const Value& b) {
  const auto dim = [](int x, int y) { return x == y || y == 1 ? x : x == 1 ? y : -1; };
  const int rows = dim(a.rows(), b.rows()), cols = dim(a.cols(), b.cols());
  if (rows < 0 || cols < 0) return std::nullopt;
  return Operands{rows, cols};
}

Operands LaxShape(const char* name, const Value& a, const Value& b) {
  const auto shape = BroadcastShape(a, b);
  if (!shape) BroadcastError(name, a, b);
  return *shape;
}

Operands WhereShape(const Value& a, const Value& b) {
  const auto shape = BroadcastShape(a, b);
  if (!shape) WhereBroadcastError(a, b);
  return *shape;
}

// The rows × cols result of f over x and y, where f maps two Eigen row expressions to one: on a lane sample
// when both give one number per row.
template <typename F>
Value BuildBroadcast(int rows, int cols, DType result, const RowSource& x, const RowSource& y, F f) {
  if (LaneConstantResult(x, y, cols, result))
    return Value::BuildLaneConstant(rows, cols, result, [&](Matrix& out) { OnLaneSamples(x, y, out, f); });
  return Value::Build(rows, cols, result, [&](Matrix& out) { BroadcastRows(x, y, out, f); });
}

// A result of a's shape, written by fill(in, out) from a's elements as `in` (an Eigen matrix expression):
// from its lane sample into the result's when a is lane-constant, so ops of one operand keep that.
template <typename Fill>
Value BuildFromOperand(const Value& a, DType result, Fill fill) {
  if (a.lane_constant() && Value::LaneSampled(a.cols(), result))
    return Value::BuildLaneConstant(a.rows(), a.cols(), result,
                                    [&](Matrix& out) { fill(a.lane_sample(), out); });
  return Value::Build(a.rows(), a.cols(), result, [&](Matrix& out) { fill(a.data(), out); });
}

// f maps two Eigen row expressions to the result's row expression.
template <typename F>
Value Binary(const char* name, const Value& a, const Value& b, DType result, F f) {
  const auto [rows, cols] = LaxShape(name, a, b);
  if (a.traced() || b.traced()) return Value::ShapeOnly(rows, cols, result);
  CountVector(rows, cols);
  return BuildBroadcast(rows, cols, result, SourceOf(a), SourceOf(b), f);
}

// f maps two floats to one, over operands that broadcast to shape.
template <typename F>
Value BinaryScalar(Operands shape, const Value& a, const Value& b, DType result, F f) {
  const auto [rows, cols] = shape;
  if (a.traced() || b.traced()) return Value::ShapeOnly(rows, cols, result);
  CountVector(rows, cols);
  const RowSource x = SourceOf(a), y = SourceOf(b);
  if (LaneConstantResult(x, y, cols, result))
    return Value::BuildLaneConstant(rows, cols, result,
                                    [&](Matrix& out) { OnLaneSamplesScalar(x, y, out, f); });
  return Value::Build(rows, cols, result, [&](Matrix& out) { BroadcastRowsScalar(x, y, out, f); });
}

// f maps a float to a float, over the operand's contiguous elements.
template <typename F>
Value UnaryScalar(const Value& a, DType result, F f) {
  if (a.traced()) return Value::ShapeOnly(a.rows(), a.cols(), result);
  CountVector(a.rows(), a.cols());
  return BuildFromOperand(a, result, [&](const auto& in, Matrix& out) {
    const float* x = in.data();
    float* o = out.data();
    for (Eigen::Index i = 0, n = out.size(); i < n; ++i) o[i] = f(x[i]);
  });
}

// A value against a tile of the same shape, read in place; anything else goes through the copied-out tile.
template <typename F>
Value BinaryTiled(const char* name, const Value& a, const Tiled& b, F f) {
  if (a.traced() || b.value.traced() || a.rows() != b.rows() || a.cols() != b.cols())
    return Binary(name, a, Value(b), Promote(a.dtype(), b.value.dtype()), f);
  CountVector(a.rows(), a.cols());
  return BuildBroadcast(a.rows(), a.cols(), Promote(a.dtype(), b.value.dtype()), SourceOf(a), SourceOf(b), f);
}

// f maps the whole operand matrix to the result's expression.
template <typename F>
Value Unary(const Value& a, DType result, F f) {
  if (a.traced()) return Value::ShapeOnly(a.rows(), a.cols(), result);
  CountVector(a.rows(), a.cols());
  return BuildFromOperand(a, result, [&](const auto& in, Matrix& out) { out = f(in); });
}

// The floor of a / b, for b ≠ 0.
int64_t FloorDivide(int64_t a, int64_t b) {
  const int64_t q = a / b;
  return q * b != a && (a < 0) != (b < 0) ? q - 1 : q;
}

// Both operands of the result's shape kept as steps (an iota plus an offset each): every answer comes from
// its position, and no integer is read. A causal mask of a block wholly below (or above) the diagonal holds
// one answer per row: kept lane-constant, the select and the add that apply it read one number per row.
// f is a comparison of two int32, so its answer follows the sign of y − x.
template <typename F>
Value CompareSteps(int rows, int cols, const ValueStorage::IntSteps& x, const ValueStorage::IntSteps& y,
                   F f) {
  const auto answer = [&](int r, int64_t c) { return f(x.At(r, c), y.At(r, c)); };
  // Along a row y − x is d0 + slope · lane, so the row holds at most three runs of answers: where it is
  // negative, zero, and positive. The lanes at the row's ends and on either side of where it crosses zero
  // meet every run the row has.
  const auto one_answer = [&](int r) {
    const bool first = answer(r, 0);
    const auto same = [&](int64_t lane) {
      return answer(r, std::clamp<int64_t>(lane, 0, cols - 1)) == first;
    };
    const int64_t d0 = static_cast<int64_t>(y.At(r, 0)) - x.At(r, 0), slope = y.col_step - x.col_step;
    if (slope == 0) return true;
    const int64_t before_zero = FloorDivide(-d0, slope);
    return same(cols - 1) && same(before_zero) && same(before_zero + 1);
  };
  // Row r's answers into out, in uint32 arithmetic: it wraps where int32 would overflow on the way, and
  // every element fits in int32, so the sums are the elements. A plain loop that the compiler vectorises.
  const auto answer_row = [&](int r, float* out) {
    const auto x0 = static_cast<uint32_t>(x.At(r, 0)), x_step = static_cast<uint32_t>(x.col_step);
    const auto y0 = static_cast<uint32_t>(y.At(r, 0)), y_step = static_cast<uint32_t>(y.col_step);
    for (int c = 0; c < cols; ++c) {
      const auto lane = static_cast<uint32_t>(c);
      out[c] =
          f(static_cast<int32_t>(x0 + lane * x_step), static_cast<int32_t>(y0 + lane * y_step)) ? 1.0f : 0.0f;
    }
  };
  bool one_per_row = Value::LaneSampled(cols, DType::Bool);
  for (int r = 0; r < rows && one_per_row; ++r) one_per_row = one_answer(r);
  if (one_per_row)
    return Value::BuildLaneConstant(rows, cols, DType::Bool, [&](Matrix& sample) {
      for (int r = 0; r < rows; ++r) sample.row(r).setConstant(answer(r, 0) ? 1.0f : 0.0f);
    });
  return Value::Build(rows, cols, DType::Bool, [&](Matrix& out) {
    for (int r = 0; r < rows; ++r) answer_row(r, out.data() + static_cast<std::ptrdiff_t>(r) * cols);
  });
}

// Both operands int32: compares their exact integers, since a float tells ids apart only up to 2^24.
// f maps two int32 to bool.
template <typename F>
Value CompareInts(Operands shape, const Value& a, const Value& b, F f) {
  const int rows = shape.rows, cols = shape.cols;  // not a structured binding: clang 14 cannot capture one
  CountVector(rows, cols);
  const auto full_shape = [&](const Value& v) { return v.rows() == rows && v.cols() == cols; };
  if (a.int_steps() && b.int_steps() && full_shape(a) && full_shape(b))
    return CompareSteps(rows, cols, a.steps(), b.steps(), f);
  const IntMatrix& x = a.ints();
  const IntMatrix& y = b.ints();
  if (x.rows() == rows && x.cols() == cols && y.rows() == rows && y.cols() == cols) {
    Value full = Value::Build(rows, cols, DType::Bool, [&](Matrix& out) {
      const int32_t* p = x.data();
      const int32_t* q = y.data();
      float* o = out.data();
      for (Eigen::Index i = 0, n = out.size(); i < n; ++i) o[i] = f(p[i], q[i]) ? 1.0f : 0.0f;
    });
    // A causal mask of a block wholly below (or above) the diagonal holds one answer per row: kept
    // lane-constant, the select and the add that apply it read one number per row.
    if (!Value::LaneSampled(cols, DType::Bool) ||
        !Value::RowsRepeatOneNumber(full.data().data(), rows, cols, cols))
      return full;
    return Value::BuildLaneConstant(rows, cols, DType::Bool, [&](Matrix& sample) {
      sample = full.data().leftCols(ValueStorage::kLaneSample);
    });
  }
  return Value::Build(rows, cols, DType::Bool, [&](Matrix& out) {
    for (int r = 0; r < rows; ++r) {
      const int xr = x.rows() == 1 ? 0 : r, yr = y.rows() == 1 ? 0 : r;
      for (int c = 0; c < cols; ++c)
        out(r, c) = f(x(xr, x.cols() == 1 ? 0 : c), y(yr, y.cols() == 1 ? 0 : c)) ? 1.0f : 0.0f;
    }
  });
}

bool BothInts(const Value& a, const Value& b) {
  return !a.traced() && !b.traced() && a.dtype() == DType::I32 && b.dtype() == DType::I32;
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
  return Binary("add", a, b, Promote(a.dtype(), b.dtype()), kAdd);
}
Value operator-(const Value& a, const Value& b) {
  return Binary("sub", a, b, Promote(a.dtype(), b.dtype()), kSubtract);
}
Value operator*(const Value& a, const Value& b) {
  return Binary("mul", a, b, Promote(a.dtype(), b.dtype()), kMultiply);
}
Value operator/(const Value& a, const Value& b) {
  return Binary("div", a, b, Promote(a.dtype(), b.dtype()),
                [](const auto& x, const auto& y) { return x / y; });
}
Value operator-(const Value& a, const Tiled& b) {
  return BinaryTiled("sub", a, b, kSubtract);
}
Value operator*(const Value& a, const Tiled& b) {
  return BinaryTiled("mul", a, b, kMultiply);
}
Value maximum(const Value& a, const Value& b) {
  return Binary("max", a, b, Promote(a.dtype(), b.dtype()),
                [](const auto& x, const auto& y) { return x.binaryExpr(y, NaNPropagatingMax()); });
}
Value operator+(const Value& a, float b) {
  return Unary(a, a.dtype(), [b](const auto& x) { return x + b; });
}
Value operator+(const Value& a, int b) {
  if (a.dtype() != DType::I32) return a + static_cast<float>(b);
  if (a.traced()) return Value::ShapeOnly(a.rows(), a.cols(), a.dtype());
  CountVector(a.rows(), a.cols());
  if (a.int_steps()) {  // an iota plus an offset stays steps, unless some element would wrap around
    ValueStorage::IntSteps sum = a.steps();
    sum.base += b;
    if (sum.Fit(a.rows(), a.cols())) return Value::FromIntSteps(a.rows(), a.cols(), sum);
  }
  return Value::BuildInts(a.rows(), a.cols(), [&](IntMatrix& out) {
    // int32 addition wraps around, as XLA's does; a plain loop that the compiler vectorises.
    const int32_t* x = a.ints().data();
    int32_t* o = out.data();
    for (Eigen::Index i = 0, n = out.size(); i < n; ++i)
      o[i] = static_cast<int32_t>(static_cast<uint32_t>(x[i]) + static_cast<uint32_t>(b));
  });
}
Value operator-(const Value& a, float b) {
  return Unary(a, a.dtype(), [b](const auto& x) { return x - b; });
}
Value operator*(const Value& a, float b) {
  return Unary(a, a.dtype(), [b](const auto& x) { return x * b; });
}
Value operator/(float a, const Value& b) {
  return Unary(b, b.dtype(), [a](const auto& x) { return a / x; });
}
Value operator/(const Value& a, float b) {
  return Unary(a, a.dtype(), [b](const auto& x) { return x / b; });
}
Value operator-(float a, const Value& b) {
  return Unary(b, b.dtype(), [a](const auto& x) { return a - x; });
}

// ---- comparisons and where ----------------------------------------------------------------------

Value equal(const Value& a, const Value& b) {
  const Operands shape = LaxShape("eq", a, b);
  if (BothInts(a, b)) return CompareInts(shape, a, b, [](int32_t x, int32_t y) { return x == y; });
  return BinaryScalar(shape, a, b, DType::Bool, [](float x, float y) { return x == y ? 1.0f : 0.0f; });
}
Value less_equal(const Value& a, const Value& b) {
  const Operands shape = LaxShape("le", a, b);
  if (BothInts(a, b)) return CompareInts(shape, a, b, [](int32_t x, int32_t y) { return x <= y; });
  return BinaryScalar(shape, a, b, DType::Bool, [](float x, float y) { return x <= y ? 1.0f : 0.0f; });
}
Value logical_and(const Value& a, const Value& b) {
  return BinaryScalar(LaxShape("and", a, b), a, b, DType::Bool,
                      [](float x, float y) { return x != 0.0f && y != 0.0f ? 1.0f : 0.0f; });
}
Value where(const Value& cond, float if_true, float if_false) {
  return UnaryScalar(cond, DType::F32, [=](float c) { return c != 0.0f ? if_true : if_false; });
}
Value where(const Value& cond, float if_true, const Value& if_false) {
  return BinaryScalar(WhereShape(cond, if_false), cond, if_false, if_false.dtype(),
                      [if_true](float c, float x) { return c != 0.0f ? if_true : x; });
}
Value where(const Value& cond, const Value& if_true, float if_false) {
  return BinaryScalar(WhereShape(cond, if_true), cond, if_true, if_true.dtype(),
                      [if_false](float c, float x) { return c != 0.0f ? x : if_false; });
}
Value logical_or(const Value& a, const Value& b) {
  return BinaryScalar(LaxShape("or", a, b), a, b, DType::Bool,
                      [](float x, float y) { return x != 0.0f || y != 0.0f ? 1.0f : 0.0f; });
}
Value equal(const Value& a, float b) {
  return UnaryScalar(a, DType::Bool, [b](float x) { return x == b ? 1.0f : 0.0f; });
}

// ---- exp, log and tanh ----------------------------------------------------------------------------

namespace {
// An elementwise transcendental is counted once per element; a traced operand counts nothing.
void CountTranscendental(const Value& a) {
  if (!a.traced()) CurrentOpContext().counts.transcendentals += static_cast<uint64_t>(a.rows()) * a.cols();
}

template <typename F>
Value Transcendental(const Value& a, F f) {
  CountTranscendental(a);
  return UnaryScalar(a, a.dtype(), f);
}
}  // namespace

// exp is counted as the others are, but computed over the whole operand at once (Eigen's vectorised
// expression), the hottest op of every attention body.
Value exp(const Value& a) {
  CountTranscendental(a);
  if (a.traced()) return Value::ShapeOnly(a.rows(), a.cols(), a.dtype());
  CountVector(a.rows(), a.cols());
  return BuildFromOperand(a, a.dtype(), [](const auto& in, Matrix& e) { e = in.unaryExpr(FlushedExp()); });
}

Value log(const Value& a) {
  return Transcendental(a, [](float x) { return std::log(x); });
}
Value tanh(const Value& a) {
  return Transcendental(a, [](float x) { return std::tanh(x); });
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
