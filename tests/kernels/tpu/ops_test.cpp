// Each op against Eigen computing the same thing directly, plus the shape errors tracing relies on.
#include <doctest/doctest.h>

#include <Eigen/Dense>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <thread>
#include <vector>

#include "kernels/tpu/ops.hpp"

using namespace tilewalk::tpu;
using namespace tilewalk::tpu::jnp;

namespace {
Matrix Random(int r, int c, int seed) {
  Matrix m(r, c);
  for (int i = 0; i < r; ++i)
    for (int j = 0; j < c; ++j) m(i, j) = std::sin(static_cast<float>(seed * 131 + i * 17 + j * 3)) * 2.0f;
  return m;
}
Value V(const Matrix& m) {
  return Value::Of(m, DType::F32);
}
bool Same(const Value& v, const Matrix& m, float tol = 0.0f) {
  return v.rows() == m.rows() && v.cols() == m.cols() && ((v.data() - m).abs() <= tol).all();
}
}  // namespace

TEST_CASE("elementwise ops broadcast like NumPy and match Eigen") {
  ScopedOpContext ctx(Precision::Highest);
  const Matrix a = Random(16, 256, 1), b = Random(16, 256, 2), col = Random(16, 1, 3);
  CHECK(Same(V(a) + V(b), a + b));
  CHECK(Same(V(a) - V(col), a - col.replicate(1, 256)));
  CHECK(Same(V(a) * V(b), a * b));
  CHECK(Same(V(a) / V(b), a / b));
  CHECK(Same(maximum(V(a), V(col)), a.max(col.replicate(1, 256))));
  CHECK(Same(exp(V(a)), a.exp()));
  CHECK(Same(V(a) * 0.5f, a * 0.5f));
  CHECK(Same(1.0f / V(b), b.inverse()));
  CHECK(ctx.context().counts.transcendentals == 16 * 256);
}

TEST_CASE("log, tanh and division by a scalar match Eigen, and log and tanh count as transcendentals") {
  ScopedOpContext ctx(Precision::Highest);
  const Matrix a = Random(8, 128, 6);
  const Matrix positive = a.abs() + 0.5f;
  CHECK(Same(log(V(positive)), positive.log(), 1e-6f));
  CHECK(Same(tanh(V(a)), a.tanh(), 1e-6f));
  CHECK(Same(V(a) / 3.0f, a / 3.0f));
  CHECK(ctx.context().counts.transcendentals == 2 * 8 * 128);
}

TEST_CASE("a scalar minus a value matches Eigen and keeps the value's dtype") {
  ScopedOpContext ctx(Precision::Highest);
  const Matrix a = Random(8, 128, 7);
  CHECK(Same(1.0f - V(a), 1.0f - a));
  const Value rounded = Value::Of(a, DType::BF16);
  CHECK((1.0f - rounded).dtype() == DType::BF16);
}

TEST_CASE("logical_or and where with the value in the true branch") {
  Matrix x(2, 2), y(2, 2), s(2, 2);
  x << 1, 0, 0, 1;
  y << 1, 1, 0, 0;
  s << 1.5f, -2, 3, 4;
  const Value a = Value::Of(x, DType::Bool), b = Value::Of(y, DType::Bool);
  Matrix either(2, 2);
  either << 1, 1, 0, 1;
  CHECK(Same(logical_or(a, b), either));
  CHECK(logical_or(a, b).dtype() == DType::Bool);
  Matrix kept(2, 2);
  kept << 1.5f, -9, -9, 4;
  CHECK(Same(where(a, V(s), -9.0f), kept));
  CHECK_THROWS_AS(logical_or(a, V(Random(3, 2, 1))), ShapeError);
}

TEST_CASE("reductions, tile, slices and transposes match Eigen") {
  const Matrix a = Random(8, 256, 4);
  CHECK(Same(row_max(V(a)), a.rowwise().maxCoeff()));
  CHECK(Same(row_sum(V(a)), a.rowwise().sum(), 1e-5f));
  CHECK(Same(tile(V(Random(8, 128, 5)), 1, 2), Random(8, 128, 5).replicate(1, 2)));
  CHECK(Same(slice_cols(V(a), 64, 32), a.middleCols(64, 32)));
  CHECK(Same(broadcast_to(V(a.col(0)), 8, 128), a.col(0).replicate(1, 128)));
  CHECK(Same(transpose(V(a)), a.transpose()));
}

TEST_CASE("expand_dims turns a row into a column and counts no vector work") {
  ScopedOpContext ctx(Precision::Highest);
  const Matrix a = Random(1, 256, 6);
  CHECK(Same(expand_dims(V(a), -1), a.transpose()));
  CHECK(ctx.context().counts.vreg_ops == 0);
  CHECK_THROWS_AS(expand_dims(V(Random(8, 128, 7)), -1), ShapeError);
}

TEST_CASE("maximum and row_max propagate NaN, as jnp.maximum and jnp.max do") {
  const float nan = std::nanf(""), inf = INFINITY;
  Matrix a(2, 3), b(2, 3);
  a << nan, 1, -inf, 2, 3, 4;
  b << -inf, nan, nan, 5, 1, 9;
  const Value m = maximum(V(a), V(b));
  CHECK(std::isnan(m.data()(0, 0)));
  CHECK(std::isnan(m.data()(0, 1)));
  CHECK(std::isnan(m.data()(0, 2)));
  CHECK(m.data()(1, 0) == 5);
  CHECK(m.data()(1, 2) == 9);
  Matrix rows(3, 4);
  rows << nan, 1, 2, 3, 1, 2, nan, 0, -inf, -inf, -inf, -inf;  // NaN first, NaN in the middle, no NaN
  const Value r = row_max(V(rows));
  CHECK(std::isnan(r.data()(0, 0)));
  CHECK(std::isnan(r.data()(1, 0)));
  CHECK(r.data()(2, 0) == -inf);
}

TEST_CASE("masks: iota, comparisons, logical_and and where") {
  const Value rows = broadcasted_iota(4, 6, 0), cols = broadcasted_iota(4, 6, 1);
  CHECK(rows.dtype() == DType::I32);
  const Value causal = less_equal(cols, rows);
  CHECK(causal.dtype() == DType::Bool);
  const Value masked = where(causal, 0.0f, -1.0f);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 6; ++c) CHECK(masked(r, c) == (c <= r ? 0.0f : -1.0f));
  const Value both = logical_and(causal, equal(rows, rows));
  CHECK(Same(both, causal.data()));
}

TEST_CASE("int32 values keep ids above 2^24 apart, where float32 would merge them") {
  // 2^24 + 1 is the first integer a float32 cannot hold: it rounds to 2^24.
  constexpr int kBig = (1 << 24) + 1;
  const Value ids = broadcasted_iota(1, 4, 1) + kBig;  // 2^24+1 .. 2^24+4
  REQUIRE(ids.dtype() == DType::I32);
  CHECK(ids.ints()(0, 0) == kBig);
  CHECK(ids.ints()(0, 3) == kBig + 3);
  const Value base = broadcasted_iota(4, 1, 0) + (kBig - 1);  // a column 2^24 .. 2^24+3
  // The column broadcast against the row: equal exactly where row id − 1 == column id.
  const Value same = equal(base, ids);
  const Value below = less_equal(ids, base);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) {
      CHECK(same(r, c) == (r == c + 1 ? 1.0f : 0.0f));
      CHECK(below(r, c) == (c + 1 <= r ? 1.0f : 0.0f));
    }
  // Tiling, slicing and transposing keep the integers.
  const Value tiled = tile(ids, 2, 2);
  CHECK(tiled.ints()(1, 7) == kBig + 3);
  CHECK(slice_cols(ids, 1, 2).ints()(0, 0) == kBig + 1);
  CHECK(Value(transpose(ids)).ints()(3, 0) == kBig + 3);
  CHECK(broadcast_to(base, 4, 3).ints()(2, 2) == kBig + 1);
}

TEST_CASE("int32 addition wraps around, as XLA's does") {
  const Value ids = broadcasted_iota(1, 3, 1) + std::numeric_limits<int32_t>::max();
  CHECK(ids.ints()(0, 0) == std::numeric_limits<int32_t>::max());
  CHECK(ids.ints()(0, 1) == std::numeric_limits<int32_t>::min());
  CHECK(ids.ints()(0, 2) == std::numeric_limits<int32_t>::min() + 1);
}

TEST_CASE(
    "an int32 value's floats, written when first read, are its integers' nearest floats on every thread") {
  // The kernels compare ids as integers, so the floats wait for a reader: here two at once.
  constexpr int kBig = (1 << 24) + 1;
  const Value ids = broadcasted_iota(64, 256, 0) + kBig;
  const IntMatrix want = ids.ints();
  std::array<bool, 2> same{};
  std::vector<std::thread> readers;
  for (std::size_t t = 0; t < same.size(); ++t)
    readers.emplace_back([&, t] { same[t] = (ids.data() == want.cast<float>()).all(); });
  for (std::thread& r : readers) r.join();
  CHECK(same[0]);
  CHECK(same[1]);
  CHECK(ids(63, 0) == static_cast<float>(kBig + 63));
}

TEST_CASE("exp flushes subnormal results to zero, as the TPU does, and keeps NaN") {
  ScopedOpContext ctx(Precision::Highest);
  // 3 × 37: whole vector registers and a remainder, so both of exp's paths run.
  Matrix x = Random(3, 37, 9);
  x(0, 0) = -88.5f;   // exp is about 3.7e-39, below the smallest normal float
  x(1, 36) = -87.0f;  // about 1.6e-38, normal: kept
  x(2, 17) = std::numeric_limits<float>::quiet_NaN();
  x(2, 36) = -100.0f;
  const Value e = exp(V(x));
  CHECK(e(0, 0) == 0.0f);
  CHECK(e(2, 36) == 0.0f);
  CHECK(e(1, 36) == doctest::Approx(std::exp(-87.0f)).epsilon(1e-6));
  CHECK(e(1, 36) >= std::numeric_limits<float>::min());
  CHECK(std::isnan(e(2, 17)));
  CHECK(e(1, 3) == doctest::Approx(std::exp(x(1, 3))).epsilon(1e-6));
}

TEST_CASE("dot at highest precision is the float32 product") {
  ScopedOpContext ctx(Precision::Highest);
  const Matrix a = Random(128, 64, 6), b = Random(64, 128, 7);
  const Matrix want = (a.matrix() * b.matrix()).array();
  CHECK(Same(dot(V(a), V(b)), want, 1e-4f));
  CHECK(Same(dot_general_trans_b(V(a), V(Matrix(b.transpose()))), want, 1e-4f));
  CHECK(ctx.context().counts.flops == 2ull * 128 * 128 * 64 * 2);
  CHECK(ctx.context().counts.matmuls == 2);
}

TEST_CASE("dot at default precision rounds float32 operands to bf16 first") {
  const Matrix a = Random(32, 64, 8), b = Random(64, 16, 9);
  const Matrix a16 = a.unaryExpr([](float x) { return RoundToBf16(x); });
  const Matrix b16 = b.unaryExpr([](float x) { return RoundToBf16(x); });
  const Matrix want = (a16.matrix() * b16.matrix()).array();
  ScopedOpContext ctx(Precision::Default);
  const Value got = dot(V(a), V(b));
  CHECK(got.dtype() == DType::F32);
  CHECK(Same(got, want, 1e-4f));
  // ...and it really differs from the exact product: the rounding is not a no-op.
  const Matrix exact = (a.matrix() * b.matrix()).array();
  CHECK((got.data() - exact).abs().maxCoeff() > 1e-4f);
}

TEST_CASE("astype to bf16 rounds, and bf16 values stay bf16 under scalar ops") {
  const Value x = astype(V(Matrix::Constant(1, 1, 1.0f / 3.0f)), DType::BF16);
  CHECK(x.dtype() == DType::BF16);
  CHECK(x(0, 0) == RoundToBf16(1.0f / 3.0f));
  CHECK((x * 3.0f).dtype() == DType::BF16);
}

TEST_CASE("incompatible shapes raise the broadcasting error tracing reports") {
  const Value s = Value::ShapeOnly(128, 64, DType::F32);
  const Value m = Value::ShapeOnly(128, 128, DType::F32);
  CHECK_THROWS_WITH_AS(s - tile(m, 1, 64 / 128),
                       "sub got incompatible shapes for broadcasting: (128, 64), (128, 0).", ShapeError);
  try {
    (void)(s * tile(m, 1, 64 / 128));
    FAIL("expected a ShapeError");
  } catch (const ShapeError& e) {
    CHECK(e.type == ErrorType::TypeError);
    CHECK(std::string(e.what()) == "mul got incompatible shapes for broadcasting: (128, 64), (128, 0).");
  }
  // jnp.where broadcasts with jnp's helper, which raises ValueError.
  try {
    (void)where(equal(s, s), 0.0f, m);
    FAIL("expected a ShapeError");
  } catch (const ShapeError& e) {
    CHECK(e.type == ErrorType::ValueError);
    CHECK(std::string(e.what()) == "Incompatible shapes for broadcasting: shapes=[(128, 64), (128, 128)]");
  }
  CHECK_THROWS_AS(dot(s, m), ShapeError);
  // Shape-only operands give shape-only results and compute nothing.
  const Value t = exp(s - row_max(s));
  CHECK(t.traced());
  CHECK(t.rows() == 128);
  CHECK(t.cols() == 64);
}

TEST_CASE("a tile and a transpose are read in place, bit for bit what their copies give") {
  ScopedOpContext ctx(Precision::Highest);
  const Matrix s = Random(16, 256, 10), m = Random(16, 128, 11);
  const Tiled lanes = tile(V(m), 1, 2);
  CHECK(ctx.context().counts.vreg_ops == VregCount(16, 256));  // counted once, when tiled
  const Value copied = lanes;
  CHECK(((V(s) - lanes).data() == (V(s) - copied).data()).all());
  CHECK(((V(s) * lanes).data() == (V(s) * copied).data()).all());
  CHECK(Same(V(s) - lanes, s - m.replicate(1, 2)));

  const Matrix p = Random(64, 32, 12), d = Random(64, 48, 13);
  const Value p_t = transpose(V(p));
  CHECK(((dot(transpose(V(p)), V(d))).data() == dot(p_t, V(d)).data()).all());
  CHECK(Same(dot(astype(transpose(V(p)), DType::F32), V(d)), (p.matrix().transpose() * d.matrix()).array(),
             1e-4f));
}

TEST_CASE("values reuse pooled storage: making the same shapes again allocates nothing") {
  ScopedOpContext ctx(Precision::Highest);
  const Matrix a = Random(128, 128, 14);
  auto one_round = [&] {
    const Value x = V(a);
    const Value s = dot_general_trans_b(x, x);
    const Value p = exp(s - tile(row_max(s), 1, 128));
    return row_sum(p * x)(0, 0);
  };
  one_round();
  const int64_t made = ValueStorage::CreatedCount();
  for (int i = 0; i < 5; ++i) one_round();
  // V() adopts a fresh matrix each round; every other value came from the pool.
  CHECK(ValueStorage::CreatedCount() - made == 5);
}

TEST_CASE("a thread gives its kept storages back to the shared pool, where another thread takes them") {
  constexpr int kRows = 37, kCols = 211;  // a size no other test makes
  std::thread([] {
    ValueStorage::Acquire(kRows, kCols)->Release();  // kept in front of the pool, by this thread
    ValueStorage::GiveBackThreadStorages();
    // The thread is still alive: without the give-back its storage would stay with it.
    const int64_t made = ValueStorage::CreatedCount();
    std::thread([made] {
      ValueStorage* s = ValueStorage::Acquire(kRows, kCols);
      CHECK(ValueStorage::CreatedCount() == made);  // taken from the shared pool, not made
      s->Release();
    }).join();
  }).join();
}
