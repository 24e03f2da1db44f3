// The splash forward launch on the TPU model: output and logsumexp against the float64 reference over the
// mask kinds, head groupings, dtypes, lengths, segment ids and the soft cap; copies that follow the
// data_next table (worked by hand, and derived from the mask alone); and the errors of its phases.
#include <doctest/doctest.h>

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
