// The goals: recording a training step at S=8192, H=1, D=128, causal peaks at ≤ 256 MiB resident;
// seeking to a random event of a launch with ≥ 100,000 events takes ≤ 5 ms (median); stepping by one
// statement takes ≤ 1 ms. Medians are computed here over many moves and reported as counters.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "kernels/flash/scenario_options.hpp"
#include "walkthrough/timeline.hpp"

namespace {

using namespace tilewalk;
using walkthrough::Direction;
using walkthrough::Granularity;

long PeakResidentKiB() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmHWM:", 0) == 0) return std::stol(line.substr(6));
  return -1;
}

void ResetPeakResident() {
  std::ofstream("/proc/self/clear_refs") << "5";
}  // Linux: resets VmHWM

flash::Scenario Causal8192(bool forward_only, int heads) {
  flash::Scenario s;
  s.q_len = s.kv_len = 8192;
  s.heads = heads;
  s.causal = true;
  s.forward_only = forward_only;
  return s;
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

double Ms(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

void BM_RecordTrainingStep(benchmark::State& state) {
  for (auto _ : state) {
    ResetPeakResident();
    const auto recording = walkthrough::Recording::Record(flash::Erased(Causal8192(false, 1)));
    state.counters["peak_rss_MiB"] = static_cast<double>(PeakResidentKiB()) / 1024.0;
    state.counters["events"] = static_cast<double>(recording->EventCount());
    std::size_t bytes = 0;
    for (const auto& t : recording->launches()) bytes += t.checkpoint_bytes;
    state.counters["checkpoint_MiB"] = static_cast<double>(bytes) / (1 << 20);
  }
}
BENCHMARK(BM_RecordTrainingStep)->Iterations(1)->Unit(benchmark::kSecond)->UseRealTime();

// Seeks to random events, then steps one statement forward from each.
void SeekAndStep(benchmark::State& state, const flash::Scenario& scenario) {
  const auto recording =
      std::shared_ptr<const walkthrough::Recording>(walkthrough::Recording::Record(flash::Erased(scenario)));
  walkthrough::Timeline timeline(recording);
  std::mt19937_64 rng(42);
  std::vector<double> seeks, steps;
  for (auto _ : state) {
    for (int i = 0; i < 200; ++i) {
      const uint64_t target = rng() % recording->EventCount();
      auto a = std::chrono::steady_clock::now();
      timeline.Seek(target);
      benchmark::DoNotOptimize(timeline.Current());
      auto b = std::chrono::steady_clock::now();
      timeline.Step(Granularity::Statement, Direction::Forward);
      benchmark::DoNotOptimize(timeline.Current());
      auto c = std::chrono::steady_clock::now();
      seeks.push_back(Ms(a, b));
      steps.push_back(Ms(b, c));
    }
  }
  state.counters["events"] = static_cast<double>(recording->EventCount());
  state.counters["seek_median_ms"] = Median(seeks);
  state.counters["step_median_ms"] = Median(steps);
}

// One launch of 171,000 events: the forward pass of two heads.
void BM_SeekForwardLaunch(benchmark::State& state) {
  SeekAndStep(state, Causal8192(true, 2));
}
BENCHMARK(BM_SeekForwardLaunch)->Iterations(1)->Unit(benchmark::kSecond)->UseRealTime();

// The whole training step (fwd, dK/dV, dQ) at S=8192, H=1: 279,000 events over three launches.
void BM_SeekTrainingStep(benchmark::State& state) {
  SeekAndStep(state, Causal8192(false, 1));
}
BENCHMARK(BM_SeekTrainingStep)->Iterations(1)->Unit(benchmark::kSecond)->UseRealTime();

}  // namespace
