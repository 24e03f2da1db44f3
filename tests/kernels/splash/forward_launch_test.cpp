// The splash forward launch on the TPU model: output and logsumexp against the float64 reference over the
// mask kinds, head groupings, layouts, dtypes, lengths, segment ids and the soft cap; a threaded run against
// the serial one; the tables' narrowed types in SMEM.
#include <doctest/doctest.h>

#include "kernels/splash/prefetch_tables.hpp"
#include "kernels/tpu/ops.hpp"
#include "tests/kernels/splash/forward_test_support.hpp"

using namespace tilewalk::splash;
using namespace tilewalk::splash::testing;
using tilewalk::tpu::DType;
using tilewalk::tpu::Precision;

TEST_CASE("splash forward: full attention matches the reference") {
  CheckAgainstReference({.mask = SameForEveryHead(2, FullMask({256, 384}))});
}

TEST_CASE("splash forward: a causal mask, computed from q_sequence, matches the reference") {
  const ForwardScenario s{.mask = Causal(2, 512, 512)};
  const auto run = RunForward(s);
  REQUIRE_FALSE(run->result.error);
  CHECK(run->info.q_sequence.has_value());
  CHECK_FALSE(run->info.mask_next.has_value());
  CHECK(run->launch->spec.num_scalar_prefetch == 2);
  CHECK(CountMismatches(s, *run, kF32Tolerance) == 0);
}

TEST_CASE("splash forward: a local sliding window on a shrunk grid matches the reference") {
  // Each q row sees 200 keys before it and none after: at most 3 kv blocks a row, so the grid keeps 3 of 4
  // kv steps, and the mask must be computed at data_next's kv block, not the grid's.
  const ForwardScenario s{.mask = SameForEveryHead(2, LocalMask({512, 512}, {200, 0}, 0))};
  const auto run = RunForward(s);
  REQUIRE_FALSE(run->result.error);
  CHECK(run->launch->spec.grid[2] == 3);
  CHECK(CountMismatches(s, *run, kF32Tolerance) == 0);
}

TEST_CASE("splash forward: a mask given as an array loads its partial blocks and matches the reference") {
  const ForwardScenario s{.mask = SameForEveryHead(2, Scattered(256, 384))};
  const auto run = RunForward(s);
  REQUIRE_FALSE(run->result.error);
  REQUIRE(run->info.mask_next.has_value());
  CHECK(run->launch->spec.num_scalar_prefetch == 3);
  CHECK(CountMismatches(s, *run, kF32Tolerance) == 0);
}

TEST_CASE("splash forward: a chunked causal mask (computed) and the or of two masks (loaded)") {
  CheckAgainstReference({.mask = SameForEveryHead(2, ChunkedCausalMask({512, 512}, 200))});
  const Mask either = MaskOr(LocalMask({512, 512}, {64, 64}, 0), Scattered(512, 512));
  CheckAgainstReference({.mask = SameForEveryHead(2, either), .segment_ids = true});
}

TEST_CASE("splash forward: heads with different masks keep a table row each and match the reference") {
  const Mask mask = MultiHeadMask({CausalMask({256, 256}), Scattered(256, 256), FullMask({256, 256})});
  const ForwardScenario s{.mask = mask, .num_kv_heads = 3};
  const auto run = RunForward(s);
  REQUIRE_FALSE(run->result.error);
  CHECK(run->info.data_next.heads == 3);
  CHECK(CountMismatches(s, *run, kF32Tolerance) == 0);
}

TEST_CASE("splash forward: multi-query attention, one k and v for every q head") {
  CheckAgainstReference({.mask = Causal(4, 256, 256), .is_mqa = true});
}

TEST_CASE("splash forward: grouped heads, two q heads per kv head") {
  CheckAgainstReference({.mask = Causal(4, 256, 256), .num_kv_heads = 2});
}

TEST_CASE("splash forward: bfloat16 inputs at default precision give a bfloat16 output within its rounding") {
  // Default precision, as a bf16 model runs: the MXU rounds the float32 probabilities to bfloat16 before
  // they meet v, on top of the output's own rounding to bfloat16.
  const ForwardScenario s{.mask = Causal(2, 256, 256), .dtype = DType::BF16, .precision = Precision::Default};
  const auto run = RunForward(s);
  REQUIRE_FALSE(run->result.error);
  CHECK(run->launch->out.dtype() == DType::BF16);
  CHECK(CountMismatches(s, *run, 2e-2) == 0);
  CHECK(CountMismatches(s, *run, 1e-5) > 0);  // the output really is rounded to bfloat16
  // The MXU's rounding shows: at Highest the same inputs give another output.
  ForwardScenario highest = s;
  highest.precision = Precision::Highest;
  CHECK_FALSE(RunForward(highest)->launch->out.BitwiseEqual(run->launch->out));
}

TEST_CASE("splash forward: q and kv of different lengths, causal with an offset") {
  CheckAgainstReference({.mask = Causal(2, 256, 512, 256)});
  CheckAgainstReference({.mask = SameForEveryHead(1, FullMask({384, 128}))});
}

TEST_CASE("splash forward: segment ids keep tokens of different segments apart") {
  const ForwardScenario s{.mask = Causal(2, 384, 384), .segment_ids = true};
  CheckAgainstReference(s);
  // Without the ids the same inputs give another result: the ids really mask.
  ForwardScenario no_ids = s;
  no_ids.segment_ids = false;
  const auto with = RunForward(s), without = RunForward(no_ids);
  CHECK_FALSE(with->launch->out.BitwiseEqual(without->launch->out));
}

TEST_CASE("splash forward: the logits soft cap") {
  // Large logits, so that the cap changes them: q and k of stddev 0.3 over 128 dims give |qk| up to ~5.
  CheckAgainstReference({.mask = Causal(2, 256, 256), .soft_cap = 2.0f});
  CheckAgainstReference({.mask = SameForEveryHead(1, Scattered(256, 256)), .soft_cap = 1.5f, .seed = 9});
}

TEST_CASE("splash forward: a kv block of two compute slices, and a head_dim_v below 128 lanes") {
  CheckAgainstReference(
      {.mask = Causal(2, 512, 512),
       .block_sizes = BlockSizes{.block_q = 128, .block_kv = 256, .block_kv_compute = 128}});
  CheckAgainstReference({.mask = Causal(1, 256, 256), .head_dim = 64, .head_dim_v = 64});
}

TEST_CASE("splash forward: blocks of 256, so each masking tile of ids repeats more than once") {
  // The (bq, 128) q ids and q_sequence are tiled twice along the 256 kv columns of a compute slice.
  CheckAgainstReference({.mask = Causal(2, 512, 512),
                         .block_sizes = BlockSizes{.block_q = 256, .block_kv = 256, .block_kv_compute = 256},
                         .segment_ids = true});
  CheckAgainstReference({.mask = SameForEveryHead(2, Scattered(512, 512)),
                         .block_sizes = BlockSizes{.block_q = 256, .block_kv = 512, .block_kv_compute = 256},
                         .segment_ids = true});
}

TEST_CASE("splash forward: the SEQ_MINOR layouts, each operand handed over transposed") {
  using L = QKVLayout;
  const auto sizes = [](L q, L k, L v) {
    return BlockSizes{.block_q = 128,
                      .block_kv = 256,
                      .block_kv_compute = 128,
                      .q_layout = q,
                      .k_layout = k,
                      .v_layout = v};
  };
  CheckAgainstReference(
      {.mask = Causal(2, 256, 512, 256), .block_sizes = sizes(L::SEQ_MINOR, L::SEQ_MINOR, L::SEQ_MINOR)});
  CheckAgainstReference({.mask = Causal(2, 256, 512, 256),
                         .block_sizes = sizes(L::SEQ_MINOR, L::HEAD_DIM_MINOR, L::SEQ_MINOR)});
  CheckAgainstReference({.mask = Causal(4, 256, 256),
                         .is_mqa = true,
                         .block_sizes = sizes(L::HEAD_DIM_MINOR, L::SEQ_MINOR, L::HEAD_DIM_MINOR)});
  // The transposed k is fetched as (head_dim, bkv) blocks at (kv head, 0, data_next): the same copies.
  const ForwardScenario head_minor{.mask = Causal(2, 512, 512), .num_kv_heads = 2, .head_dim = 64};
  ForwardScenario seq_minor = head_minor;
  seq_minor.block_sizes.k_layout = L::SEQ_MINOR;
  const auto a = RunForward(head_minor), b = RunForward(seq_minor);
  REQUIRE_FALSE(b->result.error);
  CHECK(b->launch->spec.inputs[1].spec.block_shape == tilewalk::tpu::Shape{1, 64, 128});
  CHECK(CountMismatches(seq_minor, *b, kF32Tolerance) == 0);
  CHECK(b->result.stats.copies[1].issued == a->result.stats.copies[1].issued);
  CHECK(b->result.stats.copies[1].skipped == a->result.stats.copies[1].skipped);
}

TEST_CASE("splash forward: a kernel that breaks the softmax is caught by the comparison") {
  // Without rescaling by alpha the running output is wrong wherever a row's max grows across kv blocks.
  const ForwardScenario s{.mask = Causal(1, 256, 256)};
  tilewalk::tpu::LaunchOptions options;
  options.statement_override = [](tilewalk::tpu::SiteId site, tilewalk::tpu::Value& value) {
    if (tilewalk::tpu::GetSite(site).name == "splash.fwd.body.alpha")
      value = tilewalk::tpu::jnp::full(value.rows(), value.cols(), 1.0f);
  };
  options.threads = 1;
  const auto run = RunForward(s, options);
  REQUIRE_FALSE(run->result.error);
  CHECK(CountMismatches(s, *run, kF32Tolerance) > 0);
}

TEST_CASE("splash forward: threads give the serial run, bit for bit") {
  // The running state is an output of one constant block, written at every head's first step and zeroed at
  // its last, so the heads can run apart.
  const ForwardScenario s{.mask = SameForEveryHead(4, LocalMask({512, 512}, {200, 0}, 0)),
                          .segment_ids = true};
  const auto serial = RunForward(s, {.threads = 1});
  const auto threaded = RunForward(s, {.threads = 3});
  REQUIRE_FALSE(serial->result.error);
  REQUIRE_FALSE(threaded->result.error);
  CHECK(threaded->launch->out.BitwiseEqual(serial->launch->out));
  CHECK(threaded->launch->logsumexp_lanes->BitwiseEqual(*serial->launch->logsumexp_lanes));
  CHECK(CountMismatches(s, *serial, kF32Tolerance) == 0);
}

TEST_CASE("splash forward: on a two-core chip each core keeps the running state, and o is the one-core o") {
  // Heads and q blocks are parallel, so a v4 splits them between its cores; both keep the m, l and o
  // scratch outputs at their one block, each in its own pipeline.
  const ForwardScenario s{.mask = SameForEveryHead(2, CausalMask({512, 512}))};
  const auto one_core = RunForward(s, {.chip = *tilewalk::tpu::ChipByName("v5e"), .threads = 1});
  const auto two_cores = RunForward(s, {.chip = *tilewalk::tpu::ChipByName("v4"), .threads = 1});
  REQUIRE_FALSE(one_core->result.error);
  REQUIRE_MESSAGE(!two_cores->result.error,
                  (two_cores->result.error ? two_cores->result.error->Describe() : std::string()));
  CHECK(two_cores->result.stats.cost.cores == 2);
  CHECK(two_cores->launch->out.BitwiseEqual(one_core->launch->out));
  CHECK(two_cores->launch->logsumexp_lanes->BitwiseEqual(*one_core->launch->logsumexp_lanes));
}

TEST_CASE("splash forward: the tables go to SMEM in MaskInfo's narrowed types, and count their own bytes") {
  // 2 heads of one causal mask, 4 x 4 blocks: each table is one head row of 4 x 4 values at most 3, so int8.
  const auto run = RunForward({.mask = Causal(2, 512, 512)});
  REQUIRE_FALSE(run->result.error);
  REQUIRE(run->info.data_next.dtype == SmemType::Int8);
  CHECK(run->launch->tables.data_next.dtype() == DType::I8);
  CHECK(run->launch->tables.block_mask.dtype() == DType::I8);
  const auto& smem = run->result.stats.smem_copies;
  REQUIRE(smem.size() == 2);
  CHECK(smem[0].name == "data_next");
  CHECK(smem[0].bytes == 16);
  CHECK(smem[1].bytes == 16);
  // Without the downcast the same tables take 4 bytes a value, and the outputs do not change.
  const MaskInfo wide = MakeSplashMaskInfos(Causal(2, 512, 512),
                                            {.block_sizes = MakeBlockSizes({}), .downcast_smem_data = false})
                            .fwd;
  const auto launch =
      BuildSplashForwardLaunch(wide, {.q = &run->q, .k = &run->k, .v = &run->v}, {.save_residuals = true});
  CHECK(launch->tables.data_next.dtype() == DType::I32);
  const tilewalk::tpu::LaunchResult r =
      tilewalk::tpu::RunLaunch(launch->spec, {.precision = tilewalk::tpu::Precision::Highest});
  REQUIRE_FALSE(r.error);
  CHECK(r.stats.smem_copies[0].bytes == 64);
  CHECK(launch->out.BitwiseEqual(run->launch->out));
}

TEST_CASE("splash forward: every step reads its tables from SMEM as the original's _next_nonzero does") {
  // With mask_next, each step reads block_mask twice (for should_run and for should_not_mask), mask_next
  // and data_next once; each read is a scalar event on that table's operand.
  const auto run = RunForward({.mask = SameForEveryHead(2, Scattered(256, 384))}, {.threads = 1});
  REQUIRE_FALSE(run->result.error);
  const tilewalk::tpu::LaunchSpec& spec = run->launch->spec;
  REQUIRE(spec.scalar_prefetch.size() == 3);
  std::vector<int64_t> reads(3, 0);
  for (const tilewalk::tpu::Event& e : run->result.events)
    if (e.kind == tilewalk::tpu::EventKind::Scalar && e.operand != tilewalk::tpu::kNoOperand &&
        e.operand >= spec.PrefetchOperand(0))
      ++reads[static_cast<std::size_t>(e.operand - spec.PrefetchOperand(0))];
  const int64_t steps = spec.grid.Product();
  CHECK(reads[0] == steps);      // data_next
  CHECK(reads[1] == 2 * steps);  // block_mask
  CHECK(reads[2] == steps);      // mask_next
}
