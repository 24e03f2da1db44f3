// The cost model on a case small enough to work out by hand.
#include <doctest/doctest.h>

#include "tests/tpu/toy_matmul.hpp"

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

TEST_CASE("one-step toy matmul on a v5e: prologue copies, compute, writeback, computed by hand") {
  const Chip chip = *ChipByName("v5e");
  ToyMatmul t(128, 128, 128, 128, 128, 128);  // one step, every block 128×128 f32 = 65536 bytes
  const LaunchResult r = RunLaunch(t.Spec(), LaunchOptions{.chip = chip, .precision = Precision::Default});
  REQUIRE_FALSE(r.error);

  const double copy_us = 65536.0 / 820e9 * 1e6;                   // 0.0799 µs per block at 820 GB/s
  const double clock = 197e12 / (4.0 * 128 * 128 * 2);            // 1.503 GHz
  const double vreg_us = 1e6 / (clock * 2.0);                     // one vector-register op
  const double block_vregs = (128 / 8) * (128 / 128);             // 16 registers per 128×128 tile
  const double matmul_us = 2.0 * 128 * 128 * 128 / 197e12 * 1e6;  // one bf16 MXU pass
  // Statements: zeros (16 vregs), store zero, load a, load b, dot, store_add, load acc, store c.
  const double compute_us = matmul_us + 7 * block_vregs * vreg_us;

  CHECK(r.stats.cost.dma_us == doctest::Approx(3 * copy_us));  // a, b in; c out
  CHECK(r.stats.cost.compute_us == doctest::Approx(compute_us));
  // Nothing overlaps in a single step: copies in, compute, copy out.
  CHECK(r.stats.cost.total_us == doctest::Approx(2 * copy_us + compute_us + copy_us));
  CHECK(r.stats.cost.bubble_us == doctest::Approx(3 * copy_us));
  CHECK(r.stats.step_costs[0].wait_us == doctest::Approx(2 * copy_us));
  // 0.24 µs of copies against about 0.06 µs of compute: one 128³ matmul cannot hide three block copies.
  CHECK(3 * copy_us > compute_us);
  CHECK(r.stats.cost.bound == Bound::Hbm);
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
