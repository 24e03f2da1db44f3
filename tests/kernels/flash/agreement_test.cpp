// The kernels on the TPU model against the dense reference: every option, every launch, both dtypes.
#include <cmath>

#include "tests/kernels/flash/flash_test_support.hpp"

using namespace tilewalk::flash;
using tilewalk::flash::testing::RequireAgreement;
using tilewalk::tpu::DType;
using tilewalk::tpu::Precision;

namespace {
Scenario Small() {
  Scenario s;
  s.q_len = 256;
  s.kv_len = 256;
  s.precision = Precision::Highest;
  return s;
}
}  // namespace

TEST_CASE("plain, causal, bias, segments and sm_scale agree with the reference") {
  for (bool causal : {false, true})
    for (bool bias : {false, true})
      for (int segments : {0, 3}) {
        Scenario s = Small();
        s.causal = causal;
        s.bias = bias;
        s.segments = segments;
        s.sm_scale = 0.125f;
        CAPTURE(causal);
        CAPTURE(bias);
        CAPTURE(segments);
        RequireAgreement(s);
      }
}

TEST_CASE("bfloat16 inputs and default precision agree within their tolerance") {
  Scenario s = Small();
  s.causal = true;
  s.bias = true;
  s.dtype = DType::BF16;
  s.precision = Precision::Default;
  RequireAgreement(s);
  s.dtype = DType::F32;
  RequireAgreement(s);
}

TEST_CASE("major blocks larger than minor blocks in all three launches, with block_b > 1") {
  Scenario s = Small();
  s.batch = 2;
  s.heads = 2;
  s.q_len = 512;
  s.kv_len = 512;
  s.causal = true;
  s.bias = true;
  s.segments = 2;
  s.sm_scale = 0.5f;
  s.block_sizes = BlockSizes{.block_q = 128,
                             .block_k_major = 256,
                             .block_k = 128,
                             .block_b = 2,
                             .block_q_major_dkv = 256,
                             .block_k_major_dkv = 256,
                             .block_k_dkv = 128,
                             .block_q_dkv = 128,
                             .block_k_major_dq = 256,
                             .block_k_dq = 128,
                             .block_q_dq = 128};
  RequireAgreement(s);
}

TEST_CASE("a partial last q block in the forward pass") {
  Scenario s = Small();
  s.q_len = 200;  // blocks of 128: the second holds 72 rows
  s.causal = true;
  s.forward_only = true;
  RequireAgreement(s);
  s.block_sizes.block_b = 2;  // block_b need not divide the batch either
  s.batch = 3;
  RequireAgreement(s);
}

TEST_CASE("head_dim 64 is sliced, not tiled") {
  Scenario s = Small();
  s.head_dim = 64;
  s.causal = true;
  RequireAgreement(s);
}

TEST_CASE("the single-step body when one kv block covers the sequence") {
  Scenario s = Small();
  s.kv_len = 128;
  s.causal = true;
  s.bias = true;
  s.segments = 2;
  RequireAgreement(s);
  // A 64-long kv in one block works forward: nothing is tiled to 128 lanes there.
  s.kv_len = 64;
  s.block_sizes.block_k_major = s.block_sizes.block_k = 64;
  s.segments = 0;
  s.forward_only = true;
  RequireAgreement(s);
}

TEST_CASE("the naive index maps change the copies, not the numbers") {
  Scenario s = Small();
  s.causal = true;
  s.naive_index_maps = true;
  RequireAgreement(s);
}

TEST_CASE("a poisoned q spreads NaN or Inf as the reference does, and the comparison counts it") {
  for (const Poison poison : {Poison::NaN, Poison::Inf}) {
    Scenario s = Small();
    s.poison = poison;
    CAPTURE(PoisonName(poison));
    const ScenarioInputs data = MakeInputs(s);
    CHECK(!std::isfinite(data.inputs.q.GetFloat(0)));
    CHECK(std::isfinite(data.inputs.q.GetFloat(1)));
    const testing::CheckedRun run = testing::RunAndCompare(s);
    REQUIRE(!run.step.error);
    CHECK(run.comparison.pass);
    for (const OutputError& e : run.comparison.outputs) {
      CAPTURE(e.name);
      CHECK(e.nonfinite > 0);  // row 0 of o, l, m and dq; every row of dk and dv
      CHECK(e.nonfinite == e.reference_nonfinite);
      CHECK(e.nonfinite_mismatches == 0);
    }
  }
}

TEST_CASE("with causal masking a NaN misses the skipped blocks, so the dense reference disagrees") {
  Scenario s = Small();
  s.causal = true;
  s.poison = Poison::NaN;
  const testing::CheckedRun run = testing::RunAndCompare(s);
  REQUIRE(!run.step.error);
  CHECK_FALSE(run.comparison.pass);
  const OutputError& dk = run.comparison.outputs[4];
  REQUIRE(dk.name == "dk");
  // q row 0 reaches only the first kv block; the reference multiplies its masked zeros by NaN everywhere.
  CHECK(dk.nonfinite == 128 * 128);
  CHECK(dk.reference_nonfinite == 256 * 128);
  CHECK(dk.nonfinite_mismatches == 128 * 128);
}

TEST_CASE("a training step on several threads gives the serial step's outputs and statistics, bit for bit") {
  Scenario s = Small();
  s.heads = 3;
  s.causal = true;
  s.bias = true;
  s.segments = 2;
  s.precision = Precision::Default;
  const ScenarioInputs data = MakeInputs(s);
  auto run = [&](int threads) {
    const StepOptions options{
        .launch = {
            .chip = s.ChipPreset(), .precision = s.precision, .record_events = false, .threads = threads}};
    return RunTrainingStep(data.inputs, data.d_o, s.Config(), options);
  };
  const TrainingStepResult serial = run(1), parallel = run(4);
  REQUIRE_FALSE(serial.error);
  REQUIRE_FALSE(parallel.error);
  CHECK(serial.o.BitwiseEqual(parallel.o));
  CHECK(serial.l.BitwiseEqual(parallel.l));
  CHECK(serial.dq.BitwiseEqual(parallel.dq));
  CHECK(serial.dk.BitwiseEqual(parallel.dk));
  CHECK(serial.dv.BitwiseEqual(parallel.dv));
  REQUIRE(serial.ds);
  CHECK(serial.ds->BitwiseEqual(*parallel.ds));
  REQUIRE(serial.launches.size() == parallel.launches.size());
  for (std::size_t i = 0; i < serial.launches.size(); ++i) {
    const tilewalk::tpu::LaunchStats& a = serial.launches[i].result.stats;
    const tilewalk::tpu::LaunchStats& b = parallel.launches[i].result.stats;
    CHECK(a.steps_run == b.steps_run);
    CHECK(a.ops.vreg_ops == b.ops.vreg_ops);
    CHECK(a.ops.transcendentals == b.ops.transcendentals);
    CHECK(a.cost.total_us == b.cost.total_us);
    CHECK(a.cost.bubble_us == b.cost.bubble_us);
  }
}
