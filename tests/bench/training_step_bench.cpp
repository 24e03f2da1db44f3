// The goal: a simulated training step (forward + dK/dV + dQ, events recorded) against the dense
// reference's forward + backward on the same inputs: B=1, H=4, S=2048, D=128, causal, float32, highest.
// Both run in this one process, so compare their ratio, not their absolute times. A second goal: the
// step's matmul flops per second, per core used, against the host's GEMM limit for the kernel's own
// shapes (gemm_limit.hpp), measured in the same run.
#include <benchmark/benchmark.h>

#include <chrono>
#include <vector>

#include "kernels/flash/reference.hpp"
#include "kernels/flash/scenario.hpp"
#include "kernels/flash/scenario_options.hpp"
#include "kernels/flash/training_step.hpp"
#include "kernels/tpu/threads.hpp"
#include "tests/bench/gemm_limit.hpp"

namespace {

using namespace tilewalk::flash;

Scenario BenchScenario() {
  return *ParseScenario(std::vector<std::string>{"--scenario", "bench-step"});
}

std::vector<float> Floats(const tilewalk::tpu::Array& a) {
  std::vector<float> v(static_cast<std::size_t>(a.size()));
  a.ReadFloats(0, a.size(), v.data());
  return v;
}

void BM_SimulatedTrainingStep(benchmark::State& state) {
  const Scenario s = BenchScenario();
  const ScenarioInputs data = MakeInputs(s);
  const bool record = state.range(0) != 0;
  const int threads =
      state.range(1) > 0 ? static_cast<int>(state.range(1)) : tilewalk::tpu::DefaultThreadCount();
  double flops = 0, seconds = 0;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    StepOptions options{
        .launch = {
            .chip = s.ChipPreset(), .precision = s.precision, .record_events = record, .threads = threads}};
    TrainingStepResult r = RunTrainingStep(data.inputs, data.d_o, s.Config(), options);
    if (r.error) state.SkipWithError(r.error->message.c_str());
    benchmark::DoNotOptimize(r.dq.RawData());
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    for (const LaunchOutcome& launch : r.launches)
      flops += static_cast<double>(launch.result.stats.ops.flops);
  }
  // The limit is measured after the step, on this thread, so that both see the same machine.
  const double limit = tilewalk::bench::MeasureGemmGflops(
      {.block_q = s.block_sizes.block_q, .head_dim = s.head_dim, .block_k = s.block_sizes.block_k}, 0.5);
  const double step_gflops = flops / seconds * 1e-9;
  state.counters["threads"] = threads;
  state.counters["step_GFLOP/s"] = step_gflops;
  state.counters["gemm_limit_GFLOP/s"] = limit;
  state.counters["of_limit_per_core"] = step_gflops / (limit * threads);
}
// threads 0: one per core (TILEWALK_THREADS overrides), as the app runs it.
BENCHMARK(BM_SimulatedTrainingStep)
    ->Args({1, 0})
    ->Args({0, 0})
    ->Args({1, 1})
    ->ArgNames({"record", "threads"})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void BM_DenseReferenceForwardBackward(benchmark::State& state) {
  const Scenario s = BenchScenario();
  const ScenarioInputs data = MakeInputs(s);
  const std::vector<float> q = Floats(data.inputs.q), k = Floats(data.inputs.k), v = Floats(data.inputs.v);
  const std::vector<float> d_o = Floats(data.d_o);
  const ReferenceProblem p{.batch = s.batch,
                           .heads = s.heads,
                           .q_len = s.q_len,
                           .kv_len = s.kv_len,
                           .head_dim = s.head_dim,
                           .q = q,
                           .k = k,
                           .v = v,
                           .causal = s.causal,
                           .sm_scale = s.sm_scale};
  for (auto _ : state) {
    ReferenceForward f = ReferenceAttention(p);
    ReferenceGradients g = ReferenceAttentionBackward(p, d_o);
    benchmark::DoNotOptimize(f.o.data());
    benchmark::DoNotOptimize(g.dq.data());
  }
}
BENCHMARK(BM_DenseReferenceForwardBackward)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
