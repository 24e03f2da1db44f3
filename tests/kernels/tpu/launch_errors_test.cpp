// Kernel errors as values with their phase: an output revisited, VMEM overflow, the block-shape rule,
// and a tracing error that executes nothing.
#include <doctest/doctest.h>

#include <string>

#include "tests/kernels/tpu/toy_matmul.hpp"
#include "tests/text_search.hpp"

using namespace tilewalk::tpu;
using tilewalk::tpu::testing::ToyMatmul;

namespace {

using tilewalk::test::Contains;
bool Untouched(const Array& c) {
  for (int64_t i = 0; i < c.size(); ++i)
    if (c.GetFloat(i) != -1.0f) return false;
  return true;
}
}  // namespace

TEST_CASE("an output block revisited after its writeback is a kernel error at that step") {
  ToyMatmul t(256, 256, 128, 128, 128, 128);  // grid (2, 2, 1)
  LaunchSpec spec = t.Spec();
  // c indexed by j alone: blocks 0,1,0,1 — block (0, 0) comes back at step 2 after being written back.
  spec.outputs[0].spec.index_map = [](const GridIndex& g) { return BlockIndex{0, g[1]}; };
  const LaunchResult r = RunLaunch(spec, LaunchOptions{});
  REQUIRE(r.error);
  CHECK(r.error->type == ErrorType::OutputRevisited);
  CHECK(r.error->phase == Phase::Execution);
  CHECK(Contains(r.error->message, "output 'c' returns to block (0, 0) at grid step 2"));
  // Steps 0 and 1 ran; the error event sits at step 2.
  REQUIRE_FALSE(r.events.empty());
  CHECK(r.events.back().kind == EventKind::Error);
  CHECK(r.events.back().step == 2);
  CHECK(r.stats.steps_run == 2);
}

TEST_CASE("a launch that overflows VMEM fails before it runs and lists every buffer") {
  ToyMatmul t(2048, 2048, 2048, 2048, 2048, 2048);  // three 16 MiB f32 blocks, two slots each
  const LaunchResult r = RunLaunch(t.Spec(), LaunchOptions{.chip = *ChipByName("v4")});
  REQUIRE(r.error);
  CHECK(r.error->type == ErrorType::OutOfVmem);
  CHECK(r.error->phase == Phase::Lowering);
  for (const char* part : {"a (slot 0)", "a (slot 1)", "b (slot 1)", "c (slot 0)", "acc", "(2048, 2048)",
                           "16777216 bytes", "scoped VMEM limit of 16777216 bytes (16.00 MiB)",
                           "of the 16 MiB of physical VMEM per TensorCore", "the compiler's default"})
    CHECK_MESSAGE(Contains(r.error->message, part), part);
  CHECK(r.events.empty());
  CHECK(Untouched(t.c));
}

TEST_CASE(
    "the VMEM budget is the compiler's scoped limit, not the physical VMEM, unless the launch sets one") {
  // 7 × 16 MiB: under a v5e's 128 MiB of VMEM, over its default scoped limit of 16 MiB.
  ToyMatmul t(2048, 2048, 2048, 2048, 2048, 2048);
  Chip v5e = *ChipByName("v5e");
  CHECK(v5e.VmemLimit() == 16 * 1024 * 1024);
  const LaunchResult r = RunLaunch(t.Spec(), LaunchOptions{.chip = v5e});
  REQUIRE(r.error);
  CHECK(r.error->type == ErrorType::OutOfVmem);
  for (const char* part : {"scoped VMEM limit of 16777216 bytes", "of the 128 MiB of physical VMEM",
                           "pytorch/xla#6611", "--vmem-limit"})
    CHECK_MESSAGE(Contains(r.error->message, part), part);
  // vmem_limit_bytes = 128 MiB lets it lower; lowering is enough to know.
  v5e.vmem_limit_bytes = 128 * 1024 * 1024;
  ToyMatmul fits(2048, 2048, 2048, 2048, 2048, 2048);
  LaunchRunner runner(fits.Spec(), LaunchOptions{.chip = v5e});
  CHECK_FALSE(runner.Prepare());
  // A limit above the physical VMEM is held to it.
  Chip v4 = *ChipByName("v4");
  v4.vmem_limit_bytes = 64 * 1024 * 1024;
  CHECK(v4.VmemLimit() == 16 * 1024 * 1024);
  CHECK(ChipByName("v6e")->VmemLimit() == 32 * 1024 * 1024);
}

TEST_CASE("the block-shape rule: last two dims divisible by 8 and 128, or equal to the array's") {
  SUBCASE("a second-to-last dim of 100 is rejected") {
    ToyMatmul t(200, 128, 128, 100, 128, 128);
    const LaunchResult r = RunLaunch(t.Spec(), LaunchOptions{});
    REQUIRE(r.error);
    CHECK(r.error->type == ErrorType::BlockShapeError);
    CHECK(ErrorTypeName(r.error->type) == "ValueError");  // Pallas's lowering raises a ValueError
    CHECK(r.error->phase == Phase::Lowering);
    CHECK(Contains(r.error->message, "second-to-last dimension 100 must be divisible by 8"));
  }
  SUBCASE("a last dim of 64 is rejected unless it is the whole array") {
    ToyMatmul t(128, 128, 128, 128, 64, 128);
    const LaunchResult r = RunLaunch(t.Spec(), LaunchOptions{});
    REQUIRE(r.error);
    CHECK(Contains(r.error->message, "last dimension 64 must be divisible by 128"));
    ToyMatmul whole(128, 64, 128, 128, 64, 128);
    CHECK_FALSE(RunLaunch(whole.Spec(), LaunchOptions{}).error);
  }
}

TEST_CASE("an error raised while tracing carries its site and executes nothing") {
  ToyMatmul t(256, 256, 256, 128, 128, 128);
  LaunchSpec spec = t.Spec();
  auto inner = spec.body;
  spec.body = [inner](Kernel& k) {
    using namespace jnp;
    const Value x = k.input(0)->load("toy.bad.load", at({}));
    // Tiling a 128-lane value 64/128 = 0 times, then subtracting it: the broadcast fails while tracing.
    k.stmt("toy.bad.subtract", [&] { return slice_cols(x, 0, 64) - tile(x, 1, 64 / 128); });
    inner(k);
  };
  const LaunchResult r = RunLaunch(spec, LaunchOptions{});
  REQUIRE(r.error);
  CHECK(r.error->phase == Phase::Tracing);
  CHECK(r.error->type == ErrorType::TypeError);
  CHECK(r.error->message == "sub got incompatible shapes for broadcasting: (128, 64), (128, 0).");
  CHECK(GetSite(r.error->site).name == "toy.bad.subtract");
  CHECK(GetSite(r.error->site).line > 0);
  CHECK(r.events.empty());
  CHECK(r.stats.step_costs.empty());
  CHECK(Untouched(t.c));
}

TEST_CASE("an index map that leaves the array is a kernel error at its step") {
  ToyMatmul t(256, 128, 128, 128, 128, 128);  // grid (2, 1, 1)
  LaunchSpec spec = t.Spec();
  spec.inputs[0].spec.index_map = [](const GridIndex& g) { return BlockIndex{g[0] * 2, 0}; };
  const LaunchResult r = RunLaunch(spec, LaunchOptions{});
  REQUIRE(r.error);
  CHECK(r.error->type == ErrorType::IndexMapError);
  CHECK(Contains(r.error->message, "returned block (2, 0) at grid index (1, 0, 0)"));
}

TEST_CASE("the error kinds a mirror can stop on by accident carry Python's own names") {
  using tilewalk::tpu::ErrorType;
  CHECK(tilewalk::tpu::ErrorTypeName(ErrorType::AssertionError) == "AssertionError");
  CHECK(tilewalk::tpu::ErrorTypeName(ErrorType::AttributeError) == "AttributeError");
  CHECK(tilewalk::tpu::ErrorTypeName(ErrorType::IndexError) == "IndexError");
}
