#include "kernels/flash/seeded_normals.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstddef>

namespace tilewalk::flash {
namespace {

// std::mt19937_64's parameters. The standard fixes every draw of the engine from its seed, so a state
// twisted whole here gives the draws that one call at a time gives.
constexpr int kShift = 156;  // m
constexpr uint64_t kUpper = ~uint64_t{0} << 31;
constexpr uint64_t kLower = ~kUpper;
constexpr uint64_t kMatrix = 0xB5026F5AA96619E9;

uint64_t Twisted(uint64_t word, uint64_t next, uint64_t far) {
  const uint64_t y = (word & kUpper) | (next & kLower);
  return far ^ (y >> 1) ^ ((y & 1) ? kMatrix : 0);
}

uint64_t Tempered(uint64_t z) {
  z ^= (z >> 29) & 0x5555555555555555;
  z ^= (z << 17) & 0x71D67FFFEDA60000;
  z ^= (z << 37) & 0xFFF7EEE000000000;
  return z ^ (z >> 43);
}

// The compilers contract libstdc++'s x * x + y * y, and its value * stddev + mean, into one fused
// multiply-add when the target has one (GCC from -O2, clang at any level): the library's inputs have
// always been made so on such builds, and without one they are two roundings. Said here, so that the
// vectorised loops round as the scalar code did.
float MulAdd(float a, float b, float c) {
#if defined(__FMA__)
  return std::fma(a, b, c);
#else
  return a * b + c;
#endif
}

// std::generate_canonical<float, 24> of one draw, which a 64-bit draw covers: float(draw) / 2^64, and the
// float below 1 when that rounds up to 1. Then 2u - 1 as the polar method takes it: libstdc++ subtracts
// 1.0 in double, but 2u is exact and double holds more than twice float's digits, so the float result is
// the same.
float PolarCoordinate(uint64_t draw) {
  const float u = static_cast<float>(draw) * 0x1p-64f;
  return 2.0f * (u >= 1.0f ? 0x1.fffffep-1f : u) - 1.0f;
}

}  // namespace

SeededNormals::SeededNormals(uint64_t seed) {
  m_state[0] = seed;
  for (int i = 1; i < kDraws; ++i)
    m_state[i] = 6364136223846793005 * (m_state[i - 1] ^ (m_state[i - 1] >> 62)) + static_cast<uint64_t>(i);
}

void SeededNormals::NextValues() {
  for (int i = 0; i < kDraws - kShift; ++i)
    m_state[i] = Twisted(m_state[i], m_state[i + 1], m_state[i + kShift]);
  for (int i = kDraws - kShift; i < kDraws - 1; ++i)
    m_state[i] = Twisted(m_state[i], m_state[i + 1], m_state[i + kShift - kDraws]);
  m_state[kDraws - 1] = Twisted(m_state[kDraws - 1], m_state[0], m_state[kShift - 1]);

  // Each try of the polar method takes two draws, kept or not, so try j is draws 2j and 2j + 1 of the
  // stream whatever came before: the tries of one state are independent of the values asked for so far.
  constexpr int kTries = kDraws / 2;
  std::array<float, kTries> xs, ys, r2s;
  std::array<uint8_t, kTries> inside;
  for (int j = 0; j < kTries; ++j) {
    xs[j] = PolarCoordinate(Tempered(m_state[2 * j]));
    ys[j] = PolarCoordinate(Tempered(m_state[2 * j + 1]));
    r2s[j] = MulAdd(xs[j], xs[j], ys[j] * ys[j]);
    inside[j] = !(r2s[j] > 1.0f || r2s[j] == 0.0f);
  }
  std::array<uint8_t, kTries> kept;
  int pairs = 0;
  for (int j = 0; j < kTries; ++j) {
    kept[pairs] = static_cast<uint8_t>(j);
    pairs += inside[j];
  }
  // The logarithm stays glibc's logf, one call a pair: a vector logarithm would round differently.
  std::array<float, kTries> logs;
  for (int k = 0; k < pairs; ++k) logs[k] = std::log(r2s[kept[k]]);
  for (int k = 0; k < pairs; ++k) {
    const int j = kept[k];
    const float mult = std::sqrt(-2 * logs[k] / r2s[j]);
    m_values[2 * k] = ys[j] * mult;  // returned first; x·mult is the value the distribution saves
    m_values[2 * k + 1] = xs[j] * mult;
  }
  m_count = 2 * pairs;
  m_next = 0;
}

void SeededNormals::Fill(tpu::Array& a, float stddev) {
  assert((a.dtype() == tpu::DType::F32 || a.dtype() == tpu::DType::BF16) &&
         "SeededNormals fills float32 and bfloat16 arrays; the scenario's dtype is one of them");
  std::array<float, kDraws> scaled;
  for (int64_t done = 0, size = a.size(); done < size;) {
    if (m_next == m_count) NextValues();
    const int take = static_cast<int>(std::min<int64_t>(m_count - m_next, size - done));
    for (int i = 0; i < take; ++i) scaled[i] = MulAdd(m_values[m_next + i], stddev, 0.0f);
    a.WriteFloats(done, take, scaled.data());
    done += take;
    m_next += take;
  }
  m_next += m_next & 1;
}

}  // namespace tilewalk::flash
