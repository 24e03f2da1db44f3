// The splash step's host memory estimate (host_memory.hpp): that it grows with what the step keeps. Not
// timed: tests/bench/splash_step_bench.cpp measures it against real peaks.
#include "kernels/splash/host_memory.hpp"

#include <doctest/doctest.h>

#include "kernels/splash/mask_kinds.hpp"
#include "tests/kernels/splash/backward_blocks.hpp"

using namespace tilewalk::splash;

namespace splash_host_memory_test {

SplashMaskInfos Made(const Mask& mask, bool fused) {
  return MakeSplashMaskInfos(mask, {.block_sizes = testing::BackwardBlocks(fused)});
}

Mask Causal(int64_t n) {
  return MultiHeadMask({CausalMask({n, n})});
}

SplashStepShape StepShape(int64_t n) {
  return {.q_len = n, .kv_len = n};
}

}  // namespace splash_host_memory_test

using namespace splash_host_memory_test;
using tilewalk::kernel::HostMemory;

TEST_CASE("splash host memory: the fused backward adds its dq partials, [kv blocks, heads, Sq, d]") {
  const HostMemory unfused = EstimateHostMemory(StepShape(1024), Made(Causal(1024), false), {.threads = 1});
  const HostMemory fused = EstimateHostMemory(StepShape(1024), Made(Causal(1024), true), {.threads = 1});
  // 8 kv blocks of partials, each [1, 1024, 128] float32, and their sum, less the dq launch's arrays (dq,
  // its q sequence in lanes, its tables).
  const double partials = 8.0 * 1024 * 128 * 4;
  CHECK(fused.launches - unfused.launches > 0.8 * partials);
  CHECK(fused.launches - unfused.launches < 1.2 * partials);
  CHECK(fused.inputs == unfused.inputs);
}

TEST_CASE("splash host memory: the dq partials grow with the kv blocks, quadratically in the length") {
  const auto added_by_fusing = [](int64_t n) {
    return EstimateHostMemory(StepShape(n), Made(Causal(n), true), {.threads = 1}).launches -
           EstimateHostMemory(StepShape(n), Made(Causal(n), false), {.threads = 1}).launches;
  };
  const double ratio = added_by_fusing(2048) / added_by_fusing(1024);
  CHECK(ratio > 3.5);
  CHECK(ratio < 4.5);
  CHECK(EstimateHostMemory(StepShape(2048), Made(Causal(2048), true), {.threads = 1}).inputs ==
        doctest::Approx(
            2 * EstimateHostMemory(StepShape(1024), Made(Causal(1024), true), {.threads = 1}).inputs));
}

TEST_CASE("splash host memory: recorded events count, and a causal mask records fewer than a full one") {
  const SplashMaskInfos causal = Made(Causal(1024), false);
  const SplashMaskInfos full = Made(MultiHeadMask({FullMask({1024, 1024})}), false);
  const HostMemory recorded = EstimateHostMemory(StepShape(1024), causal, {.record = true, .threads = 1});
  const HostMemory unrecorded = EstimateHostMemory(StepShape(1024), causal, {.record = false, .threads = 1});
  CHECK(recorded.events > unrecorded.events);
  CHECK(EstimateSplashEvents(StepShape(1024), causal) < EstimateSplashEvents(StepShape(1024), full));
  // The causal forward's grid runs the 36 of 64 block pairs on or below the diagonal.
  const SplashLaunchSteps steps = CountLaunchSteps(causal.fwd, 1);
  CHECK(steps.ran == 36);
  CHECK(steps.steps >= steps.ran);
}

TEST_CASE("splash host memory: the forward alone leaves out the backward, a check adds the reference") {
  const SplashMaskInfos made = Made(Causal(1024), false);
  SplashStepShape shape = StepShape(1024);
  const HostMemory step = EstimateHostMemory(shape, made, {.threads = 1});
  shape.forward_only = true;
  const HostMemory forward = EstimateHostMemory(shape, made, {.threads = 1});
  CHECK(forward.launches < step.launches);
  CHECK(forward.events < step.events);
  CHECK(step.reference == 0);
  shape.forward_only = false;
  shape.reference = true;
  // At least one head's dense [Sq, Skv] probabilities in float64.
  CHECK(EstimateHostMemory(shape, made, {.threads = 1}).reference > 1024.0 * 1024 * 8);
}

TEST_CASE("splash host memory: worker threads count for the forward's heads, its one parallel axis") {
  const SplashMaskInfos one_head = Made(Causal(1024), false);
  CHECK(EstimateHostMemory(StepShape(1024), one_head, {.threads = 2}).workers == 0);
  const SplashMaskInfos two_heads =
      MakeSplashMaskInfos(MultiHeadMask({CausalMask({1024, 1024}), CausalMask({1024, 1024})}),
                          {.block_sizes = testing::BackwardBlocks(false)});
  SplashStepShape shape = StepShape(1024);
  shape.num_q_heads = shape.num_kv_heads = 2;
  CHECK(EstimateHostMemory(shape, two_heads, {.threads = 2}).workers > 0);
  CHECK(EstimateHostMemory(shape, two_heads, {.threads = 1}).workers == 0);
}
