// The errors of the splash backward pass, each with the original's kind and the phase it surfaces in: the
// backward's checks, which the glue runs before any launch; the (8, 128) block rule, which a dkv or dq
// block of 64 q rows breaks in its logsumexp and di blocks when the launch is lowered (no argument check
// catches it); and the dkv body's own lane rule for segment ids, raised while it is traced.
#include <string>

#include "kernels/splash/dkv_launch.hpp"
#include "kernels/splash/mask_kinds.hpp"
#include "kernels/tpu/launch.hpp"
#include "tests/kernels/splash/backward_test_support.hpp"
#include "tests/kernels/splash/splash_test_support.hpp"
#include "tests/text_search.hpp"

using namespace tilewalk::splash;
using namespace tilewalk::splash::testing;
namespace backward_errors_test {

using tilewalk::test::Contains;
using tilewalk::tpu::ErrorType;
using tilewalk::tpu::Phase;

BackwardScenario FullScenario(const BlockSizes& block_sizes) {
  return {.mask = MultiHeadMask({FullMask({256, 256}), FullMask({256, 256})}), .block_sizes = block_sizes};
}

TEST_CASE("splash backward errors: no backward blocks is refused before any launch") {
  const BackwardRun run =
      RunBackwardScenario(FullScenario(MakeBlockSizes({.block_q = 128, .block_kv = 128})));
  CheckRaised(run.got.error, {ErrorType::ValueError, Phase::ArgumentCheck, "Need to specify backward blocks.",
                              "splash.bwd.backward_blocks"});
  CHECK(run.got.launches.empty());
}

TEST_CASE(
    "splash backward errors: a dkv q block of 64 breaks the block rule when the dkv launch is lowered") {
  BlockSizes b = BackwardBlocks(/*fused=*/false);
  b.block_q_dkv = 64;
  const BackwardRun run = RunBackwardScenario(FullScenario(b));
  REQUIRE(run.got.error);
  CHECK(run.got.error->type == ErrorType::BlockShapeError);
  CHECK(run.got.error->phase == Phase::Lowering);
  // q's block (1, 64, 128) passes; logsumexp's (1, 8, 64), on 256 columns, is the first to break it.
  CHECK(Contains(run.got.error->message, "'logsumexp'"));
  CHECK(Contains(run.got.error->message, "(1, 8, 64)"));
  REQUIRE(run.got.launches.size() == 1);
  CHECK(run.got.launches[0].name == "dkv");
}

TEST_CASE(
    "splash backward errors: a dq q block of 64 breaks the block rule at lowering with nothing executed") {
  BlockSizes b = BackwardBlocks(/*fused=*/false);
  b.block_q_dq = 64;
  const BackwardRun run = RunBackwardScenario(FullScenario(b));
  REQUIRE(run.got.error);
  CHECK(run.got.error->type == ErrorType::BlockShapeError);
  CHECK(run.got.error->phase == Phase::Lowering);
  CHECK(Contains(run.got.error->message, "'logsumexp'"));
  CHECK(Contains(run.got.error->message, "(1, 1, 64)"));
  // Both launches are lowered before either runs: the dkv launch was prepared and never executed a step.
  REQUIRE(run.got.launches.size() == 2);
  CHECK(!run.got.launches[0].error);
  CHECK(run.got.launches[0].stats.steps_run == 0);
  CHECK(run.got.launches[1].name == "dq");
  CHECK(run.got.launches[1].stats.steps_run == 0);
}

TEST_CASE("splash backward errors: segment ids with a dkv q block of 64, from the checks and from the body") {
  BlockSizes b = BackwardBlocks(/*fused=*/false);
  b.block_q_dkv = 64;
  BackwardScenario s = FullScenario(b);
  s.q_segment_ids.assign(256, 1);
  s.kv_segment_ids.assign(256, 1);
  const std::string message = "block_q must be a multiple of 128";
  // The glue's checks predict what tracing the dkv body raises, and stop before any launch.
  const BackwardRun run = RunBackwardScenario(s);
  CheckRaised(run.got.error,
              {ErrorType::NotImplementedError, Phase::Tracing, message, "splash.dkv.segment_ids_lanes"});
  CHECK(run.got.launches.empty());

  // The dkv launch built past the checks: tracing its body raises the same, at the masking step.
  const tilewalk::tpu::Array q(tilewalk::tpu::Shape{2, 256, 128}, tilewalk::tpu::DType::F32);
  const tilewalk::tpu::Array kv(tilewalk::tpu::Shape{2, 256, 128}, tilewalk::tpu::DType::F32);
  const tilewalk::tpu::Array rows(tilewalk::tpu::Shape{2, 256}, tilewalk::tpu::DType::F32);
  const tilewalk::tpu::Array ids = Int32Sequence(s.q_segment_ids);
  const SplashBackwardInputs in{.q = &q,
                                .k = &kv,
                                .v = &kv,
                                .q_segment_ids = &ids,
                                .kv_segment_ids = &ids,
                                .logsumexp = &rows,
                                .d_o = &q,
                                .di = &rows};
  const SplashMaskInfos made = MakeSplashMaskInfos(s.mask, {.block_sizes = b});
  const auto launch =
      BuildDkvLaunch(in, {.mask_value = -1e30f}, *made.dkv, {.bq = 64, .bkv = 128, .bkv_compute = 128});
  const tilewalk::tpu::LaunchResult traced = tilewalk::tpu::RunLaunch(launch->spec, {.record_events = false});
  CheckRaised(traced.error,
              {ErrorType::NotImplementedError, Phase::Tracing, message, "splash.apply_mask.q_lane_rule"});
}

}  // namespace backward_errors_test
