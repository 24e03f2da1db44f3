// The recording goals, both as wall time in this one process:
// - what recording costs: Recording::Record of the benchmark step (events, per-step bookkeeping and
//   checkpoints) against the same step with nothing recorded, taken in turns within one benchmark so that
//   both meet the same load (BM_RecordingCost), and Record alone (BM_RecordBenchStep);
// - Apply in the window: a new recording of a 4096² scenario (B=1, H=1, D=128), causal and not.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

#include "kernels/flash/scenario_options.hpp"
#include "kernels/flash/training_step.hpp"
#include "walkthrough/recording.hpp"

namespace {

using namespace tilewalk;

void RecordScenario(benchmark::State& state, const flash::Scenario& scenario) {
  for (auto _ : state) {
    const auto recording = walkthrough::Recording::Record(flash::Erased(scenario));
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

double Seconds(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

// Each iteration runs the step twice, in turn: as Record does (inputs, tracing, the launches with events,
// bookkeeping and checkpoints), and with nothing recorded (inputs, then the launches alone, each timed).
// Load that comes and goes within a run slows both alike, so their ratio holds where two benchmarks run
// one after the other would not: the first benchmark of a process also pays for its heap. The cost is
// what recording adds, over the step's own time: the median over the iterations, each pair compared on
// its own, so that a burst of load in one iteration does not move it.
void BM_RecordingCost(benchmark::State& state) {
  const flash::Scenario s = *flash::ParseScenario(std::vector<std::string>{"--scenario", "bench-step"});
  double recorded = 0, inputs = 0, step = 0;
  std::vector<double> costs;
  for (auto _ : state) {
    auto start = std::chrono::steady_clock::now();
    const auto recording = walkthrough::Recording::Record(flash::Erased(s));
    if (recording->error()) state.SkipWithError(recording->error()->message.c_str());
    const double recorded_once = Seconds(start);
    start = std::chrono::steady_clock::now();
    const flash::ScenarioInputs data = flash::MakeInputs(s);
    const double inputs_once = Seconds(start);
    start = std::chrono::steady_clock::now();
    const flash::TrainingStepResult bare = flash::RunTrainingStep(
        data.inputs, data.d_o, s.Config(),
        {.launch = {.chip = s.ChipPreset(), .precision = s.precision, .record_events = false}});
    if (bare.error) state.SkipWithError(bare.error->message.c_str());
    const double step_once = Seconds(start);
    recorded += recorded_once;
    inputs += inputs_once;
    step += step_once;
    costs.push_back((recorded_once - inputs_once - step_once) / step_once);
  }
  const auto n = static_cast<double>(state.iterations());
  state.counters["recorded_ms"] = recorded / n * 1e3;
  state.counters["inputs_ms"] = inputs / n * 1e3;
  state.counters["step_ms"] = step / n * 1e3;
  std::nth_element(costs.begin(), costs.begin() + static_cast<std::ptrdiff_t>(costs.size() / 2), costs.end());
  state.counters["cost_%"] = costs.empty() ? 0 : costs[costs.size() / 2] * 100;
}
BENCHMARK(BM_RecordingCost)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(4);

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
