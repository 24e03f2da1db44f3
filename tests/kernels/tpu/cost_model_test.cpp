// The cost model on a case small enough to work out by hand.
#include <doctest/doctest.h>

#include "tests/kernels/tpu/toy_matmul.hpp"

using namespace tilewalk::tpu;
using tilewalk::tpu::testing::ToyMatmul;

TEST_CASE("chip presets carry the public per-chip figures and split two-core chips per core") {
  const Chip v4 = *ChipByName("v4");
  CHECK(v4.CoreHbmBytesPerSecond() == doctest::Approx(615e9));
  CHECK(v4.CoreFlopsPerSecond() == doctest::Approx(137.5e12));
  CHECK(v4.vmem_bytes == 16 * 1024 * 1024);
  // Clock implied by the MXU peak: 137.5e12 / (4 MXUs · 128² · 2) ≈ 1.049 GHz.
  CHECK(v4.ClockHz() == doctest::Approx(1.0490e9).epsilon(1e-3));
  CHECK_FALSE(ChipByName("v9"));
}

TEST_CASE("the v6e's clock is its own assumed figure, not the 3.5 GHz its two MXUs would imply") {
  const Chip v6e = *ChipByName("v6e");
  // Implied by the peak: 920e12 / (2 MXUs · 256² · 2) = 3.51 GHz. Set instead: 1.75 GHz.
  CHECK(v6e.CoreFlopsPerSecond() / (2.0 * 256 * 256 * 2) == doctest::Approx(3.509e9).epsilon(1e-3));
  CHECK(v6e.ClockHz() == doctest::Approx(1.75e9));
  CHECK_FALSE(v6e.clock_source.empty());
  // Two vector-register operations a cycle: 3.5e9 a second; exp on 1024 elements a cycle: 1.792e12.
  CHECK(v6e.VregOpsPerSecond() == doctest::Approx(3.5e9));
  CHECK(v6e.TranscendentalsPerSecond() == doctest::Approx(1.792e12));
  const CostModel cost(v6e);
  CHECK(cost.VregUs(3500) == doctest::Approx(1.0));  // 3500 register operations take a microsecond
  // The MXU time still comes from the published peak: 2 · 256³ flops at 920 TFLOPs.
  CHECK(cost.ComputeUs(OpCounts{.mxu_flops = 2ull * 256 * 256 * 256}) ==
        doctest::Approx(2.0 * 256 * 256 * 256 / 920e12 * 1e6));
  // The other chips keep the clock their MXU peak implies: v5e 197e12 / (4 · 128² · 2) = 1.503 GHz.
  CHECK(ChipByName("v5e")->ClockHz() == doctest::Approx(1.503e9).epsilon(1e-3));
  CHECK(ChipByName("v5p")->ClockHz() == doctest::Approx(1.751e9).epsilon(1e-3));
}

namespace {
// The hand-worked figures for 128 × 128 float32 blocks on a v5e.
const double kCopyUs = 65536.0 / 820e9 * 1e6;                   // 0.0799 µs per block at 820 GB/s
const double kClockHz = 197e12 / (4.0 * 128 * 128 * 2);         // 1.503 GHz
const double kVregUs = 1e6 / (kClockHz * 2.0);                  // one vector-register op
const double kBlockVregs = (128 / 8) * (128 / 128);             // 16 registers per 128×128 tile
const double kMatmulUs = 2.0 * 128 * 128 * 128 / 197e12 * 1e6;  // one bf16 MXU pass
// The toy's statements in a step with k == 0 == last: zeros (16 vregs), store zero, load a, load b, dot,
// store_add, load acc, store c.
const double kStepComputeUs = kMatmulUs + 7 * kBlockVregs * kVregUs;
}  // namespace

TEST_CASE("one-step toy matmul on a v5e: prologue copies, overhead, compute, writeback, computed by hand") {
  const Chip chip = *ChipByName("v5e");
  ToyMatmul t(128, 128, 128, 128, 128, 128);  // one step, every block 128×128 f32 = 65536 bytes
  const LaunchResult r = RunLaunch(t.Spec(), LaunchOptions{.chip = chip, .precision = Precision::Default});
  REQUIRE_FALSE(r.error);

  const double compute_us = kGridStepOverheadUs + kStepComputeUs;
  CHECK(r.stats.cost.dma_us == doctest::Approx(3 * kCopyUs));  // a, b in; c out
  CHECK(r.stats.cost.compute_us == doctest::Approx(compute_us));
  CHECK(r.stats.cost.overhead_us == doctest::Approx(0.35));
  // Nothing overlaps in a single step: copies in, the step's overhead and compute, copy out.
  CHECK(r.stats.cost.total_us == doctest::Approx(2 * kCopyUs + compute_us + kCopyUs));
  CHECK(r.stats.cost.bubble_us == doctest::Approx(3 * kCopyUs));
  CHECK(r.stats.step_costs[0].wait_us == doctest::Approx(2 * kCopyUs));
  CHECK(r.stats.step_costs[0].overhead_us == doctest::Approx(0.35));
  // 0.24 µs of copies against 0.41 µs of compute, most of it the step's fixed overhead.
  CHECK(r.stats.cost.bound == Bound::Compute);
}

TEST_CASE("a step waits for its own inputs, not for the copy-back of the step before") {
  // Grid (2, 1, 1): a's block changes at step 1, b's does not; c is written back after each step.
  ToyMatmul t(256, 128, 128, 128, 128, 128);
  const LaunchResult r = RunLaunch(t.Spec(), LaunchOptions{.chip = *ChipByName("v5e")});
  REQUIRE_FALSE(r.error);
  const double c = kCopyUs, o = kGridStepOverheadUs, w = kStepComputeUs;
  // Prologue: a0 and b0 land at 2c. Step 0 starts at 2c, pays o, issues a1 (lands at 3c + o), computes
  // until 2c + o + w, and queues c0's copy-back behind a1: from 3c + o to 4c + o.
  // Step 1 needs only a1: it waits from 2c + o + w until 3c + o (c − w, as w < c), then overlaps c0's
  // copy-back with its overhead and compute, ending at 3c + 2o + w; c1 goes back from there.
  REQUIRE(w < c);
  CHECK(r.stats.step_costs[0].wait_us == doctest::Approx(2 * c));
  CHECK(r.stats.step_costs[1].wait_us == doctest::Approx(c - w));
  CHECK(r.stats.step_costs[1].start_us == doctest::Approx(3 * c + o));
  CHECK(r.stats.step_costs[1].end_us == doctest::Approx(3 * c + 2 * o + w));
  CHECK(r.stats.cost.total_us == doctest::Approx(4 * c + 2 * o + w));
  // Had step 1 waited for c0's copy-back too (it ends at 4c + o), the launch would end c later.
}

TEST_CASE("every grid step pays the fixed overhead, skipped or not") {
  ToyMatmul t(128, 1024, 128, 128, 128, 128);  // grid (1, 8, 1)
  const LaunchResult r = RunLaunch(t.Spec(), LaunchOptions{.chip = *ChipByName("v5e")});
  REQUIRE_FALSE(r.error);
  CHECK(r.stats.cost.overhead_us == doctest::Approx(8 * 0.35));
  for (const StepCost& s : r.stats.step_costs) CHECK(s.overhead_us == doctest::Approx(0.35));
}

TEST_CASE("MXU utilisation rounds k and n up to the MXU and m up to eight rows") {
  // Whole tiles: nothing wasted.
  CHECK(MxuOccupiedFlops(128, 128, 128, 128) == 2ull * 128 * 128 * 128);
  CHECK(MxuUtilisation(256, 512, 384, 128) == doctest::Approx(1.0));
  // head_dim 64 as the contracting dimension fills half of a 128-wide MXU: 2 · 128 · 128 · 128 occupied.
  CHECK(MxuOccupiedFlops(128, 64, 128, 128) == 2ull * 128 * 128 * 128);
  CHECK(MxuUtilisation(128, 64, 128, 128) == doctest::Approx(0.5));
  // On a 256 × 256 MXU (v6e) a 128 × 128 × 128 matmul uses a quarter: k and n each half.
  CHECK(MxuUtilisation(128, 128, 128, 256) == doctest::Approx(0.25));
  // Rows stream eight at a time: 100 rows occupy 104.
  CHECK(MxuUtilisation(100, 128, 128, 128) == doctest::Approx(100.0 / 104.0));
  CHECK(MxuOccupiedFlops(0, 128, 128, 128) == 0);
  CHECK(MxuUtilisation(0, 128, 128, 128) == doctest::Approx(1.0));
}

TEST_CASE("a launch counts the MXU time its tile shapes occupy, on the chip's MXU size") {
  ToyMatmul narrow(128, 128, 64, 128, 128, 64);  // k = 64: half of each MXU pass is idle on a v5e
  const auto a = RunLaunch(narrow.Spec(), LaunchOptions{.chip = *ChipByName("v5e")});
  REQUIRE_FALSE(a.error);
  CHECK(a.stats.ops.flops == 2ull * 128 * 64 * 128);
  CHECK(a.stats.ops.mxu_flops == 2ull * 128 * 128 * 128);
  ToyMatmul square(128, 128, 128, 128, 128, 128);  // 128³ on the v6e's 256 × 256 MXUs: a quarter used
  const auto b = RunLaunch(square.Spec(), LaunchOptions{.chip = *ChipByName("v6e")});
  REQUIRE_FALSE(b.error);
  CHECK(b.stats.ops.mxu_flops == 4 * b.stats.ops.flops);
}

TEST_CASE("the copy for the next step overlaps this step's compute") {
  ToyMatmul t(128, 1024, 128, 128, 128, 128);  // grid (1, 8, 1): b changes every step
  const LaunchResult r = RunLaunch(t.Spec(), LaunchOptions{.chip = *ChipByName("v5e")});
  REQUIRE_FALSE(r.error);
  const double serial = r.stats.cost.compute_us + r.stats.cost.dma_us;
  CHECK(r.stats.cost.total_us < serial);  // overlap saved time
  CHECK(r.stats.cost.total_us >= r.stats.cost.compute_us);
  CHECK(r.stats.cost.total_us >= r.stats.cost.dma_us);
}

TEST_CASE("highest precision costs six MXU passes on float32 operands") {
  ToyMatmul fast(128, 128, 128, 128, 128, 128), slow(128, 128, 128, 128, 128, 128);
  const auto a = RunLaunch(fast.Spec(), LaunchOptions{.precision = Precision::Default});
  const auto b = RunLaunch(slow.Spec(), LaunchOptions{.precision = Precision::Highest});
  CHECK(b.stats.ops.mxu_flops == 6 * a.stats.ops.mxu_flops);
}
