// Issue 20's recording goals, both as wall time in this one process:
// - what recording costs: Recording::Record of the benchmark step (events, per-step bookkeeping and
//   checkpoints) against BM_SimulatedTrainingStep/record:0/threads:0 (the same step, nothing recorded);
// - Apply in the window: a new recording of a 4096² scenario (B=1, H=1, D=128), causal and not.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "kernels/flash/scenario_options.hpp"
#include "walkthrough/recording.hpp"

namespace {

using namespace tilewalk;

void RecordScenario(benchmark::State& state, const flash::Scenario& scenario) {
  for (auto _ : state) {
    const auto recording = walkthrough::Recording::Record(scenario);
    if (recording->error()) state.SkipWithError(recording->error()->message.c_str());
    std::size_t checkpoint_bytes = 0;
    for (const auto& t : recording->launches()) checkpoint_bytes += t.checkpoint_bytes;
    state.counters["events"] = static_cast<double>(recording->EventCount());
    state.counters["checkpoint_MiB"] = static_cast<double>(checkpoint_bytes) / (1 << 20);
  }
}

void BM_RecordBenchStep(benchmark::State& state) {
  RecordScenario(state, *flash::ParseScenario(std::vector<std::string>{"--scenario", "bench-step"}));
}
BENCHMARK(BM_RecordBenchStep)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_RecordApply4096(benchmark::State& state) {
  flash::Scenario s;
  s.q_len = s.kv_len = 4096;
  s.causal = state.range(0) != 0;
  RecordScenario(state, s);
}
BENCHMARK(BM_RecordApply4096)
    ->Arg(1)
    ->Arg(0)
    ->ArgName("causal")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
