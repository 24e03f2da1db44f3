// The normal values of a scenario's inputs: what std::normal_distribution<float> draws from a seeded
// std::mt19937_64, bit for bit, made a whole engine state of draws at a time instead of one call at a time.
// Drawn one at a time, with the polar method's accept/reject branch and a store per element, they were
// 13–16 % of recording a 4096² scenario; here the engine's twist and the uniforms run in loops the compiler
// vectorises, and only the logarithm of each accepted pair stays a call (docs/performance.md).
// The test that the values are unchanged: tests/kernels/flash/seeded_normals_test.cpp.
#pragma once

#include <array>
#include <cstdint>

#include "kernels/tpu/array.hpp"

namespace tilewalk::flash {

class SeededNormals {
 public:
  explicit SeededNormals(uint64_t seed);  // the draws of std::mt19937_64(seed)

  // Sets every element of `a` (float32 or bfloat16) to the next values of a fresh
  // std::normal_distribution<float>(0, stddev) over the draws, rounded to a's dtype as SetFloat rounds. The
  // second value of a pair that an odd count leaves over is dropped, as the distribution is with it.
  void Fill(tpu::Array& a, float stddev);

 private:
  static constexpr int kDraws = 312;  // the engine's state: one twist of it makes this many draws

  void NextValues();  // the next kDraws draws, as the values of the pairs the polar method accepts

  std::array<uint64_t, kDraws> m_state{};
  std::array<float, kDraws> m_values{};  // y·mult, then x·mult, of each accepted pair in draw order
  int m_count = 0;                       // even: values come in pairs
  int m_next = 0;                        // even between arrays
};

}  // namespace tilewalk::flash
