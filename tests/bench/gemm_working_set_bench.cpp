// What the GEMM limit assumes: its operands stay in the core's cache. In a grid step they share it with the
// step's other values (a 128 × 128 float32 tile is 64 KiB, and a forward step makes about twenty). Here the
// kernel-shape product runs after elementwise passes over `tiles` other tiles, the way a step's statements
// make them, and only the product is timed: its GFLOP/s against the limit's, as the working set grows past
// the core's L2.
#include <benchmark/benchmark.h>

#include <chrono>
#include <vector>

#include "kernels/tpu/value.hpp"

namespace {

using tilewalk::tpu::Matrix;
using Clock = std::chrono::steady_clock;

void BM_GemmBetweenPasses(benchmark::State& state) {
  constexpr int kTile = 128;
  const auto tiles = static_cast<std::size_t>(state.range(0));
  std::vector<Matrix> passes(tiles + 1, Matrix::Constant(kTile, kTile, 0.5f));
  const Matrix q = Matrix::Random(kTile, kTile), k = Matrix::Random(kTile, kTile);
  Matrix s(kTile, kTile);
  double product_seconds = 0;
  for (auto _ : state) {
    for (std::size_t i = 0; i < tiles; ++i) passes[i + 1] = passes[i] + 1.0f;  // each pass writes a new tile
    const auto start = Clock::now();
    s.matrix().noalias() = q.matrix() * k.matrix().transpose();
    benchmark::DoNotOptimize(s.data());
    product_seconds += std::chrono::duration<double>(Clock::now() - start).count();
  }
  state.counters["product_GFLOP/s"] =
      2.0 * kTile * kTile * kTile * static_cast<double>(state.iterations()) / product_seconds * 1e-9;
  state.counters["working_set_KiB"] = static_cast<double>(tiles + 4) * kTile * kTile * sizeof(float) / 1024;
}
BENCHMARK(BM_GemmBetweenPasses)->Arg(0)->Arg(8)->Arg(16)->Arg(24)->Arg(32)->Arg(48)->ArgName("tiles");

}  // namespace
