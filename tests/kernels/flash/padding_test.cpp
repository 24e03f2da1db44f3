// A partial last q block: its padding rows hold NaN (interpret mode) or zeros, and neither reaches a real
// output; a kernel that mixes rows would let NaN padding through, which `check` then catches. Segment ids
// are int32 all the way, so ids past 2^24 still tell segments apart.
#include <cmath>
#include <cstdint>
#include <string>

#include "tests/kernels/flash/flash_test_support.hpp"

using namespace tilewalk::flash;
using tilewalk::flash::testing::RunAndCompare;

namespace {

// q_len 200 in forward blocks of 128: the second q block holds 72 real rows and 56 of padding. The
// backward blocks take the whole q length, which they must divide.
Scenario Partial(tilewalk::tpu::PadFill pad) {
  Scenario s;
  s.q_len = 200;
  s.kv_len = 256;
  s.pad = pad;
  s.precision = tilewalk::tpu::Precision::Highest;
  s.block_sizes.block_q = 128;
  s.block_sizes.block_q_major_dkv = s.block_sizes.block_q_dkv = s.block_sizes.block_q_dq = 200;
  return s;
}

bool AllFinite(const tilewalk::tpu::Array& a) {
  for (int64_t i = 0; i < a.size(); ++i)
    if (!std::isfinite(a.GetFloat(i))) return false;
  return true;
}

}  // namespace

TEST_CASE("NaN padding of a partial q block never reaches a real output, and check passes") {
  for (const bool causal : {false, true})
    for (const int segments : {0, 3}) {
      CAPTURE(causal);
      CAPTURE(segments);
      Scenario s = Partial(tilewalk::tpu::PadFill::NaN);
      s.causal = causal;
      s.segments = segments;
      const testing::CheckedRun nan = RunAndCompare(s);
      REQUIRE_MESSAGE(!nan.step.error, nan.step.error->Describe());
      CHECK(nan.comparison.pass);
      CHECK(AllFinite(nan.step.o));
      CHECK(AllFinite(nan.step.l));
      CHECK(AllFinite(nan.step.dq));
      // Zero padding gives the very same outputs: the padding rows are independent of the real ones.
      s.pad = tilewalk::tpu::PadFill::Zeros;
      const testing::CheckedRun zeros = RunAndCompare(s);
      REQUIRE(!zeros.step.error);
      CHECK(zeros.step.o.BitwiseEqual(nan.step.o));
      CHECK(zeros.step.dq.BitwiseEqual(nan.step.dq));
      CHECK(zeros.step.dk.BitwiseEqual(nan.step.dk));
    }
}

TEST_CASE(
    "a kernel that mixes rows leaks NaN padding into real rows and check fails, where zeros would hide it") {
  // Broken on purpose: every score picks up 0 × its column's sum over the block's rows. Arithmetic that
  // is harmless on real rows, and on zero padding, but NaN × 0 is NaN.
  const auto mix_rows = [](tilewalk::tpu::SiteId site, tilewalk::tpu::Value& value) {
    if (tilewalk::tpu::GetSite(site).name != std::string("fwd.run.s") || value.traced()) return;
    const tilewalk::tpu::Matrix& s = value.data();
    const tilewalk::tpu::Matrix column_sums = s.colwise().sum();
    value = tilewalk::tpu::Value::Of(s + (column_sums * 0.0f).replicate(s.rows(), 1), value.dtype());
  };
  Scenario s = Partial(tilewalk::tpu::PadFill::NaN);
  s.forward_only = true;
  CHECK(RunAndCompare(s).comparison.pass);
  const testing::CheckedRun leaking = RunAndCompare(s, false, mix_rows);
  REQUIRE(!leaking.step.error);
  CHECK_FALSE(leaking.comparison.pass);
  s.pad = tilewalk::tpu::PadFill::Zeros;
  CHECK(RunAndCompare(s, false, mix_rows).comparison.pass);
}

TEST_CASE("segment ids past 2^24 still tell adjacent segments apart") {
  // The same segmentation with ids shifted by 2^24: as int32 the masks, and so the outputs, are the same.
  // Held as float32, ids 2^24 and 2^24 + 1 would merge into one segment.
  Scenario s;
  s.q_len = s.kv_len = 256;
  s.segments = 4;
  s.block_sizes.block_q = s.block_sizes.block_k_major = s.block_sizes.block_k = 128;
  ScenarioInputs data = MakeInputs(s);
  const StepOptions options{.launch = {.chip = s.ChipPreset(), .precision = s.precision}};
  const TrainingStepResult small = RunTrainingStep(data.inputs, data.d_o, s.Config(), options);
  REQUIRE(!small.error);
  constexpr int32_t kShift = 1 << 24;
  for (auto* ids : {&*data.inputs.q_segment_ids, &*data.inputs.kv_segment_ids})
    for (int64_t i = 0; i < ids->size(); ++i) ids->Data<int32_t>()[i] += kShift;
  CHECK(data.inputs.q_segment_ids->Data<int32_t>()[255] - kShift >= 1);  // at least two ids, adjacent
  const TrainingStepResult big = RunTrainingStep(data.inputs, data.d_o, s.Config(), options);
  REQUIRE(!big.error);
  CHECK(big.o.BitwiseEqual(small.o));
  CHECK(big.dq.BitwiseEqual(small.dq));
  CHECK(big.dk.BitwiseEqual(small.dk));
  CHECK(big.dv.BitwiseEqual(small.dv));
}
