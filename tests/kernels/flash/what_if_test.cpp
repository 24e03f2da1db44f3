// The "fix the file" what-ifs: each is a small change to the mirror. The figures the tours predict for
// them are derived here by hand from the grid, then checked against a run of the mirror.
#include <functional>
#include <string>

#include "tests/kernels/flash/flash_test_support.hpp"

using namespace tilewalk::flash;
using tilewalk::flash::testing::CheckedRun;
using tilewalk::flash::testing::RunAndCompare;

namespace {

uint32_t Copies(const CheckedRun& run, const std::string& launch, const std::string& operand) {
  for (const LaunchOutcome& l : run.step.launches)
    if (l.name == launch)
      for (const auto& t : l.result.stats.copies)
        if (t.name == operand) return t.issued;
  FAIL("no operand " << operand << " in " << launch);
  return 0;
}

// Copies a pipeline issues for a sequence of block indices, one per grid step: one whenever it changes.
int CopiesOf(int steps, const std::function<int(int)>& block_at) {
  int copies = 0;
  for (int s = 0, prev = -1; s < steps; prev = block_at(s), ++s) copies += block_at(s) != prev;
  return copies;
}

Scenario Intro() {  // assets/flash/scenarios/intro.flags: a causal 4 × 4 grid in each backward launch
  Scenario s;
  s.q_len = s.kv_len = 512;
  s.causal = true;
  s.block_sizes.block_k_major = 256;
  return s;
}

bool Runs(int q, int kv) {
  return (q + 1) * 128 - 1 > kv * 128;
}

}  // namespace

TEST_CASE("redirect-lm-dkv: l and m follow q's redirect in dK/dV, 16 copies become 13") {
  // dK/dV steps (kv, q), q innermost. l's map names q itself: a new block every step. q's map names
  // block 0 on a skipped step: rows 0123, 0123, 0023, 0003 change 4 + 4 + 3 + 2 = 13 times.
  auto plain = [](int s) { return s % 4; };
  auto redirected = [](int s) { return Runs(s % 4, s / 4) ? s % 4 : 0; };
  CHECK(CopiesOf(16, plain) == 16);
  CHECK(CopiesOf(16, redirected) == 13);

  Scenario s = Intro();
  const CheckedRun original = RunAndCompare(s);
  s.what_if = WhatIf::RedirectLmDkv;
  const CheckedRun fixed = RunAndCompare(s);
  REQUIRE_FALSE(original.step.error);
  REQUIRE_FALSE(fixed.step.error);
  CHECK(Copies(original, "dkv", "l") == 16);
  CHECK(Copies(fixed, "dkv", "l") == 13);
  CHECK(Copies(fixed, "dkv", "m") == 13);
  CHECK(Copies(fixed, "dkv", "q") == Copies(original, "dkv", "q"));
  CHECK(fixed.comparison.pass);
}

TEST_CASE("dkv-redirect-first-run: skipped dK/dV steps fetch the q block the sweep needs next, 13 become 9") {
  // Row kv = c skips q blocks 0..c-1 and asks for block c instead of 0: rows 0123, 1123, 2223, 3333.
  auto first_run = [](int s) { return Runs(s % 4, s / 4) ? s % 4 : s / 4; };
  CHECK(CopiesOf(16, first_run) == 9);  // the last row reuses block 3 from the row before

  Scenario s = Intro();
  s.what_if = WhatIf::DkvRedirectFirstRun;
  const CheckedRun fixed = RunAndCompare(s);
  REQUIRE_FALSE(fixed.step.error);
  for (const char* operand : {"q", "do", "di"}) CHECK(Copies(fixed, "dkv", operand) == 9);
  CHECK(Copies(fixed, "dkv", "l") == 16);  // the l and m maps still have no redirect at all
  CHECK(fixed.comparison.pass);
}

TEST_CASE("bias-map-ceil: the bias map's last row is the grid's, so no copy is wasted and none overruns") {
  // q_len 384 in blocks of 256: 2 rows, yet 384 // 256 - 1 = 0 passes for the last one. Row 0's skipped
  // step (kv 2) then asks for (0, 0) again, and row 1 must copy (1, 0) afresh: 6 copies in 6 steps.
  Scenario s;
  s.q_len = s.kv_len = 384;
  s.causal = s.bias = s.forward_only = true;
  s.block_sizes.block_q = 256;
  const CheckedRun original = RunAndCompare(s);
  s.what_if = WhatIf::BiasMapCeil;
  const CheckedRun fixed = RunAndCompare(s);
  CHECK(Copies(original, "fwd", "ab") == 6);
  CHECK(Copies(fixed, "fwd", "ab") == 5);
  CHECK(fixed.comparison.pass);

  // q_len 320 in blocks of 128: 3 rows, and 320 // 128 - 1 = 1. Row 2, partial, asks for row 3.
  Scenario partial;
  partial.q_len = 320;
  partial.causal = partial.bias = partial.forward_only = true;
  const CheckedRun overrun = RunAndCompare(partial);
  REQUIRE(overrun.step.error);
  CHECK(overrun.step.error->message.find("'ab'") != std::string::npos);
  partial.what_if = WhatIf::BiasMapCeil;
  const CheckedRun ceil = RunAndCompare(partial);
  REQUIRE_FALSE(ceil.step.error);
  CHECK(ceil.comparison.pass);
}

TEST_CASE("non-strict-diag: a corner exactly on the diagonal runs, and the output check passes again") {
  // block_q 129: the last row of q block 0 is 128, the first key of kv block 1 is 128. The strict test
  // skips the block though row 128 may see key 128; with sm_scale 0.01 every key weighs about the same,
  // so losing one of 129 shows in o.
  Scenario s;
  s.q_len = s.block_sizes.block_q = 129;
  s.kv_len = 256;
  s.causal = s.forward_only = true;
  s.precision = tilewalk::tpu::Precision::Highest;
  s.sm_scale = 0.01f;
  const CheckedRun original = RunAndCompare(s);
  s.what_if = WhatIf::NonStrictDiag;
  const CheckedRun fixed = RunAndCompare(s);
  REQUIRE_FALSE(original.step.error);
  REQUIRE_FALSE(fixed.step.error);
  CHECK(original.step.launches.at(0).result.stats.steps_skipped == 1);
  CHECK_FALSE(original.comparison.pass);
  CHECK(fixed.step.launches.at(0).result.stats.steps_skipped == 0);
  CHECK(fixed.comparison.pass);

  // With blocks that are multiples of 128 a corner is never on it: (r + 1)·128 − 1 is odd, c·256 even.
  Scenario even = Intro();
  const CheckedRun a = RunAndCompare(even);
  even.what_if = WhatIf::NonStrictDiag;
  const CheckedRun b = RunAndCompare(even);
  for (std::size_t l = 0; l < a.step.launches.size(); ++l) {
    CHECK(a.step.launches[l].result.stats.steps_skipped == b.step.launches[l].result.stats.steps_skipped);
    CHECK(a.step.launches[l].result.stats.ops.matmuls == b.step.launches[l].result.stats.ops.matmuls);
  }
}
