// The verdict of `check`: fully masked rows compared with what the tiled kernels define, the tolerance
// formula, ill-conditioned outputs told apart from failures, the segment count clamped to the length, and
// a kernel broken on purpose (one statement's value replaced) that must fail.
#include <cmath>
#include <string>

#include "kernels/flash/constants.hpp"
#include "kernels/flash/reference.hpp"
#include "kernels/tpu/ops.hpp"
#include "kernels/tpu/sites.hpp"
#include "tests/kernels/flash/flash_test_support.hpp"

using namespace tilewalk::flash;
using tilewalk::flash::testing::RunAndCompare;
using tilewalk::tpu::Precision;

namespace {

// q rows 64..127 are segment 1, whose keys (128..255) all lie after them: with causal they see no key.
Scenario MaskedRows() {
  Scenario s;
  s.q_len = 128;
  s.kv_len = 256;
  s.causal = true;
  s.segments = 2;
  s.precision = Precision::Highest;
  return s;
}

const OutputError& Output(const ReferenceComparison& c, const std::string& name) {
  for (const OutputError& e : c.outputs)
    if (e.name == name) return e;
  FAIL("no output " << name);
  return c.outputs.front();
}

}  // namespace

TEST_CASE("KeysRun: the prefix of keys a causal launch runs for a row, worked by hand") {
  const LaunchBlocks b128{128, 128};
  CHECK(KeysRun(b128, true, false, 0, 256) == 128);  // q block 0: 127 > 0 runs kv 0; 127 > 128 does not
  CHECK(KeysRun(b128, true, false, 127, 256) == 128);
  CHECK(KeysRun(b128, true, false, 128, 256) == 256);          // q block 1: 255 > 128 runs kv 1 too
  CHECK(KeysRun(b128, false, false, 0, 256) == 256);           // not causal: every key
  CHECK(KeysRun(LaunchBlocks{}, true, false, 0, 256) == 256);  // the single-step body skips nothing
  // block_q 129 of a 129-row q: its last row 128 equals kv block 1's first column, which the strict
  // comparison leaves out and non-strict-diag lets in.
  CHECK(KeysRun(LaunchBlocks{129, 128}, true, false, 5, 256) == 128);
  CHECK(KeysRun(LaunchBlocks{129, 128}, true, true, 5, 256) == 256);
  CHECK(KeysRun(LaunchBlocks{1, 128}, true, false, 0, 256) == 0);  // row 0 of 1-row blocks: 0 > 0 fails
}

TEST_CASE("the reference defines a fully masked row by the forward's blocks: o averages v over them") {
  const int q_len = 2, kv_len = 4, head_dim = 1;
  const std::vector<float> q = {1, 1}, k = {1, 2, 3, 4}, v = {1, 2, 3, 10};
  const std::vector<int32_t> q_ids = {0, 1}, kv_ids = {0, 0, 1, 1};  // row 1 (segment 1) sees no key
  ReferenceProblem p{.batch = 1,
                     .heads = 1,
                     .q_len = q_len,
                     .kv_len = kv_len,
                     .head_dim = head_dim,
                     .q = q,
                     .k = k,
                     .v = v,
                     .q_segment_ids = q_ids,
                     .kv_segment_ids = kv_ids,
                     .causal = true};
  const ReferenceForward dense = ReferenceAttention(p);
  CHECK(dense.masked == std::vector<uint8_t>{0, 1});
  CHECK(dense.o[1] == doctest::Approx(4.0));  // every key: (1 + 2 + 3 + 10) / 4
  CHECK(dense.l[1] == 4.0f);
  // Blocks of one row by two keys: row 1's last row 1 > 0 runs keys 0-1, 1 > 2 does not run keys 2-3.
  p.tiled = TiledBlocks{.fwd = {1, 2}, .dkv = {1, 2}, .dq = {1, 2}};
  const ReferenceForward tiled = ReferenceAttention(p);
  CHECK(tiled.o[1] == doctest::Approx(1.5));  // (1 + 2) / 2
  CHECK(tiled.l[1] == 2.0f);
  CHECK(tiled.m[1] == kMaskValue);
  CHECK(tiled.o[0] == dense.o[0]);  // row 0 sees key 0: untouched
}

TEST_CASE("the backward launches read a masked row over their own blocks: dv gets 1/l per key they run") {
  const std::vector<float> q = {1, 1}, k = {1, 2, 3, 4}, v = {1, 2, 3, 10}, d_o = {0, 2};
  const std::vector<int32_t> q_ids = {0, 1}, kv_ids = {0, 0, 1, 1};
  ReferenceProblem p{.batch = 1,
                     .heads = 1,
                     .q_len = 2,
                     .kv_len = 4,
                     .head_dim = 1,
                     .q = q,
                     .k = k,
                     .v = v,
                     .q_segment_ids = q_ids,
                     .kv_segment_ids = kv_ids,
                     .causal = true,
                     .tiled = TiledBlocks{.fwd = {1, 2}, .dkv = {1, 4}, .dq = {1, 2}}};
  // d_o is 0 on row 0, so dv is row 1's alone: p = 1/l = 1/2 over the keys dK/dV runs. With blocks of 4
  // keys it runs all four (1 > 0), though the forward ran two.
  const ReferenceGradients g = ReferenceAttentionBackward(p, d_o);
  for (int c = 0; c < 4; ++c) CHECK(g.dv[std::size_t(c)] == doctest::Approx(1.0));  // 0.5 × d_o 2
  p.tiled->dkv = {1, 2};
  const ReferenceGradients same = ReferenceAttentionBackward(p, d_o);
  CHECK(same.dv == std::vector<float>{1, 1, 0, 0});
}

TEST_CASE("the tolerance formula, worked by hand") {
  ErrorBudget b{.base = 2e-2, .sum_length = 0, .sm_scale = 1, .logit_bound = 0};
  CHECK(b.Tolerance() == doctest::Approx(2e-2));
  b.sum_length = 1 << 20;  // 2^20 keys: 2^-24 · 2^20 = 1/16
  CHECK(b.Tolerance() == doctest::Approx(2e-2 + 0.0625));
  b.sum_length = 0;
  b.sm_scale = -100;  // |sm_scale| 100 × logit bound 167.77216 × 2^-24 = 1e-3
  b.logit_bound = 167.77216;
  CHECK(b.Tolerance() == doctest::Approx(2e-2 + 1e-3));
}

TEST_CASE("Judge: ok within tolerance of the value, ill-conditioned within tolerance of far larger terms") {
  OutputError e;
  e.max_abs = 0.01;
  e.magnitude = 1;
  e.term_magnitude = 100;
  e.tolerance = 0.02;
  CHECK(Judge(e) == Verdict::Ok);  // 0.01 <= 0.02 × 1
  e.max_abs = 0.5;                 // 0.5 > 0.02, but <= 0.02 × 100, and the terms are 100 times the value
  CHECK(Judge(e) == Verdict::IllConditioned);
  e.max_abs = 3;  // beyond 0.02 × 100 too
  CHECK(Judge(e) == Verdict::Fail);
  e.max_abs = 0.05;
  e.term_magnitude = 5;  // within 0.02 × 5, but five times is no ill-conditioning: the value's size stands
  CHECK(Judge(e) == Verdict::Fail);
  e.term_magnitude = 100;
  e.nonfinite_mismatches = 1;
  CHECK(Judge(e) == Verdict::Fail);
}

TEST_CASE("Judge: a tolerance of 1 or more cannot check, but a NaN mismatch or a gross error still fails") {
  OutputError e;
  e.magnitude = 1;
  e.term_magnitude = 1;
  e.tolerance = 1;
  e.max_abs = 0;  // even an exact match proves nothing under such a tolerance
  CHECK(Judge(e) == Verdict::Uncheckable);
  e.max_abs = 0.99;
  e.tolerance = 10.6;
  CHECK(Judge(e) == Verdict::Uncheckable);
  e.tolerance = 0.999;
  CHECK(Judge(e) == Verdict::Ok);
  e.tolerance = 10.6;
  e.max_abs = 1000;  // a thousand times the output and its terms: wrong at any scale
  CHECK(Judge(e) == Verdict::Fail);
  e.max_abs = 0.99;
  e.nonfinite_mismatches = 1;
  CHECK(Judge(e) == Verdict::Fail);
}

TEST_CASE("check gives no PASS for bfloat16 at sm_scale 1e6, where dq and dk are 100 % off") {
  Scenario s;
  s.q_len = 256;
  s.kv_len = 256;
  s.dtype = tilewalk::tpu::DType::BF16;
  s.sm_scale = 1e6;
  const testing::CheckedRun run = RunAndCompare(s);
  REQUIRE(!run.step.error);
  CHECK_FALSE(run.comparison.pass);
  CHECK(run.comparison.Uncheckable());
  for (const OutputError& e : run.comparison.outputs) {
    CAPTURE(e.name);
    CAPTURE(e.tolerance);
    CHECK(e.verdict == Verdict::Uncheckable);
    CHECK_FALSE(e.pass);
  }
}

TEST_CASE("check passes causal with segments and q_len < kv_len, and counts the fully masked rows") {
  const testing::CheckedRun run = RunAndCompare(MaskedRows());
  REQUIRE(!run.step.error);
  CHECK(run.comparison.masked_rows == 64);
  for (const OutputError& e : run.comparison.outputs) {
    CAPTURE(e.name);
    CAPTURE(e.max_rel);
    CHECK(e.verdict == Verdict::Ok);
  }
  // The masked rows' l is the 128 keys the forward ran; m there is the mask value, left out of its size.
  CHECK(Output(run.comparison, "l").max_abs < 1e-3);
  CHECK(Output(run.comparison, "m").magnitude < 1e3);
}

TEST_CASE("check passes sm_scale 100 at default precision") {
  Scenario s;
  s.sm_scale = 100;
  const testing::CheckedRun run = RunAndCompare(s);
  REQUIRE(!run.step.error);
  for (const OutputError& e : run.comparison.outputs) {
    CAPTURE(e.name);
    CAPTURE(e.max_rel);
    CAPTURE(e.Condition());
    CHECK(e.pass);
  }
}

TEST_CASE("a segment per token makes dq and dk ill-conditioned, not failed, and the count is clamped") {
  for (const Precision precision : {Precision::Default, Precision::Highest}) {
    Scenario s;
    s.q_len = 256;
    s.kv_len = 512;
    s.segments = 1000;
    s.precision = precision;
    CHECK(s.SegmentCount() == 256);
    const ScenarioInputs data = MakeInputs(s);
    CHECK(data.inputs.kv_segment_ids->Data<int32_t>()[511] == 255);  // kv token t in segment t / 2
    const testing::CheckedRun run = RunAndCompare(s);
    REQUIRE(!run.step.error);
    CHECK(run.comparison.pass);
    const OutputError& dq = Output(run.comparison, "dq");
    CAPTURE(dq.max_rel);
    CAPTURE(dq.Condition());
    CHECK(dq.verdict != Verdict::Fail);
  }
}

TEST_CASE("a kernel broken on purpose fails: alpha forced to 1, as if the running max never moved") {
  Scenario s;
  s.q_len = 256;
  s.kv_len = 512;
  const auto alpha_one = [](tilewalk::tpu::SiteId site, tilewalk::tpu::Value& value) {
    using namespace tilewalk::tpu::jnp;
    if (tilewalk::tpu::GetSite(site).name == std::string("fwd.run.alpha")) value = value * 0.0f + 1.0f;
  };
  const testing::CheckedRun intact = RunAndCompare(s);
  REQUIRE(!intact.step.error);
  CHECK(intact.comparison.pass);
  const testing::CheckedRun broken = RunAndCompare(s, false, alpha_one);
  REQUIRE(!broken.step.error);
  CHECK_FALSE(broken.comparison.pass);
  CHECK(Output(broken.comparison, "o").verdict == Verdict::Fail);
  CHECK(Output(broken.comparison, "l").verdict == Verdict::Fail);
}

TEST_CASE("a kernel broken on purpose fails in the masked-rows scenario too: dv's p doubled") {
  const auto double_p = [](tilewalk::tpu::SiteId site, tilewalk::tpu::Value& value) {
    using namespace tilewalk::tpu::jnp;
    if (tilewalk::tpu::GetSite(site).name == std::string("dkv.run.p_normalize")) value = value * 2.0f;
  };
  const testing::CheckedRun broken = RunAndCompare(MaskedRows(), false, double_p);
  REQUIRE(!broken.step.error);
  CHECK(Output(broken.comparison, "dv").verdict == Verdict::Fail);
  CHECK_FALSE(broken.comparison.pass);
}
