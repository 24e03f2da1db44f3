// The host-memory estimate's formulas: array sizes checked by hand for a small scenario, event counts
// against real runs, and the guard that refuses a scenario over the cap --max-memory sets.
#include "kernels/flash/host_memory.hpp"

#include <doctest/doctest.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "kernels/flash/scenario.hpp"
#include "kernels/flash/scenario_options.hpp"
#include "kernels/flash/training_step.hpp"

using namespace tilewalk;

namespace {

flash::Scenario Parse(const std::vector<std::string>& flags) {
  const auto s = flash::ParseScenario(flags);
  REQUIRE(s.ok());
  return *s;
}

double RealEvents(const flash::Scenario& s) {
  const flash::ScenarioInputs data = flash::MakeInputs(s);
  const flash::TrainingStepResult step =
      flash::RunTrainingStep(data.inputs, data.d_o, s.Config(),
                             {.forward_only = s.forward_only,
                              .launch = {.chip = s.ChipPreset(), .record_events = true, .threads = 1}});
  REQUIRE(!step.error);
  double events = 0;
  for (const flash::LaunchOutcome& launch : step.launches)
    events += static_cast<double>(launch.result.events.size());
  return events;
}

// B=2, H=3, Sq=256, Skv=512, D=64 in float32: q has 6·256·64 = 98304 elements, k 196608, l 1536.
flash::Scenario TwoByThree() {
  return Parse({"--batch", "2", "--heads", "3", "--q-len", "256", "--kv-len", "512", "--head-dim", "64"});
}

}  // namespace

TEST_CASE("the estimate's arrays, checked by hand") {
  const flash::HostMemory check = flash::EstimateHostMemory(TwoByThree(), {.record = false, .threads = 1});
  // q, k, v, do: 4 bytes × (2·98304 + 2·196608).
  CHECK(check.inputs == 2359296);
  // o 393216; fwd l, m in 128 lanes 2·128·6144 (the backward launches read these); the step's l, m, di
  // 3·6144; di in 128 lanes 128·6144, which dkv and dq share (block_k_major_dq = 128); dk, dv 2·786432; dq
  // 393216.
  CHECK(check.launches == 393216 + 1572864 + 18432 + 786432 + 1572864 + 393216);
  // With block_k_major_dq = 256, dq reads di from its own 256 lanes: 256·6144 more.
  flash::Scenario wide = TwoByThree();
  wide.block_sizes.block_k_major_dq = 256;
  CHECK(flash::EstimateHostMemory(wide, {.record = false, .threads = 1}).launches ==
        check.launches + 256 * 6144);
  // o; l, m, di; dq, dk, dv.
  CHECK(check.results == 393216 + 18432 + 1966080);
  // Floats: q, k, v, do; o, l, m; dq, dk, dv; three 256×512 matrices of one slice (weights, ds, terms)
  // and one slice's 512×64 sums of terms.
  CHECK(check.reference == 4.0 * (589824 + 98304 + 3072 + 98304 + 393216 + 3 * 256 * 512 + 512 * 64));
  CHECK(check.checkpoints == 0);
  CHECK(check.workers == 0);

  const flash::HostMemory record = flash::EstimateHostMemory(TwoByThree(), {.record = true, .threads = 2});
  CHECK(record.inputs == check.inputs);
  CHECK(record.launches == check.launches);
  CHECK(record.results == 0);
  CHECK(record.reference == 0);
  CHECK(record.checkpoints > 0);
  // The second thread: its own 0.75 MiB and 15 KiB per element of head_dim, and the steps run ahead of the
  // runner, 256 KiB each: in the forward, 4 rounds of the window × 2 threads = 8 of the 11 slices after the
  // first (batch 2 × heads 3 × 2 q blocks), of 4 kv steps each: 32 steps, 8 MiB, within the 1.7 budgets one
  // worker keeps resident.
  const double mib = 1 << 20;
  const double recording_worker = 0.75 * mib + TwoByThree().head_dim * (15 << 10);
  CHECK(record.workers == doctest::Approx(recording_worker + 8 * mib));
  // Each further thread adds its own share; with 3 workers, all 11 slices are in the window (44 steps,
  // 11 MiB), within 2.1 budgets.
  CHECK(flash::EstimateHostMemory(TwoByThree(), {.record = true, .threads = 4}).workers ==
        doctest::Approx(3 * recording_worker + 11 * mib));
  // check's threads keep no records of their own: 1.1 MiB each.
  CHECK(flash::EstimateHostMemory(TwoByThree(), {.record = false, .threads = 2}).workers ==
        doctest::Approx(1.1 * mib + 8 * mib));
  // One q block per (batch, head): the forward and dQ have 6 slices, so 5 workers however many threads,
  // but dK/dV has 24 (6 × 4 kv blocks), each one q step: at 16 threads it sets the share with 15 workers
  // and 23 steps ahead.
  flash::Scenario one_block = TwoByThree();
  one_block.q_len = 128;
  CHECK(flash::EstimateHostMemory(one_block, {.record = true, .threads = 16}).workers ==
        doctest::Approx(15 * recording_worker + 23 * (256 << 10)));
  // Long slices fill the budget: 2048² has 16 q blocks of 16 kv steps, so one worker may run 128 steps
  // (32 MiB) ahead, held at the 1.7 budgets one worker keeps resident, and seven at 2.9.
  flash::Scenario long_rows;
  long_rows.q_len = long_rows.kv_len = 2048;
  const double long_worker = 0.75 * mib + long_rows.head_dim * (15 << 10);
  CHECK(flash::EstimateHostMemory(long_rows, {.record = true, .threads = 2}).workers ==
        doctest::Approx(long_worker + 1.7 * 8 * mib));
  CHECK(flash::EstimateHostMemory(long_rows, {.record = true, .threads = 8}).workers ==
        doctest::Approx(7 * long_worker + 2.9 * 8 * mib));
  CHECK(flash::EstimateHostMemory(long_rows, {.record = true, .threads = 64}).workers ==
        doctest::Approx(15 * long_worker + 2.9 * 8 * mib));  // 16 slices: 15 workers at most

  CHECK(record.events > check.events);  // the recording's own per-step bookkeeping
  CHECK(record.Total() == doctest::Approx(record.inputs + record.launches + record.events +
                                          record.checkpoints + record.workers + record.fixed));
}

TEST_CASE("a bias adds ab, ds and the reference's copies of them") {
  flash::Scenario biased = TwoByThree();
  biased.bias = true;
  const flash::HostMemory with = flash::EstimateHostMemory(biased, {.record = false});
  const flash::HostMemory without = flash::EstimateHostMemory(TwoByThree(), {.record = false});
  const double scores = 4.0 * 6 * 256 * 512;  // [B, H, Sq, Skv] in float32
  CHECK(with.inputs - without.inputs == scores);
  CHECK(with.launches - without.launches == scores);
  CHECK(with.results - without.results == scores);
  CHECK(with.reference - without.reference == 2 * scores);
}

TEST_CASE("the event estimate counts what a run records") {
  // Exact for these: grids with and without a causal diagonal, every optional input, bigger blocks.
  for (const std::vector<std::string>& flags : std::vector<std::vector<std::string>>{
           {"--q-len", "256", "--kv-len", "512", "--head-dim", "64"},
           {"--q-len", "512", "--kv-len", "256", "--causal"},
           {"--q-len", "512", "--kv-len", "512", "--bias", "--sm-scale", "0.5"},
           {"--q-len", "256", "--kv-len", "256", "--segments", "2", "--batch", "2"},
           {"--q-len", "512", "--kv-len", "512", "--block-k-major", "256", "--block-q-major-dkv", "256",
            "--block-k-major-dkv", "256"},
           {"--q-len", "256", "--kv-len", "256", "--forward-only"},
       }) {
    const flash::Scenario s = Parse(flags);
    CAPTURE(flash::CanonicalScenario(s));
    CHECK(flash::EstimateEvents(s).events == RealEvents(s));
  }
  // Every flag at once: within a percent (the masks share a few statements).
  const flash::Scenario all = Parse(
      {"--q-len", "512", "--kv-len", "512", "--causal", "--bias", "--segments", "2", "--sm-scale", "0.5"});
  CHECK(flash::EstimateEvents(all).events == doctest::Approx(RealEvents(all)).epsilon(0.01));
}

TEST_CASE("causal grids run the steps on or below the diagonal") {
  const flash::Scenario s = Parse({"--q-len", "512", "--kv-len", "512", "--causal", "--forward-only"});
  // 4×4 blocks of 128: rows 0..3 run 1, 2, 3, 4 kv blocks.
  CHECK(flash::EstimateEvents(s).steps == 16);
  CHECK(flash::EstimateEvents(s).ran_steps == 10);
}

TEST_CASE("the guard refuses a scenario over the cap, naming the estimate, the cap and what to change") {
  const flash::Scenario s = TwoByThree();
  CHECK(flash::CheckRunnable(s).ok());
  flash::SetMaxHostBytes(int64_t{1} << 20);
  const auto refused = flash::CheckRunnable(s);
  flash::SetMaxHostBytes(0);
  REQUIRE(!refused.ok());
  CHECK(refused.error().reason == base::Reason::TooLarge);
  CHECK(refused.error().message.find("of host memory, more than the 1.0 MiB --max-memory allows") !=
        std::string::npos);
  CHECK(refused.error().message.find("raise --max-memory") != std::string::npos);
  const flash::HostCap cap = flash::MaxHostBytes();
  CHECK(cap.source != "--max-memory");
  CHECK(cap.bytes <= static_cast<int64_t>(sysconf(_SC_PHYS_PAGES)) * sysconf(_SC_PAGE_SIZE) / 2);
}
