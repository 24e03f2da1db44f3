// The mask kinds on small cases worked out by hand: which pairs attend, the computable form, the
// original's equality (which decides how MaskInfo deduplicates heads).
#include <array>

#include "tests/kernels/splash/splash_test_support.hpp"

using namespace tilewalk::splash;
using tilewalk::splash::testing::Dense;
using tilewalk::splash::testing::FromRows;
using tilewalk::splash::testing::Rows;

namespace masks_test {

// Every computable mask agrees with its own mask function read through q_sequence.
void CheckComputableForm(const Mask& m) {
  REQUIRE(m.computable());
  const std::vector<int32_t> ids = m.q_sequence();
  REQUIRE(static_cast<int64_t>(ids.size()) == m.shape()[0]);
  for (int64_t q = 0; q < m.shape()[0]; ++q) {
    CHECK(ids[q] == q);
    for (int64_t kv = 0; kv < m.shape()[1]; ++kv) CHECK(m.MaskFunction(ids[q], kv) == m.Attends(q, kv));
  }
}

}  // namespace masks_test

TEST_CASE("FullMask: every pair attends, and it has no mask function") {
  const Mask m = FullMask({2, 3});
  CHECK(m.kind() == MaskKind::Full);
  CHECK(m.shape() == tilewalk::tpu::Shape{2, 3});
  CHECK(Dense(m) == Rows{{1, 1, 1}, {1, 1, 1}});
  CHECK_FALSE(m.computable());
}

TEST_CASE("CausalMask: q + offset >= kv, for offsets 0, 1, -1 and a wide mask") {
  CHECK(Dense(CausalMask({4, 4})) == Rows{{1, 0, 0, 0}, {1, 1, 0, 0}, {1, 1, 1, 0}, {1, 1, 1, 1}});
  CHECK(Dense(CausalMask({4, 4}, 1)) == Rows{{1, 1, 0, 0}, {1, 1, 1, 0}, {1, 1, 1, 1}, {1, 1, 1, 1}});
  // A negative offset leaves the first rows attending to nothing.
  CHECK(Dense(CausalMask({4, 4}, -1)) == Rows{{0, 0, 0, 0}, {1, 0, 0, 0}, {1, 1, 0, 0}, {1, 1, 1, 0}});
  CHECK(Dense(CausalMask({2, 4}, 2)) == Rows{{1, 1, 1, 0}, {1, 1, 1, 1}});
  masks_test::CheckComputableForm(CausalMask({4, 4}, -1));
  CHECK(CausalMask({4, 4}, 3).offset() == 3);
}

TEST_CASE("LocalMask: left and right windows, an open side, both open, and an offset") {
  CHECK(Dense(LocalMask({5, 5}, {1, 0}, 0)) ==
        Rows{{1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {0, 1, 1, 0, 0}, {0, 0, 1, 1, 0}, {0, 0, 0, 1, 1}});
  CHECK(Dense(LocalMask({5, 5}, {std::nullopt, 1}, 0)) ==
        Rows{{1, 1, 0, 0, 0}, {1, 1, 1, 0, 0}, {1, 1, 1, 1, 0}, {1, 1, 1, 1, 1}, {1, 1, 1, 1, 1}});
  CHECK(Dense(LocalMask({5, 5}, {1, std::nullopt}, 0)) ==
        Rows{{1, 1, 1, 1, 1}, {1, 1, 1, 1, 1}, {0, 1, 1, 1, 1}, {0, 0, 1, 1, 1}, {0, 0, 0, 1, 1}});
  CHECK(Dense(LocalMask({2, 3}, {std::nullopt, std::nullopt}, 5)) == Rows{{1, 1, 1}, {1, 1, 1}});
  // A window of (0, 0) shifted by one: each query sees only the key after it.
  CHECK(Dense(LocalMask({5, 5}, {0, 0}, 1)) ==
        Rows{{0, 1, 0, 0, 0}, {0, 0, 1, 0, 0}, {0, 0, 0, 1, 0}, {0, 0, 0, 0, 1}, {0, 0, 0, 0, 0}});
  masks_test::CheckComputableForm(LocalMask({5, 5}, {1, 2}, -1));
  CHECK(LocalMask({5, 5}, {1, std::nullopt}, 2).window_size() == LocalWindow{1, std::nullopt});
}

TEST_CASE("ChunkedCausalMask: causal inside each chunk, nothing across chunks") {
  CHECK(Dense(ChunkedCausalMask({6, 6}, 3)) == Rows{{1, 0, 0, 0, 0, 0},
                                                    {1, 1, 0, 0, 0, 0},
                                                    {1, 1, 1, 0, 0, 0},
                                                    {0, 0, 0, 1, 0, 0},
                                                    {0, 0, 0, 1, 1, 0},
                                                    {0, 0, 0, 1, 1, 1}});
  masks_test::CheckComputableForm(ChunkedCausalMask({6, 6}, 4));
  CHECK(ChunkedCausalMask({6, 6}, 4).chunk_size() == 4);
}

TEST_CASE("NumpyMask: the array's own values, and no mask function") {
  const Rows rows{{0, 1, 1}, {1, 0, 0}};
  const Mask m = FromRows(rows);
  CHECK(m.kind() == MaskKind::Numpy);
  CHECK(m.shape() == tilewalk::tpu::Shape{2, 3});
  CHECK(Dense(m) == rows);
  CHECK_FALSE(m.computable());
}

TEST_CASE("LogicalOr and LogicalAnd, and the | and & operators, combine pair by pair") {
  const Mask causal = CausalMask({3, 3});           // 100 110 111
  const Mask ahead = LocalMask({3, 3}, {0, 1}, 0);  // 110 011 001
  const Rows either{{1, 1, 0}, {1, 1, 1}, {1, 1, 1}};
  const Rows both{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  CHECK(Dense(LogicalOr(causal, ahead)) == either);
  CHECK(Dense(MaskOr(causal, ahead)) == either);
  CHECK(Dense(LogicalAnd(causal, ahead)) == both);
  CHECK(Dense(MaskAnd(causal, ahead)) == both);
  CHECK(LogicalOr(causal, ahead).kind() == MaskKind::LogicalOr);
  CHECK_FALSE(LogicalOr(causal, ahead).computable());
  CHECK(LogicalAnd(causal, ahead).left() == causal);
  CHECK(LogicalAnd(causal, ahead).right() == ahead);
}

TEST_CASE("MultiHeadMask: one mask per head, shape (heads, q, kv)") {
  const Mask m = MultiHeadMask({CausalMask({3, 3}), FullMask({3, 3})});
  CHECK(m.shape() == tilewalk::tpu::Shape{2, 3, 3});
  CHECK_FALSE(m.Attends(0, 0, 2));
  CHECK(m.Attends(1, 0, 2));
  CHECK(m.Attends(0, 2, 0));
  CHECK(m.masks().size() == 2);
  // An or of two multi-head masks is 3-d too, evaluated head by head.
  const Mask other = MultiHeadMask({FullMask({3, 3}), CausalMask({3, 3})});
  const Mask either = MaskOr(m, other);
  CHECK(either.shape() == tilewalk::tpu::Shape{2, 3, 3});
  CHECK(either.Attends(0, 0, 2));
  CHECK_FALSE(MaskAnd(m, other).Attends(0, 0, 2));
}

TEST_CASE("Block reads a rectangle of a 2-d mask, row-major") {
  const Mask m = CausalMask({4, 4});
  CHECK(m.Block(1, 3, 0, 2) == std::vector<uint8_t>{1, 1, 1, 1});
  CHECK(m.Block(0, 2, 1, 3) == std::vector<uint8_t>{0, 0, 1, 0});
  CHECK(m.Block(2, 2, 0, 4).empty());
}

TEST_CASE("Block fills a computable mask's rows as intervals that agree with Attends, pair by pair") {
  const std::vector<Mask> masks = {
      FullMask({9, 11}),
      CausalMask({9, 11}),
      CausalMask({9, 11}, 3),
      CausalMask({9, 11}, -4),
      ChunkedCausalMask({9, 11}, 4),
      LocalMask({9, 11}, {.left = 2, .right = 1}, 0),
      LocalMask({9, 11}, {.left = 3, .right = std::nullopt}, 2),
      LocalMask({9, 11}, {.left = std::nullopt, .right = 0}, -1),
  };
  for (std::size_t i = 0; i < masks.size(); ++i) {
    INFO("mask " << i);
    const Mask& m = masks[i];
    for (const auto& [q0, q1, kv0, kv1] :
         std::vector<std::array<int64_t, 4>>{{0, 9, 0, 11}, {2, 7, 3, 9}, {5, 9, 0, 4}}) {
      const std::vector<uint8_t> block = m.Block(q0, q1, kv0, kv1);
      REQUIRE(static_cast<int64_t>(block.size()) == (q1 - q0) * (kv1 - kv0));
      for (int64_t q = q0; q < q1; ++q)
        for (int64_t kv = kv0; kv < kv1; ++kv)
          CHECK(block[static_cast<std::size_t>((q - q0) * (kv1 - kv0) + kv - kv0)] ==
                (m.Attends(q, kv) ? 1 : 0));
    }
  }
}

TEST_CASE("Equality is the original's: same kind and parameters, never across kinds") {
  CHECK(CausalMask({4, 4}) == CausalMask({4, 4}));
  CHECK_FALSE(CausalMask({4, 4}) == CausalMask({4, 4}, 1));
  CHECK_FALSE(CausalMask({4, 4}) == CausalMask({4, 8}));
  // The shard count is not a parameter of the mask.
  CHECK(CausalMask({4, 4}, 0, 2) == CausalMask({4, 4}));
  // Same pairs, different kinds: two masks.
  CHECK_FALSE(CausalMask({3, 3}) == FromRows({{1, 0, 0}, {1, 1, 0}, {1, 1, 1}}));
  CHECK(FromRows({{1, 0}, {1, 1}}) == FromRows({{1, 0}, {1, 1}}));
  CHECK_FALSE(FromRows({{1, 0}, {1, 1}}) == FromRows({{1, 0}, {0, 1}}));
  CHECK_FALSE(FromRows({{1, 1}}) == FromRows({{1}, {1}}));
  CHECK(LocalMask({4, 4}, {1, std::nullopt}, 0) == LocalMask({4, 4}, {1, std::nullopt}, 0));
  CHECK_FALSE(LocalMask({4, 4}, {1, std::nullopt}, 0) == LocalMask({4, 4}, {1, 1}, 0));
  CHECK_FALSE(LocalMask({4, 4}, {1, 1}, 0) == LocalMask({4, 4}, {1, 1}, 1));
  CHECK(ChunkedCausalMask({4, 4}, 2) == ChunkedCausalMask({4, 4}, 2));
  CHECK_FALSE(ChunkedCausalMask({4, 4}, 2) == ChunkedCausalMask({4, 4}, 4));
  CHECK(FullMask({2, 2}) == FullMask({2, 2}));
  CHECK_FALSE(FullMask({2, 2}) == FullMask({2, 3}));
  const Mask a = CausalMask({3, 3});
  const Mask b = FullMask({3, 3});
  CHECK(LogicalOr(a, b) == LogicalOr(CausalMask({3, 3}), FullMask({3, 3})));
  CHECK_FALSE(LogicalOr(a, b) == LogicalAnd(a, b));
  CHECK_FALSE(LogicalOr(a, b) == LogicalOr(b, a));  // the operands are compared in order
  CHECK(MultiHeadMask({a, b}) == MultiHeadMask({CausalMask({3, 3}), FullMask({3, 3})}));
  CHECK_FALSE(MultiHeadMask({a, b}) == MultiHeadMask({b, a}));
}
