// The benchmark binary's entry point: Google Benchmark's own, after the heap setting the app's main makes,
// so that the figures are those of the app's runs.
#include <benchmark/benchmark.h>

#include "kernels/tpu/host_heap.hpp"

int main(int argc, char** argv) {
  tilewalk::tpu::KeepFreedMemoryForReuse();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
