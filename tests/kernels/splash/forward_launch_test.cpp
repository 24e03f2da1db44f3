// The splash forward launch on the TPU model: output and logsumexp against the float64 reference over the
// mask kinds, head groupings, dtypes, lengths, segment ids and the soft cap; copies that follow the
// data_next table (worked by hand, and derived from the mask alone); and the errors of its phases.
#include <doctest/doctest.h>

#include "kernels/splash/prefetch_tables.hpp"
#include "kernels/tpu/ops.hpp"
#include "tests/kernels/splash/forward_test_support.hpp"
#include "tests/kernels/splash/splash_test_support.hpp"

using namespace tilewalk::splash;
using namespace tilewalk::splash::testing;
using tilewalk::tpu::DType;
using tilewalk::tpu::ErrorType;
using tilewalk::tpu::Phase;

namespace splash_forward_test {

constexpr double kF32Tolerance = 2e-5;

void CheckAgainstReference(const ForwardScenario& s, double tol = kF32Tolerance) {
  const auto run = RunForward(s);
  REQUIRE_FALSE(run->result.error);
  CHECK(CountMismatches(s, *run, tol) == 0);
}

Mask Causal(int64_t heads, int64_t q_len, int64_t kv_len, int64_t offset = 0) {
  return SameForEveryHead(heads, CausalMask({q_len, kv_len}, offset));
}

// A dense mask with a pattern no computable mask has: pair (q, kv) attends when (q / 3 + kv / 5) % 4 != 0,
// with whole blocks of it cleared and filled so that MaskInfo meets every block class.
Mask Scattered(int64_t q_len, int64_t kv_len) {
  std::vector<uint8_t> values;
  for (int64_t q = 0; q < q_len; ++q)
    for (int64_t kv = 0; kv < kv_len; ++kv) {
      const int64_t qb = q / 128, kb = kv / 128;
      const bool empty_block = qb == 0 && kb == 1, full_block = qb == 1 && kb == 0;
      values.push_back(!empty_block && (full_block || (q / 3 + kv / 5) % 4 != 0) ? 1 : 0);
    }
  return NumpyMask(BoolArray({q_len, kv_len}, values));
}

}  // namespace splash_forward_test

using namespace splash_forward_test;

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

TEST_CASE("splash forward: bfloat16 inputs give a bfloat16 output within its rounding") {
  const ForwardScenario s{.mask = Causal(2, 256, 256), .dtype = DType::BF16};
  const auto run = RunForward(s);
  REQUIRE_FALSE(run->result.error);
  CHECK(run->launch->out.dtype() == DType::BF16);
  CHECK(CountMismatches(s, *run, 1e-2) == 0);
  CHECK(CountMismatches(s, *run, 1e-5) > 0);  // the output really is rounded to bfloat16
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

namespace splash_forward_copies_test {

struct Traffic {
  uint32_t issued = 0, skipped = 0;
};

// The k (and v) copies of a forward launch over `heads` q heads sharing one 2-d mask, derived from the mask
// alone: q block i needs the kv blocks where some pair attends, in order; the grid is as wide as the longest
// such list, and a step past the end of its row's list fetches kv block 0. A copy is issued whenever the
// (kv head, kv block) a step fetches differs from the step before it.
Traffic KvCopiesFromMask(const Mask& mask2d, int64_t heads, int64_t q_heads_per_kv_head, int64_t bq,
                         int64_t bkv) {
  const int64_t q_blocks = mask2d.shape()[0] / bq, kv_blocks = mask2d.shape()[1] / bkv;
  std::vector<std::vector<int64_t>> needed(static_cast<std::size_t>(q_blocks));
  std::size_t width = 0;
  for (int64_t i = 0; i < q_blocks; ++i) {
    for (int64_t b = 0; b < kv_blocks; ++b) {
      bool any = false;
      for (int64_t q = i * bq; q < (i + 1) * bq && !any; ++q)
        for (int64_t kv = b * bkv; kv < (b + 1) * bkv && !any; ++kv) any = mask2d.Attends(q, kv);
      if (any) needed[static_cast<std::size_t>(i)].push_back(b);
    }
    width = std::max(width, needed[static_cast<std::size_t>(i)].size());
  }
  Traffic t;
  std::optional<std::pair<int64_t, int64_t>> previous;
  for (int64_t h = 0; h < heads; ++h)
    for (int64_t i = 0; i < q_blocks; ++i)
      for (std::size_t j = 0; j < width; ++j) {
        const auto& row = needed[static_cast<std::size_t>(i)];
        const std::pair<int64_t, int64_t> fetched{h / q_heads_per_kv_head, j < row.size() ? row[j] : 0};
        if (previous == fetched)
          ++t.skipped;
        else
          ++t.issued;
        previous = fetched;
      }
  return t;
}

const tilewalk::tpu::OperandTraffic& CopiesOf(const tilewalk::tpu::LaunchResult& r, const std::string& name) {
  for (const auto& c : r.stats.copies)
    if (c.name == name) return c;
  FAIL("no input named " << name);
  return r.stats.copies.front();
}

}  // namespace splash_forward_copies_test

using namespace splash_forward_copies_test;

TEST_CASE("splash forward copies: causal over 4 x 4 blocks, worked by hand from data_next") {
  // Rows need kv blocks [0], [0 1], [0 1 2], [0 1 2 3]; the grid keeps 4 kv steps, and steps past a row's
  // list fetch block 0. Fetched: 0 0 0 0 | 0 1 0 0 | 0 1 2 0 | 0 1 2 3: 1 + 2 + 3 + 3 = 9 issued, 7 skipped.
  // Full attention fetches 0 1 2 3 in every row: 16 issued, none skipped. Causal saves 7 copies of k and v.
  const auto causal = RunForward({.mask = Causal(1, 512, 512)});
  const auto full = RunForward({.mask = SameForEveryHead(1, FullMask({512, 512}))});
  REQUIRE_FALSE(causal->result.error);
  REQUIRE_FALSE(full->result.error);
  for (const char* name : {"k", "v"}) {
    CHECK(CopiesOf(causal->result, name).issued == 9);
    CHECK(CopiesOf(causal->result, name).skipped == 7);
    CHECK(CopiesOf(full->result, name).issued == 16);
    CHECK(CopiesOf(full->result, name).skipped == 0);
  }
  // Only the 10 steps on or below the diagonal run their arithmetic.
  CHECK(causal->result.stats.steps_run == 10);
  CHECK(full->result.stats.steps_run == 16);
}

TEST_CASE(
    "splash forward copies: k, v and kv segment id copies follow the mask, for several masks and heads") {
  struct Case {
    Mask mask2d;
    int64_t heads, kv_heads;
  };
  const std::vector<Case> cases = {
      {CausalMask({512, 512}), 2, 2},
      {CausalMask({512, 512}), 4, 2},
      {FullMask({256, 512}), 2, 1},
      {LocalMask({768, 768}, {200, 0}, 0), 2, 2},
      {LocalMask({768, 768}, {130, 130}, 0), 3, 1},
      {CausalMask({256, 768}, 512), 2, 2},
  };
  for (const Case& c : cases) {
    const ForwardScenario s{
        .mask = SameForEveryHead(c.heads, c.mask2d), .num_kv_heads = c.kv_heads, .segment_ids = true};
    const auto run = RunForward(s);
    REQUIRE_FALSE(run->result.error);
    const Traffic want = KvCopiesFromMask(c.mask2d, c.heads, c.heads / c.kv_heads, 128, 128);
    // kv segment ids are fetched by kv block alone, whatever the head: their copies follow the same rule
    // with every head mapped to one.
    const Traffic want_ids = KvCopiesFromMask(c.mask2d, c.heads, c.heads, 128, 128);
    CAPTURE(c.heads);
    CAPTURE(c.mask2d.shape()[0]);
    CHECK(CopiesOf(run->result, "k").issued == want.issued);
    CHECK(CopiesOf(run->result, "k").skipped == want.skipped);
    CHECK(CopiesOf(run->result, "v").issued == want.issued);
    CHECK(CopiesOf(run->result, "kv_segment_ids").issued == want_ids.issued);
    CHECK(CopiesOf(run->result, "kv_segment_ids").skipped == want_ids.skipped);
    CHECK(CountMismatches(s, *run, kF32Tolerance) == 0);
  }
}

TEST_CASE("splash forward copies: a mask array's partial blocks are fetched through mask_next") {
  // Scattered(256, 256): block (0, 0) partial, (0, 1) empty, (1, 0) full, (1, 1) partial, so two distinct
  // partial blocks. Row 0 keeps [0] and row 1 [0 1]; the grid is 2 wide. mask_next names the step's partial
  // block, or for a full step the next partial one; a padded step names 0. Fetched per head: 0 0 | 1 1, and
  // the second head starts again at 0: 4 issued, 4 skipped.
  const auto run = RunForward({.mask = SameForEveryHead(2, Scattered(256, 256))});
  REQUIRE_FALSE(run->result.error);
  REQUIRE(run->info.partial_mask_blocks.has_value());
  CHECK(run->info.partial_mask_blocks->shape()[0] == 2);
  CHECK(CopiesOf(run->result, "mask").issued == 4);
  CHECK(CopiesOf(run->result, "mask").skipped == 4);
}

namespace splash_forward_errors_test {

// Builds the forward launch of `mask` for q, k and v of the given lengths (which may differ from the mask's),
// and runs it; an error of the build comes back as the result's error.
std::optional<tilewalk::tpu::KernelError> ForwardError(const Mask& mask, int64_t q_len, int64_t kv_len,
                                                       const BlockSizes& fields) {
  const int64_t heads = mask.shape()[0];
  const tilewalk::tpu::Array q = SeededArray({heads, q_len, 128}, DType::F32, 5, 0.3f);
  const tilewalk::tpu::Array k = SeededArray({heads, kv_len, 128}, DType::F32, 6, 0.3f);
  const tilewalk::tpu::Array v = SeededArray({heads, kv_len, 128}, DType::F32, 7, 1.0f);
  std::unique_ptr<SplashForwardLaunch> launch;
  if (auto e = CatchSplashError([&] {
        const BlockSizes bs = MakeBlockSizes(fields);
        const MaskInfo info = MakeSplashMaskInfos(mask, {.block_sizes = bs}).fwd;
        launch = BuildSplashForwardLaunch(info, {.q = &q, .k = &k, .v = &v}, {.block_sizes = bs});
      }))
    return e;
  return tilewalk::tpu::RunLaunch(launch->spec, {}).error;
}

}  // namespace splash_forward_errors_test

using namespace splash_forward_errors_test;

TEST_CASE("splash forward errors: the launch makes the entry checks first") {
  CheckRaised(
      ForwardError(Causal(1, 256, 256), 256, 256, {.block_q = 128, .block_kv = 128, .block_kv_compute = 64}),
      {ErrorType::ValueError, Phase::ArgumentCheck, "bkv_compute=64 must be a multiple of 128.",
       "splash.fwd.kv_compute_lanes"});
}

TEST_CASE("splash forward errors: a q block of 4 rows breaks the tiling rule when the launch lowers") {
  // MaskInfo takes block_q = 4 (it divides 8), and so do the entry checks; the q block (1, 4, 128) does not.
  const auto e = ForwardError(Causal(1, 8, 128), 8, 128, {.block_q = 4, .block_kv = 128});
  REQUIRE(e.has_value());
  CHECK(e->type == ErrorType::BlockShapeError);
  CHECK(e->phase == Phase::Lowering);
  CHECK(e->message.find("operand 'q'") != std::string::npos);
}

TEST_CASE("splash forward errors: q longer than the mask leads the index maps outside the tables") {
  // Nothing in the original compares q's length with the mask's: the grid gets 4 q blocks, the tables 2.
  const auto e = ForwardError(Causal(1, 256, 256), 512, 256, {.block_q = 128, .block_kv = 128});
  REQUIRE(e.has_value());
  CHECK(e->type == ErrorType::IndexMapError);
  CHECK(e->phase == Phase::Execution);
  CHECK(e->message.find("out of bounds") != std::string::npos);
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

TEST_CASE("splash forward: the tables go to SMEM in MaskInfo's narrowed types, and count their own bytes") {
  // 2 heads of one causal mask, 4 x 4 blocks: each table is one head row of 4 x 4 values at most 3, so int8.
  const auto run = RunForward({.mask = Causal(2, 512, 512)});
  REQUIRE_FALSE(run->result.error);
  REQUIRE(run->info.data_next.dtype == SmemType::Int8);
  CHECK(run->launch->data_next.dtype() == DType::I8);
  CHECK(run->launch->block_mask.dtype() == DType::I8);
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
  CHECK(launch->data_next.dtype() == DType::I32);
  const tilewalk::tpu::LaunchResult r =
      tilewalk::tpu::RunLaunch(launch->spec, {.precision = tilewalk::tpu::Precision::Highest});
  REQUIRE_FALSE(r.error);
  CHECK(r.stats.smem_copies[0].bytes == 64);
  CHECK(launch->out.BitwiseEqual(run->launch->out));
}
