// Megacore: how the grid steps of a launch are shared between the two TensorCores of a v4 or v5p, and
// what the cost clock makes of two cores. Every figure is worked out by hand from the chip table.
#include <doctest/doctest.h>

#include <cstring>

#include "kernels/tpu/grid_slices.hpp"
#include "tests/kernels/tpu/toy_matmul.hpp"

using namespace tilewalk::tpu;
using tilewalk::tpu::testing::ToyMatmul;

namespace {

using enum DimensionSemantics;

LaunchSpec GridOnly(Dims grid, std::vector<DimensionSemantics> semantics) {
  LaunchSpec spec;
  spec.grid = grid;
  spec.dimension_semantics = std::move(semantics);
  return spec;
}

}  // namespace

TEST_CASE("megacore splits the leading parallel axes in two contiguous halves") {
  // Grid (1, 4, 3), parallel, parallel, arbitrary: the (batch, head) pairs are the 4 slices of 3 steps.
  // Heads 0-1 (steps 0-5) run on core 0, heads 2-3 (steps 6-11) on core 1.
  const CoreSplit split = CoreSplit::Of(GridOnly(Dims{1, 4, 3}, {Parallel, Parallel, Arbitrary}), 2);
  CHECK(split.cores == 2);
  CHECK(split.core1_first_step == 6);
  for (int64_t s = 0; s < 6; ++s) CHECK(split.CoreOf(s) == 0);
  for (int64_t s = 6; s < 12; ++s) CHECK(split.CoreOf(s) == 1);
  CHECK(split.StartsCore(0));
  CHECK(split.StartsCore(6));
  CHECK_FALSE(split.StartsCore(5));
}

TEST_CASE("an odd number of parallel slices gives core 0 the extra one") {
  // Grid (1, 3, 2): 3 slices; ceil(3 / 2) = 2 go to core 0 (steps 0-3), head 2 to core 1 (steps 4-5).
  const CoreSplit split = CoreSplit::Of(GridOnly(Dims{1, 3, 2}, {Parallel, Parallel, Arbitrary}), 2);
  CHECK(split.core1_first_step == 4);
  CHECK(split.CoreOf(3) == 0);
  CHECK(split.CoreOf(4) == 1);
  // Grid (5,) all parallel: steps 0-2 on core 0, 3-4 on core 1.
  CHECK(CoreSplit::Of(GridOnly(Dims{5}, {Parallel}), 2).core1_first_step == 3);
}

TEST_CASE("only the leading run of parallel axes is split") {
  // Grid (2, 3, 2), parallel, arbitrary, parallel: the run stops at axis 1, so 2 slices of 6 steps.
  const CoreSplit split = CoreSplit::Of(GridOnly(Dims{2, 3, 2}, {Parallel, Arbitrary, Parallel}), 2);
  CHECK(split.core1_first_step == 6);
  // A leading arbitrary axis leaves nothing to split: one core runs the grid.
  const CoreSplit none = CoreSplit::Of(GridOnly(Dims{4, 2}, {Arbitrary, Parallel}), 2);
  CHECK(none.cores == 1);
  CHECK(none.CoreOf(7) == 0);
  // One slice cannot be halved either.
  CHECK(CoreSplit::Of(GridOnly(Dims{1, 1, 8}, {Parallel, Parallel, Arbitrary}), 2).cores == 1);
}

TEST_CASE("one-core chips run every step on core 0") {
  for (const char* name : {"v5e", "v6e"}) {
    CAPTURE(name);
    const Chip chip = *ChipByName(name);
    CHECK(chip.tensor_cores == 1);
    const CoreSplit split =
        CoreSplit::Of(GridOnly(Dims{1, 4, 3}, {Parallel, Parallel, Arbitrary}), chip.tensor_cores);
    CHECK(split.cores == 1);
    for (int64_t s = 0; s < 12; ++s) CHECK(split.CoreOf(s) == 0);
    CHECK_FALSE(split.StartsCore(6));
  }
  CHECK(ChipByName("v4")->tensor_cores == 2);
  CHECK(ChipByName("v5p")->tensor_cores == 2);
}

namespace {
// The hand-worked figures for 128 × 128 float32 blocks on one v4 TensorCore: half the chip's 1230 GB/s
// and 275 TFLOPs.
const double kV4CopyUs = 65536.0 / 615e9 * 1e6;                     // 0.1066 µs per block
const double kV4ClockHz = 137.5e12 / (4.0 * 128 * 128 * 2);         // 1.049 GHz
const double kV4VregUs = 1e6 / (kV4ClockHz * 2.0);                  // one vector-register op
const double kV4MatmulUs = 2.0 * 128 * 128 * 128 / 137.5e12 * 1e6;  // one bf16 MXU pass
const double kV4StepComputeUs = kV4MatmulUs + 7 * 16 * kV4VregUs;   // the toy's statements in one step
}  // namespace

TEST_CASE("two cores on a v4 overlap: each runs its own pipeline from the launch's start") {
  // Grid (2, 1, 1): two slices, one step each. Each core copies a and b in (2c), pays the overhead o,
  // computes w and copies c back (c): 3c + o + w, the same on both cores, at the same time.
  ToyMatmul t(256, 128, 128, 128, 128, 128);
  const LaunchResult r = RunLaunch(t.Spec(), LaunchOptions{.chip = *ChipByName("v4")});
  REQUIRE_FALSE(r.error);
  const double c = kV4CopyUs, o = kGridStepOverheadUs, w = kV4StepComputeUs;
  CHECK(r.stats.cost.cores == 2);
  CHECK(r.stats.cost.total_us == doctest::Approx(3 * c + o + w));
  CHECK(r.stats.cost.core_end_us[0] == doctest::Approx(3 * c + o + w));
  CHECK(r.stats.cost.core_end_us[1] == doctest::Approx(3 * c + o + w));
  CHECK(r.stats.cost.compute_us == doctest::Approx(2 * (o + w)));
  CHECK(r.stats.cost.dma_us == doctest::Approx(6 * c));
  CHECK(r.stats.cost.bubble_us == doctest::Approx(6 * c));  // 2 cores × total − compute
  REQUIRE(r.stats.step_costs.size() == 2);
  CHECK(r.stats.step_costs[0].core == 0);
  CHECK(r.stats.step_costs[1].core == 1);
  CHECK(r.stats.step_costs[1].start_us == doctest::Approx(2 * c));  // not after step 0
  // On one core the same grid takes 4c + 2o + w (cost_model_test: the prefetch of a1 hides behind step 0).
  CHECK(r.stats.cost.total_us < 4 * c + 2 * o + w);
}

TEST_CASE("with an odd split the launch ends when the busier core does") {
  // Grid (3, 1, 1): core 0 runs steps 0 and 1 as a pipeline (4c + 2o + w, as w < c); core 1 runs step 2
  // alone (3c + o + w).
  ToyMatmul t(384, 128, 128, 128, 128, 128);
  const LaunchResult r = RunLaunch(t.Spec(), LaunchOptions{.chip = *ChipByName("v4")});
  REQUIRE_FALSE(r.error);
  const double c = kV4CopyUs, o = kGridStepOverheadUs, w = kV4StepComputeUs;
  REQUIRE(w < c);
  CHECK(r.stats.cost.core_end_us[0] == doctest::Approx(4 * c + 2 * o + w));
  CHECK(r.stats.cost.core_end_us[1] == doctest::Approx(3 * c + o + w));
  CHECK(r.stats.cost.total_us == doctest::Approx(4 * c + 2 * o + w));
}

TEST_CASE("core 1's events carry the core flag and its own prologue, and core 0 never prefetches for it") {
  ToyMatmul t(256, 128, 128, 128, 128, 128);
  const LaunchResult r = RunLaunch(t.Spec(), LaunchOptions{.chip = *ChipByName("v4")});
  REQUIRE_FALSE(r.error);
  int prologue_copies_core1 = 0;
  for (const Event& e : r.events) {
    CAPTURE(e.step);
    CHECK(e.core() == static_cast<int>(e.step));  // step 0 on core 0, step 1 on core 1
    if (e.kind == EventKind::CopyIn && e.step == 0) CHECK((e.flags & event_flags::kPrologue) != 0);
    if (e.kind == EventKind::CopyIn && e.step == 1 && (e.flags & event_flags::kPrologue)) {
      CHECK((e.flags & event_flags::kIssued) != 0);
      ++prologue_copies_core1;
    }
  }
  CHECK(prologue_copies_core1 == 2);  // a and b, b although its block did not change
  CHECK(t.c.BitwiseEqual([] {
    ToyMatmul one(256, 128, 128, 128, 128, 128);
    RunLaunch(one.Spec(), LaunchOptions{.chip = *ChipByName("v5e")});
    return one.c;
  }()));
}

TEST_CASE("one-core recordings keep the single pipeline: no core flag, one prologue, prefetch every step") {
  for (const char* name : {"v5e", "v6e"}) {
    CAPTURE(name);
    ToyMatmul t(384, 256, 256, 128, 128, 128);  // grid (3, 2, 2): six parallel slices
    const LaunchResult r = RunLaunch(t.Spec(), LaunchOptions{.chip = *ChipByName(name)});
    REQUIRE_FALSE(r.error);
    CHECK(r.stats.cost.cores == 1);
    CHECK(r.stats.cost.core_end_us[1] == 0.0);
    CHECK(r.stats.cost.total_us == doctest::Approx(r.stats.cost.core_end_us[0]));
    CHECK(r.stats.cost.bubble_us == doctest::Approx(r.stats.cost.total_us - r.stats.cost.compute_us));
    int prologue = 0, prefetches = 0;
    for (const Event& e : r.events) {
      CHECK(e.core() == 0);
      if (e.kind != EventKind::CopyIn) continue;
      if (e.flags & event_flags::kPrologue)
        ++prologue;
      else
        ++prefetches;
    }
    CHECK(prologue == 2);         // a and b, before step 0 only
    CHECK(prefetches == 2 * 11);  // a and b looked at for every later step, issued or skipped
  }
}

TEST_CASE("a v4 launch on worker threads is its serial run, bit for bit") {
  ToyMatmul serial(384, 256, 256, 128, 128, 128), parallel(384, 256, 256, 128, 128, 128);
  const Chip v4 = *ChipByName("v4");
  const LaunchResult a = RunLaunch(serial.Spec(), LaunchOptions{.chip = v4, .threads = 1});
  const LaunchResult b = RunLaunch(parallel.Spec(), LaunchOptions{.chip = v4, .threads = 3});
  REQUIRE(a.events.size() == b.events.size());
  CHECK(std::memcmp(a.events.data(), b.events.data(), a.events.size() * sizeof(Event)) == 0);
  CHECK(a.stats.cost.total_us == b.stats.cost.total_us);
  CHECK(serial.c.BitwiseEqual(parallel.c));
}

TEST_CASE("each core's pipeline visits an output block afresh: a block both cores keep is no revisit") {
  // c kept at block (0, 0) on every step, as splash's forward keeps its m, l and o scratch outputs:
  // core 0 (step 0) and core 1 (step 1) each write it back once, in grid order, and neither revisits.
  ToyMatmul t(256, 128, 128, 128, 128, 128);
  LaunchSpec spec = t.Spec();
  spec.outputs[0].spec.index_map = [](const GridIndex&) { return BlockIndex{0, 0}; };
  const LaunchResult r = RunLaunch(spec, LaunchOptions{.chip = *ChipByName("v4")});
  REQUIRE_FALSE(r.error);
  int writebacks = 0;
  for (const Event& e : r.events)
    if (e.kind == EventKind::Writeback) ++writebacks;
  CHECK(writebacks == 2);
  // On one core the same map is fine too: the block stays put across consecutive steps.
  ToyMatmul one(256, 128, 128, 128, 128, 128);
  LaunchSpec one_spec = one.Spec();
  one_spec.outputs[0].spec.index_map = [](const GridIndex&) { return BlockIndex{0, 0}; };
  CHECK_FALSE(RunLaunch(one_spec, LaunchOptions{.chip = *ChipByName("v5e")}).error);
}

TEST_CASE("a core that comes back to a block it wrote back is still a revisit") {
  // Grid (2, 3, 1) on a v4: core 0 runs steps 0-2, core 1 steps 3-5. c indexed by j mod 2 visits blocks
  // 0, 1, 0 on each core, so core 0 comes back to block (0, 0) at step 2.
  ToyMatmul t(256, 384, 128, 128, 128, 128);
  LaunchSpec spec = t.Spec();
  spec.outputs[0].spec.index_map = [](const GridIndex& g) { return BlockIndex{0, g[1] % 2}; };
  const LaunchResult r = RunLaunch(spec, LaunchOptions{.chip = *ChipByName("v4")});
  REQUIRE(r.error);
  CHECK(r.error->type == ErrorType::OutputRevisited);
  CHECK(r.error->message.find("returns to block (0, 0) at grid step 2") != std::string::npos);
}
