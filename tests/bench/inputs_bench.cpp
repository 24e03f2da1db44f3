// The goal: MakeInputs of the causal 4096² scenario (B=1, H=1, D=128: q, k, v and do, 2M normal values) at
// least 2× as fast as the way it made them before SeededNormals (tests/kernels/flash/normals_before.hpp:
// one std::normal_distribution<float> call per element). Each iteration makes both, in turn, and checks
// that they are bitwise equal; the speed-up is the median of each iteration's own ratio, so that load that
// comes and goes on a shared machine does not move it.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <vector>

#include "kernels/flash/scenario.hpp"
#include "tests/kernels/flash/normals_before.hpp"

// A named namespace: the bench files are compiled as one unity source, where another one's Seconds is seen.
namespace tilewalk::inputs_bench {

bool Same(const std::vector<tpu::Array>& before, const flash::ScenarioInputs& now) {
  const std::vector<const tpu::Array*> made = flash::normals_before::Arrays(now);
  if (made.size() != before.size()) return false;
  for (std::size_t i = 0; i < made.size(); ++i)
    if (!made[i]->BitwiseEqual(before[i])) return false;
  return true;
}

double Seconds(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

void BM_MakeInputs4096(benchmark::State& state) {
  flash::Scenario s;
  s.q_len = s.kv_len = 4096;
  s.causal = true;
  double before = 0, now = 0;
  std::vector<double> speedups;
  for (auto _ : state) {
    auto start = std::chrono::steady_clock::now();
    const std::vector<tpu::Array> old_arrays = flash::normals_before::Arrays(s);
    const double before_once = Seconds(start);
    start = std::chrono::steady_clock::now();
    const flash::ScenarioInputs data = flash::MakeInputs(s);
    const double now_once = Seconds(start);
    if (!Same(old_arrays, data)) state.SkipWithError("MakeInputs differs from one call per element");
    before += before_once;
    now += now_once;
    speedups.push_back(before_once / now_once);
  }
  const auto n = static_cast<double>(state.iterations());
  state.counters["before_ms"] = before / n * 1e3;
  state.counters["now_ms"] = now / n * 1e3;
  const auto middle = speedups.begin() + static_cast<std::ptrdiff_t>(speedups.size() / 2);
  std::nth_element(speedups.begin(), middle, speedups.end());
  state.counters["speedup"] = speedups.empty() ? 0 : *middle;
}
BENCHMARK(BM_MakeInputs4096)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(2);

}  // namespace tilewalk::inputs_bench
