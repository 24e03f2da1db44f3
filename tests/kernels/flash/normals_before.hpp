// MakeInputs's normal arrays as it made them before SeededNormals, written out again as the reference that
// the test (seeded_normals_test.cpp) and the benchmark (tests/bench/inputs_bench.cpp) hold it to: one
// std::mt19937_64 for the scenario, a fresh std::normal_distribution<float> per array, one call and one
// SetFloat per element.
// Compile it as the library is compiled (-O3 in Release): GCC fuses the distribution's x * x + y * y into a
// multiply-add from -O2 on when the target has one, so at the test suites' -O1 it would not be the code the
// library ran.
#pragma once

#include <random>
#include <vector>

#include "kernels/flash/scenario.hpp"

namespace tilewalk::flash::normals_before {

// The loop as it stood in scenario.cpp, SetFloat's rounding to the dtype included, so that the benchmark
// times what it cost.
inline tpu::Array OneCallAnElement(tpu::Shape shape, tpu::DType dtype, std::mt19937_64& rng, float stddev) {
  tpu::Array a(shape, dtype);
  std::normal_distribution<float> normal(0.0f, stddev);
  for (int64_t i = 0; i < a.size(); ++i) a.SetFloat(i, normal(rng));
  return a;
}

// q, k, v, ab when there is a bias, then do.
inline std::vector<tpu::Array> Arrays(const Scenario& s) {
  std::mt19937_64 rng(s.seed);
  const tpu::Shape q{s.batch, s.heads, s.q_len, s.head_dim}, kv{s.batch, s.heads, s.kv_len, s.head_dim};
  std::vector<tpu::Array> arrays;
  arrays.push_back(OneCallAnElement(q, s.dtype, rng, 1.0f));
  arrays.push_back(OneCallAnElement(kv, s.dtype, rng, 1.0f));
  arrays.push_back(OneCallAnElement(kv, s.dtype, rng, 1.0f));
  if (s.bias) arrays.push_back(OneCallAnElement({s.batch, s.heads, s.q_len, s.kv_len}, s.dtype, rng, 0.5f));
  arrays.push_back(OneCallAnElement(q, s.dtype, rng, 1.0f));
  return arrays;
}

// The same arrays of MakeInputs's result, in the same order.
inline std::vector<const tpu::Array*> Arrays(const ScenarioInputs& made) {
  std::vector<const tpu::Array*> arrays = {&made.inputs.q, &made.inputs.k, &made.inputs.v};
  if (made.inputs.ab) arrays.push_back(&*made.inputs.ab);
  arrays.push_back(&made.d_o);
  return arrays;
}

}  // namespace tilewalk::flash::normals_before
