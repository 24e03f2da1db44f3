// The splash backward on the TPU model against the float64 reference: dq, dk and dv for full, causal,
// sliding-window, dense-array and per-head masks, MQA and grouped heads, bfloat16, unequal q and kv
// lengths, segment ids, the soft cap and sinks, each through the two launches and through the fused dkv
// launch.
#include <tuple>
#include <vector>

#include "kernels/splash/mask_kinds.hpp"
#include "tests/kernels/splash/backward_test_support.hpp"

using namespace tilewalk::splash;
using namespace tilewalk::splash::testing;

namespace backward_gradients_test {

constexpr double kF32Tolerance = 1e-4;   // float32 operands at `highest`: only the order of sums differs
constexpr double kBf16Tolerance = 3e-2;  // bfloat16 operands, p and ds rounded to bfloat16 for the MXU

// Runs `s` unfused, then fused (with the dkv kv block and its compute slice given).
void CheckBothBackwards(BackwardScenario s, double tolerance, int64_t bkv_dkv = 128,
                        int64_t bkv_compute = 128) {
  SUBCASE("two launches") {
    s.block_sizes = BackwardBlocks(/*fused=*/false, bkv_dkv, bkv_compute);
    CheckBackwardScenario(s, tolerance);
  }
  SUBCASE("fused") {
    s.block_sizes = BackwardBlocks(/*fused=*/true, bkv_dkv, bkv_compute);
    CheckBackwardScenario(s, tolerance);
  }
}

// A dense mask of rows that each attend their diagonal and a scattered few others: blocks of every class.
tilewalk::tpu::Array ScatteredArray(int64_t q_len, int64_t kv_len) {
  std::vector<uint8_t> bits(static_cast<std::size_t>(q_len * kv_len), 0);
  for (int64_t i = 0; i < q_len; ++i)
    for (int64_t j = 0; j < kv_len; ++j) {
      const bool far_block = j / 128 == 1 && i / 128 == 0;  // one block left empty
      bits[static_cast<std::size_t>(i * kv_len + j)] = !far_block && (i == j || (i * 7 + j * 3) % 5 == 0);
    }
  for (int64_t i = 256; i < q_len; ++i)  // one block left full
    for (int64_t j = 0; j < 128; ++j) bits[static_cast<std::size_t>(i * kv_len + j)] = 1;
  return BoolArray(tilewalk::tpu::Shape{q_len, kv_len}, bits);
}

TEST_CASE("splash backward: full mask") {
  CheckBothBackwards({.mask = SameForEveryHead(2, FullMask({256, 256}))}, kF32Tolerance);
}

TEST_CASE("splash backward: full mask with a kv block of two compute slices") {
  // Fused, the dq partial of a step then sums its slices in a float32 accumulator.
  CheckBothBackwards({.mask = SameForEveryHead(2, FullMask({256, 256}))}, kF32Tolerance, 256, 128);
}

TEST_CASE("splash backward: causal mask") {
  CheckBothBackwards({.mask = SameForEveryHead(2, CausalMask({384, 384})), .q_len = 384, .kv_len = 384},
                     kF32Tolerance);
}

TEST_CASE("splash backward: sliding window") {
  // A window of 100 keys behind each query: most blocks empty, the rest partial, computed in the kernel.
  CheckBothBackwards({.mask = SameForEveryHead(2, LocalMask({512, 512}, LocalWindow{100, 0}, 0)),
                      .q_len = 512,
                      .kv_len = 512},
                     kF32Tolerance);
}

TEST_CASE("splash backward: a dense array mask with empty, partial and full blocks") {
  CheckBothBackwards(
      {.mask = SameForEveryHead(2, NumpyMask(ScatteredArray(384, 384))), .q_len = 384, .kv_len = 384},
      kF32Tolerance);
}

TEST_CASE("splash backward: a different mask per head") {
  CheckBothBackwards(
      {.mask = MultiHeadMask({CausalMask({256, 256}), LocalMask({256, 256}, LocalWindow{64, 64}, 0)})},
      kF32Tolerance);
}

TEST_CASE("splash backward: MQA, four q heads on one k and v") {
  CheckBothBackwards({.mask = SameForEveryHead(4, CausalMask({256, 256})),
                      .num_q_heads = 4,
                      .num_kv_heads = 1,
                      .is_mqa = true},
                     kF32Tolerance);
}

TEST_CASE("splash backward: grouped heads, four q heads on two kv heads") {
  CheckBothBackwards(
      {.mask = SameForEveryHead(4, CausalMask({256, 256})), .num_q_heads = 4, .num_kv_heads = 2},
      kF32Tolerance);
}

TEST_CASE("splash backward: bfloat16 at default precision") {
  CheckBothBackwards({.mask = SameForEveryHead(2, CausalMask({256, 256})),
                      .dtype = tilewalk::tpu::DType::BF16,
                      .precision = tilewalk::tpu::Precision::Default},
                     kBf16Tolerance);
}

TEST_CASE("splash backward: more keys than queries, and a narrower v") {
  // The causal diagonal shifted by 256 so that every query sees keys.
  CheckBothBackwards(
      {.mask = SameForEveryHead(2, CausalMask({256, 512}, 256)), .kv_len = 512, .head_dim_v = 64},
      kF32Tolerance);
}

TEST_CASE("splash backward: segment ids") {
  std::vector<int32_t> q_ids(256), kv_ids(256);
  for (int i = 0; i < 256; ++i) q_ids[i] = kv_ids[i] = i < 100 ? 3 : (i < 200 ? 5 : 9);
  CheckBothBackwards(
      {.mask = SameForEveryHead(2, CausalMask({256, 256})), .q_segment_ids = q_ids, .kv_segment_ids = kv_ids},
      kF32Tolerance);
}

TEST_CASE("splash backward: soft cap") {
  // A cap near the logits' size, so that tanh bends them and its derivative matters.
  CheckBothBackwards({.mask = SameForEveryHead(2, CausalMask({256, 256})), .soft_cap = 2.0f}, kF32Tolerance);
}

TEST_CASE("splash backward: MQA with a kv block of two compute slices") {
  CheckBothBackwards({.mask = SameForEveryHead(4, CausalMask({512, 512})),
                      .num_q_heads = 4,
                      .num_kv_heads = 1,
                      .is_mqa = true,
                      .q_len = 512,
                      .kv_len = 512},
                     kF32Tolerance, 256, 128);
}

TEST_CASE("splash backward: grouped heads, a dense array mask, segment ids and the soft cap at once") {
  std::vector<int32_t> ids(384);
  for (int i = 0; i < 384; ++i) ids[i] = i / 90;
  CheckBothBackwards({.mask = SameForEveryHead(4, NumpyMask(ScatteredArray(384, 384))),
                      .num_q_heads = 4,
                      .num_kv_heads = 2,
                      .q_len = 384,
                      .kv_len = 384,
                      .q_segment_ids = ids,
                      .kv_segment_ids = ids,
                      .soft_cap = 2.5f},
                     kF32Tolerance, 384, 128);
}

TEST_CASE("splash backward: the SEQ_MINOR layouts, of all three and of k alone") {
  constexpr QKVLayout kSeq = QKVLayout::SEQ_MINOR, kHead = QKVLayout::HEAD_DIM_MINOR;
  for (const auto& [q_layout, k_layout, v_layout] :
       {std::tuple{kSeq, kSeq, kSeq}, std::tuple{kHead, kSeq, kHead}}) {
    for (bool fused : {false, true}) {
      INFO("fused " << fused << ", q " << QKVLayoutName(q_layout) << ", k " << QKVLayoutName(k_layout));
      BlockSizes b = BackwardBlocks(fused, 256, 128);
      b.q_layout = q_layout;
      b.k_layout = k_layout;
      b.v_layout = v_layout;
      CheckBackwardScenario({.mask = SameForEveryHead(4, LocalMask({512, 512}, LocalWindow{150, 10}, 0)),
                             .num_q_heads = 4,
                             .num_kv_heads = 2,
                             .q_len = 512,
                             .kv_len = 512,
                             .head_dim_v = 64,
                             .block_sizes = b},
                            kF32Tolerance);
    }
  }
}

TEST_CASE("splash backward: sinks, whose gradient the glue computes outside the kernels") {
  CheckBothBackwards({.mask = SameForEveryHead(2, CausalMask({256, 256})), .sinks = {0.5, -1.25}},
                     kF32Tolerance);
}

TEST_CASE("splash backward: bfloat16 sinks, their gradient rounded to bfloat16 factor by factor") {
  BackwardScenario s{.mask = SameForEveryHead(2, CausalMask({256, 256})),
                     .dtype = tilewalk::tpu::DType::BF16,
                     .sinks = {0.5, -1.25},
                     .precision = tilewalk::tpu::Precision::Default};
  CheckBothBackwards(s, kBf16Tolerance);
  s.block_sizes = BackwardBlocks(/*fused=*/false);
  const BackwardRun run = RunBackwardScenario(s);
  REQUIRE(run.got.dsinks);
  CHECK(run.got.dsinks->dtype() == tilewalk::tpu::DType::BF16);
}

TEST_CASE("splash backward: MQA with q, k and v SEQ_MINOR") {
  for (bool fused : {false, true}) {
    INFO("fused " << fused);
    BlockSizes b = BackwardBlocks(fused, 256, 128);
    b.q_layout = b.k_layout = b.v_layout = QKVLayout::SEQ_MINOR;
    CheckBackwardScenario({.mask = SameForEveryHead(4, CausalMask({512, 512})),
                           .num_q_heads = 4,
                           .num_kv_heads = 1,
                           .is_mqa = true,
                           .q_len = 512,
                           .kv_len = 512,
                           .block_sizes = b},
                          kF32Tolerance);
  }
}

TEST_CASE("splash backward: blocks of 256, so each masking tile of ids repeats more than once") {
  std::vector<int32_t> ids(512);
  for (int i = 0; i < 512; ++i) ids[i] = i < 200 ? 1 : (i < 380 ? 2 : 4);
  for (bool fused : {false, true}) {
    INFO("fused " << fused);
    BlockSizes b = BackwardBlocks(fused, 256, 256);
    b.block_q_dkv = 256;
    if (!fused) {
      b.block_q_dq = 256;
      b.block_kv_dq = 256;
    }
    CheckBackwardScenario({.mask = SameForEveryHead(2, CausalMask({512, 512})),
                           .q_len = 512,
                           .kv_len = 512,
                           .q_segment_ids = ids,
                           .kv_segment_ids = ids,
                           .block_sizes = b},
                          kF32Tolerance);
  }
}

TEST_CASE("splash backward: from the residuals of the forward launch on the model") {
  std::vector<int32_t> ids(256);
  for (int i = 0; i < 256; ++i) ids[i] = i < 150 ? 1 : 2;
  CheckBothBackwards({.mask = SameForEveryHead(4, LocalMask({256, 256}, LocalWindow{100, 20}, 0)),
                      .num_q_heads = 4,
                      .num_kv_heads = 2,
                      .q_segment_ids = ids,
                      .kv_segment_ids = ids,
                      .soft_cap = 3.0f,
                      .forward_on_model = true},
                     kF32Tolerance);
}

TEST_CASE("splash backward: recording every event leaves the gradients as they were, bit for bit") {
  BackwardScenario s{.mask = SameForEveryHead(2, LocalMask({256, 256}, LocalWindow{64, 0}, 0)),
                     .block_sizes = BackwardBlocks(/*fused=*/true)};
  const BackwardRun quiet = RunBackwardScenario(s);
  s.record_events = true;
  const BackwardRun recorded = RunBackwardScenario(s);
  REQUIRE(!quiet.got.error);
  REQUIRE(!recorded.got.error);
  CHECK(recorded.got.launches[0].events.size() > 0);
  CHECK(recorded.got.dq.BitwiseEqual(quiet.got.dq));
  CHECK(recorded.got.dk.BitwiseEqual(quiet.got.dk));
  CHECK(recorded.got.dv.BitwiseEqual(quiet.got.dv));
}

TEST_CASE("splash backward: on a two-core chip the grids, all arbitrary, run as on one core") {
  for (bool fused : {false, true}) {
    INFO("fused " << fused);
    BackwardScenario s{.mask = SameForEveryHead(2, CausalMask({256, 256})),
                       .block_sizes = BackwardBlocks(fused)};
    const BackwardRun one_core = RunBackwardScenario(s);
    s.chip = *tilewalk::tpu::ChipByName("v4");
    const BackwardRun two_cores = RunBackwardScenario(s);
    REQUIRE(!one_core.got.error);
    REQUIRE_MESSAGE(!two_cores.got.error, (two_cores.got.error ? two_cores.got.error->Describe() : ""));
    CHECK(two_cores.got.dq.BitwiseEqual(one_core.got.dq));
    CHECK(two_cores.got.dk.BitwiseEqual(one_core.got.dk));
    CHECK(two_cores.got.dv.BitwiseEqual(one_core.got.dv));
  }
}

}  // namespace backward_gradients_test
