#include "tests/bench/gemm_limit.hpp"

#include <benchmark/benchmark.h>

#include <chrono>

#include "kernels/tpu/value.hpp"

namespace tilewalk::bench {

namespace {

using Clock = std::chrono::steady_clock;

struct GemmOperands {
  tpu::Matrix q, k, s;
  explicit GemmOperands(const GemmShape& shape)
      : q(tpu::Matrix::Random(shape.block_q, shape.head_dim)),
        k(tpu::Matrix::Random(shape.block_k, shape.head_dim)),
        s(shape.block_q, shape.block_k) {}
  void Multiply() { s.matrix().noalias() = q.matrix() * k.matrix().transpose(); }
};

}  // namespace

double MeasureGemmGflops(const GemmShape& shape, double seconds) {
  GemmOperands g(shape);
  g.Multiply();  // warm the caches
  int64_t products = 0;
  const auto start = Clock::now();
  double elapsed = 0;
  do {
    for (int i = 0; i < 16; ++i) g.Multiply();
    benchmark::DoNotOptimize(g.s.data());
    products += 16;
    elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  } while (elapsed < seconds);
  return static_cast<double>(products) * shape.Flops() / elapsed * 1e-9;
}

namespace {

// The limit on its own: one core, the kernel's default shape 128 × 128 × 128 (block_q × d × block_k).
void BM_GemmKernelShape(benchmark::State& state) {
  const GemmShape shape{.block_q = static_cast<int>(state.range(0)),
                        .head_dim = static_cast<int>(state.range(1)),
                        .block_k = static_cast<int>(state.range(2))};
  GemmOperands g(shape);
  for (auto _ : state) {
    g.Multiply();
    benchmark::DoNotOptimize(g.s.data());
  }
  state.counters["GFLOP/s"] = benchmark::Counter(
      shape.Flops() * 1e-9 * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_GemmKernelShape)->Args({128, 128, 128})->ArgNames({"block_q", "d", "block_k"});

}  // namespace

}  // namespace tilewalk::bench
