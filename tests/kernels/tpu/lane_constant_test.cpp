// Lane-constant values (value_storage.hpp): a value whose every row repeats one number along its lanes keeps
// a sample of each row, and every op computes on the sample with the code it runs on full rows. So whatever
// an op makes from lane-constant operands has, bit for bit, what the same op makes from the full rows;
// stores write the rows a full value writes; and a reader sees the full rows.
#include <doctest/doctest.h>

#include <array>
#include <cstring>
#include <limits>
#include <thread>
#include <vector>

#include "kernels/tpu/kernel.hpp"
#include "kernels/tpu/ops.hpp"
#include "tests/kernels/tpu/toy_matmul.hpp"

using namespace tilewalk::tpu;
using namespace tilewalk::tpu::jnp;

namespace {

constexpr int kRows = 8, kLanes = 128;

// One number per row, with the awkward ones: signed zeros, infinities, NaN, a subnormal, the largest float.
Matrix RowNumbers() {
  Matrix col(kRows, 1);
  col << 0.0f, -0.0f, 1.5f, -2.25f, std::numeric_limits<float>::infinity(),
      std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::denorm_min(),
      std::numeric_limits<float>::max();
  return col;
}

// The lane-constant value of those rows, and the same rows as an ordinary value.
Value LaneConstant(const Matrix& col) {
  const Value v =
      maximum(full(kRows, kLanes, -std::numeric_limits<float>::infinity()), Value::Of(col, DType::F32));
  REQUIRE(v.lane_constant());
  return v;
}
Value Full(const Matrix& col) {
  const Value v = Value::Of(col.replicate(1, kLanes), DType::F32);
  REQUIRE_FALSE(v.lane_constant());
  return v;
}

bool SameBits(const Value& a, const Value& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() && a.dtype() == b.dtype() &&
         std::memcmp(a.data().data(), b.data().data(), sizeof(float) * a.rows() * a.cols()) == 0;
}

}  // namespace

TEST_CASE("a lane-constant value reads as its full rows, on whichever thread reads it first") {
  ScopedOpContext ctx(Precision::Highest);
  const Matrix col = RowNumbers();
  const Value lanes = LaneConstant(col);
  std::array<bool, 2> same{};
  std::vector<std::thread> readers;
  for (std::size_t t = 0; t < same.size(); ++t)
    readers.emplace_back([&, t] { same[t] = SameBits(lanes, Full(col)); });
  for (std::thread& r : readers) r.join();
  CHECK(same[0]);
  CHECK(same[1]);
  CHECK(std::isnan(lanes(5, 127)));
}

TEST_CASE("ops on lane-constant values give the bits the same ops give on the full rows") {
  ScopedOpContext ctx(Precision::Highest);
  const Matrix col = RowNumbers();
  Matrix other_col = col.reverse();
  other_col(1, 0) = 0.0f;  // +0 against row 1's -0: maximum must pick as the full rows do
  const Value a = LaneConstant(col), b = LaneConstant(other_col);
  const Value fa = Full(col), fb = Full(other_col);
  const Value column = Value::Of(other_col, DType::F32);
  Matrix scores(kRows, kLanes);
  for (int r = 0; r < kRows; ++r)
    for (int c = 0; c < kLanes; ++c) scores(r, c) = static_cast<float>((r * 31 + c * 7) % 17) - 8.0f;
  const Value s = Value::Of(scores, DType::F32);

  const auto check = [](const Value& from_lanes, const Value& from_full, bool lane_constant) {
    CHECK(from_lanes.lane_constant() == lane_constant);
    CHECK(SameBits(from_lanes, from_full));
  };
  check(a + b, fa + fb, true);
  check(a - column, fa - column, true);
  check(a * b, fa * fb, true);
  check(a / b, fa / fb, true);
  check(maximum(a, b), maximum(fa, fb), true);
  check(exp(a - b), exp(fa - fb), true);
  check(exp(a * -100.0f), exp(fa * -100.0f), true);  // subnormal results flushed alike
  // Vectorised exp and the C library's disagree in the last bit on many of these.
  Matrix exponents(kLanes, 1);
  for (int r = 0; r < kLanes; ++r) exponents(r, 0) = -20.0f + static_cast<float>(r) * 0.0107f;
  const Value many = maximum(full(kLanes, kLanes, -std::numeric_limits<float>::infinity()),
                             Value::Of(exponents, DType::F32));
  check(exp(many), exp(Value::Of(exponents.replicate(1, kLanes), DType::F32)), true);
  check(1.0f / a, 1.0f / fa, true);
  check(a + 0.5f, fa + 0.5f, true);
  check(equal(a, 0.0f), equal(fa, 0.0f), true);
  check(less_equal(a, b), less_equal(fa, fb), true);
  check(where(equal(a, 0.0f), 1.0f, 1.0f / a), where(equal(fa, 0.0f), 1.0f, 1.0f / fa), true);
  check(row_sum(s) + a, row_sum(s) + fa, true);
  check(Value(tile(a, 1, 2)), Value(tile(fa, 1, 2)), true);
  // Against full operands the results are full, reading the sample as one number per row.
  check(s - tile(a, 1, 1), s - tile(fa, 1, 1), false);
  check(s * tile(b, 1, 1), s * tile(fb, 1, 1), false);
  check(s + a, s + fa, false);
  check(row_max(a), row_max(fa), false);
}

TEST_CASE("a store of a lane-constant value writes the rows a full value writes") {
  ScopedOpContext ctx(Precision::Highest);
  const Matrix col = RowNumbers();
  Array with_lanes(Shape{kRows, kLanes}, DType::F32), with_full(Shape{kRows, kLanes}, DType::F32);
  for (int64_t i = 0; i < with_lanes.size(); ++i) {
    with_lanes.SetFloat(i, static_cast<float>(i % 19) - 9.0f);
    with_full.SetFloat(i, static_cast<float>(i % 19) - 9.0f);
  }
  RefRegion region;
  region.rows = kRows;
  region.cols = kLanes;
  for (const Ref::StoreMode mode : {Ref::StoreMode::Multiply, Ref::StoreMode::Add, Ref::StoreMode::Assign}) {
    WriteRegion(with_lanes, region, LaneConstant(col), mode);
    WriteRegion(with_full, region, Full(col), mode);
    CHECK(with_lanes.BitwiseEqual(with_full));
  }
}

TEST_CASE(
    "a load of rows that each repeat one number is lane-constant, and one differing lane makes it full") {
  testing::ToyMatmul t(128, 128, 256, 128, 128, 256);
  LaunchSpec spec = t.Spec();
  std::vector<bool> lane_constant;
  std::vector<float> read_back;
  spec.body = [&](Kernel& k) {
    Ref* a_ref = k.input(0);
    if (k.tracing()) return;
    Matrix col(128, 1);
    for (int r = 0; r < 128; ++r) col(r, 0) = static_cast<float>(r) - 64.0f;
    const Value rows =
        k.stmt("rows", [&] { return maximum(full(128, 256, 0.0f), Value::Of(col, DType::F32)); });
    a_ref->store("store_rows", at({}), rows);
    const Value loaded = a_ref->load("load_rows", at({}));
    lane_constant.push_back(loaded.lane_constant());
    read_back.push_back(loaded(100, 255));
    // Row 64 holds +0 in every lane but the last, which gets -0: equal as numbers, not as bits.
    Matrix almost = col.replicate(1, 256);
    almost(64, 255) = -0.0f;
    a_ref->store("store_almost", at({}), k.stmt("almost", [&] { return Value::Of(almost, DType::F32); }));
    lane_constant.push_back(a_ref->load("load_almost", at({})).lane_constant());
  };
  LaunchOptions options;
  options.threads = 1;
  const LaunchResult r = RunLaunch(spec, options);
  REQUIRE_FALSE(r.error);
  CHECK(lane_constant == std::vector<bool>{true, false});
  CHECK(read_back == std::vector<float>{36.0f});
}
