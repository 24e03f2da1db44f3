// The toy tiled matmul on a 3-D grid: copies issued and skipped, writebacks and the output, each
// against numbers worked out by hand below.
#include <doctest/doctest.h>

#include <Eigen/Dense>

#include "tests/kernels/tpu/toy_matmul.hpp"

using namespace tilewalk::tpu;
using tilewalk::tpu::testing::ToyMatmul;

namespace {
Matrix AsMatrix(const Array& a) {
  Matrix m(a.shape()[0], a.shape()[1]);
  for (int64_t i = 0; i < a.size(); ++i) m(i / a.shape()[1], i % a.shape()[1]) = a.GetFloat(i);
  return m;
}
int Count(const EventLog& log, EventKind kind, uint8_t operand, bool issued) {
  int n = 0;
  for (const Event& e : log)
    if (e.kind == kind && e.operand == operand && ((e.flags & event_flags::kIssued) != 0) == issued) ++n;
  return n;
}
}  // namespace

TEST_CASE("a k-split toy matmul: every block changes, the output stays for two steps") {
  // M=256, N=384, K=256 with 128-blocks: grid (2, 3, 2) = 12 steps, k innermost.
  ToyMatmul t(256, 384, 256, 128, 128, 128);
  const LaunchResult r = RunLaunch(t.Spec(), LaunchOptions{.precision = Precision::Highest});
  REQUIRE_FALSE(r.error);
  CHECK(r.stats.steps == 12);
  // a's block (i, k): k alternates 0,1,0,1... so it changes at every step: 12 copies, none skipped.
  CHECK(r.stats.copies[0].issued == 12);
  CHECK(r.stats.copies[0].skipped == 0);
  // b's block (k, j) changes at every step too.
  CHECK(r.stats.copies[1].issued == 12);
  // c's block (i, j) holds for the two k steps: written back 6 times, each a 128×128 f32 block.
  CHECK(r.stats.writebacks[0].issued == 6);
  CHECK(r.stats.writebacks[0].bytes == 6ull * 128 * 128 * 4);
  CHECK(r.stats.copies[0].bytes == 12ull * 128 * 128 * 4);
  const Matrix want = (AsMatrix(t.a).matrix() * AsMatrix(t.b).matrix()).array();
  CHECK((AsMatrix(t.c) - want).abs().maxCoeff() < 1e-4f);
}

TEST_CASE("a whole-K toy matmul skips the copies of a when its block does not change") {
  // K=256 in one block: grid (2, 3, 1). a's block (i, 0) is the same for j = 0, 1, 2:
  // issued at steps 0 and 3 only, skipped at the other 4 steps.
  ToyMatmul t(256, 384, 256, 128, 128, 256);
  const LaunchResult r = RunLaunch(t.Spec(), LaunchOptions{.precision = Precision::Highest});
  REQUIRE_FALSE(r.error);
  CHECK(r.stats.steps == 6);
  CHECK(r.stats.copies[0].issued == 2);
  CHECK(r.stats.copies[0].skipped == 4);
  CHECK(r.stats.copies[1].issued == 6);  // b's block (0, j): 0,1,2,0,1,2 changes every step
  CHECK(r.stats.writebacks[0].issued == 6);
  CHECK(Count(r.events, EventKind::CopyIn, 0, true) == 2);
  CHECK(Count(r.events, EventKind::CopyIn, 0, false) == 4);
  // The slot of a alternates only when a copy is issued: steps 0-2 read slot 0, steps 3-5 slot 1.
  CHECK(r.plan.inputs[0].slot == std::vector<uint8_t>{0, 0, 0, 1, 1, 1});
  CHECK(r.plan.inputs[1].slot == std::vector<uint8_t>{0, 1, 0, 1, 0, 1});
  const Matrix want = (AsMatrix(t.a).matrix() * AsMatrix(t.b).matrix()).array();
  CHECK((AsMatrix(t.c) - want).abs().maxCoeff() < 1e-4f);
}

TEST_CASE("a partial last block is padded on read and dropped on write") {
  // M=200 with bm=128: two row blocks, the second holds 72 real rows.
  ToyMatmul t(200, 128, 128, 128, 128, 128);
  const LaunchResult r = RunLaunch(t.Spec(), LaunchOptions{.precision = Precision::Highest});
  REQUIRE_FALSE(r.error);
  CHECK(r.stats.steps == 2);
  CHECK(r.stats.copies[0].bytes == (128ull + 72) * 128 * 4);  // only in-bounds bytes move
  CHECK(r.stats.writebacks[0].bytes == (128ull + 72) * 128 * 4);
  const Matrix want = (AsMatrix(t.a).matrix() * AsMatrix(t.b).matrix()).array();
  CHECK((AsMatrix(t.c) - want).abs().maxCoeff() < 1e-4f);
}

TEST_CASE("the prefetch for step i+1 is issued during step i, before its body") {
  ToyMatmul t(128, 256, 128, 128, 128, 128);  // grid (1, 2, 1)
  const LaunchResult r = RunLaunch(t.Spec(), LaunchOptions{});
  REQUIRE_FALSE(r.error);
  // Step 0 begins after the prologue copies, then prefetches step 1's b (a is reused: skipped).
  std::vector<EventKind> step0;
  for (const Event& e : r.events)
    if (e.step == 0) step0.push_back(e.kind);
  REQUIRE(step0.size() >= 5);
  CHECK(step0[0] == EventKind::CopyIn);  // prologue a
  CHECK(step0[1] == EventKind::CopyIn);  // prologue b
  CHECK(step0[2] == EventKind::StepBegin);
  CHECK(step0[3] == EventKind::CopyIn);  // a for step 1: skipped
  CHECK(step0[4] == EventKind::CopyIn);  // b for step 1: issued into slot 1
  CHECK(r.events[3].flags == 0);
  CHECK(r.events[4].flags == event_flags::kIssued);
  CHECK(r.events[4].slot == 1);
}

TEST_CASE("recording off gives the same outputs and statistics with an empty log") {
  ToyMatmul on(256, 256, 256, 128, 128, 128), off(256, 256, 256, 128, 128, 128);
  const LaunchResult a = RunLaunch(on.Spec(), LaunchOptions{});
  const LaunchResult b = RunLaunch(off.Spec(), LaunchOptions{.record_events = false});
  CHECK(b.events.empty());
  CHECK_FALSE(a.events.empty());
  CHECK(on.c.BitwiseEqual(off.c));
  CHECK(a.stats.copies[0].issued == b.stats.copies[0].issued);
  CHECK(a.stats.cost.total_us == b.stats.cost.total_us);
}

TEST_CASE("dimension semantics are recorded with the launch") {
  ToyMatmul t(128, 128, 128, 128, 128, 128);
  const LaunchSpec spec = t.Spec();
  CHECK(spec.dimension_semantics[2] == DimensionSemantics::Arbitrary);
}
