// int32 values kept as steps (ValueStorage::IntSteps): an iota, or an iota plus an offset, keeps base, row
// step and column step instead of its integers. Comparisons compute from the steps and keep a mask that
// holds one answer per row lane-constant. Whatever they give must be, bit for bit, what the same ops give on
// the written integers; and a reader of the integers or floats sees the elements.
#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <limits>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "kernels/tpu/ops.hpp"

using namespace tilewalk::tpu;
using namespace tilewalk::tpu::jnp;

namespace {

using Steps = ValueStorage::IntSteps;

// The same integers written out: a full-width slice copies them, so it is no longer kept as steps.
Value Written(const Value& v) {
  Value copy = slice_cols(v, 0, v.cols());
  REQUIRE_FALSE(copy.int_steps());
  return copy;
}

bool BitwiseEqual(const Value& a, const Value& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() &&
         (a.data().cast<float>() == b.data().cast<float>()).all() &&
         std::memcmp(a.data().data(), b.data().data(), sizeof(float) * a.data().size()) == 0;
}

bool EveryRowRepeats(const Value& v) {
  return Value::RowsRepeatOneNumber(v.data().data(), v.rows(), v.cols(), v.cols());
}

std::string Describe(int cols, const Steps& x, const Steps& y) {
  std::ostringstream out;
  out << "cols " << cols << ", x {" << x.base << ", " << x.row_step << ", " << x.col_step << "}, y {"
      << y.base << ", " << y.row_step << ", " << y.col_step << "}";
  return out.str();
}

}  // namespace

TEST_CASE("comparisons of ids kept as steps give the bits, and the one-answer rows, of their integers") {
  constexpr int kRows = 8;
  constexpr int32_t kMax = std::numeric_limits<int32_t>::max(), kMin = std::numeric_limits<int32_t>::min();
  // Bases and steps that put the row's crossing before its first lane, on it, inside, on its last lane and
  // past it; steps of either sign and of more than one; ids at int32's ends.
  const std::vector<int64_t> x_bases = {-40, -1, 0, 7, 130, kMax - 600, kMin + 600};
  const std::vector<int64_t> y_bases = {0, 5, 127, kMax - 300};
  const std::vector<int64_t> row_steps = {0, 1, -2};
  const std::vector<int64_t> x_col_steps = {-3, -1, 0, 1, 2};
  const std::vector<int64_t> y_col_steps = {-1, 0, 1, 4};
  int compared = 0, lane_constant = 0, full = 0;
  std::string first_mismatch;
  for (const int cols : {5, 16, 48, 128})
    for (const int64_t xb : x_bases)
      for (const int64_t yb : y_bases)
        for (const int64_t xr : row_steps)
          for (const int64_t yr : row_steps)
            for (const int64_t xc : x_col_steps)
              for (const int64_t yc : y_col_steps) {
                const Steps x{xb, xr, xc}, y{yb, yr, yc};
                if (!x.Fit(kRows, cols) || !y.Fit(kRows, cols)) continue;
                const Value a = Value::FromIntSteps(kRows, cols, x), b = Value::FromIntSteps(kRows, cols, y);
                for (const bool is_equal : {false, true}) {
                  const Value from_steps = is_equal ? equal(a, b) : less_equal(a, b);
                  const Value from_ints =
                      is_equal ? equal(Written(a), Written(b)) : less_equal(Written(a), Written(b));
                  const bool one_per_row =
                      Value::LaneSampled(cols, DType::Bool) && EveryRowRepeats(from_ints);
                  ++compared;
                  (from_steps.lane_constant() ? lane_constant : full) += 1;
                  if (first_mismatch.empty() &&
                      (!BitwiseEqual(from_steps, from_ints) || from_steps.lane_constant() != one_per_row))
                    first_mismatch =
                        std::string(is_equal ? "equal, " : "less_equal, ") + Describe(cols, x, y);
                }
              }
  CHECK_MESSAGE(first_mismatch.empty(), first_mismatch);
  // Both kinds of result were reached, many times each.
  CHECK(compared > 10000);
  CHECK(lane_constant > 1000);
  CHECK(full > 1000);
}

TEST_CASE("a causal mask from iotas is one answer per row off the diagonal, and the full mask on it") {
  // The forward kernel's ids for a 128 × 128 block: q rows from row_start, kv lanes from col_start.
  const auto causal_mask = [](int row_start, int col_start) {
    const Value row_ids = broadcasted_iota(128, 128, 0) + row_start;
    const Value col_ids = broadcasted_iota(128, 128, 1) + col_start;
    REQUIRE(row_ids.int_steps());
    REQUIRE(col_ids.int_steps());
    return less_equal(col_ids, row_ids);
  };
  const Value below = causal_mask(256, 128), on = causal_mask(256, 256), above = causal_mask(256, 384);
  CHECK(below.lane_constant());
  CHECK((below.data() == 1.0f).all());
  CHECK_FALSE(on.lane_constant());
  for (int r = 0; r < 128; r += 9)
    for (int c = 0; c < 128; c += 7) CHECK(on(r, c) == (c <= r ? 1.0f : 0.0f));
  CHECK(above.lane_constant());
  CHECK((above.data() == 0.0f).all());
}

TEST_CASE("an iota plus an offset stays steps, and one that would wrap around is written, and wraps") {
  const Value near_top = broadcasted_iota(2, 3, 1) + (std::numeric_limits<int32_t>::max() - 2);
  CHECK(near_top.int_steps());
  CHECK(near_top.ints()(1, 2) == std::numeric_limits<int32_t>::max());
  const Value wrapped = near_top + 1;
  CHECK_FALSE(wrapped.int_steps());
  CHECK(wrapped.ints()(0, 0) == std::numeric_limits<int32_t>::max() - 1);
  CHECK(wrapped.ints()(0, 2) == std::numeric_limits<int32_t>::min());
}

TEST_CASE("a value kept as steps reads as its integers and their floats, whichever thread reads first") {
  constexpr int kBig = (1 << 24) + 1;  // past what a float holds exactly
  for (int round = 0; round < 20; ++round) {
    const Value ids = broadcasted_iota(64, 256, 0) + (kBig + round);
    IntMatrix want(64, 256);
    for (int r = 0; r < 64; ++r) want.row(r).setConstant(kBig + round + r);
    std::array<bool, 2> same{};
    std::thread ints_reader([&] { same[0] = (ids.ints() == want).all(); });
    std::thread floats_reader([&] { same[1] = (ids.data() == want.cast<float>()).all(); });
    ints_reader.join();
    floats_reader.join();
    CHECK(same[0]);
    CHECK(same[1]);
  }
}
