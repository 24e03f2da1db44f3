// Helpers for the splash reference tests: seeded inputs in float64, and an independent brute-force
// attention in long double that knows nothing of mask values, blocks or running maxima: a softmax over the
// pairs that count, with the sink as one more logit.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

#include "kernels/flash/seeded_normals.hpp"
#include "kernels/splash/reference.hpp"

namespace tilewalk::splash::testing {

// `count` normals of std::normal_distribution<float>(0, stddev) over std::mt19937_64(seed), widened.
inline std::vector<double> SeededDoubles(uint64_t seed, int64_t count, float stddev = 1.0f) {
  tpu::Array a(tpu::Shape{count}, tpu::DType::F32);
  flash::SeededNormals normals(seed);
  normals.Fill(a, stddev);
  std::vector<double> out(static_cast<std::size_t>(count));
  for (int64_t i = 0; i < count; ++i) out[static_cast<std::size_t>(i)] = a.GetFloat(i);
  return out;
}

struct BruteForce {
  std::vector<long double> out;        // [num_q_heads, q_len, head_dim_v]
  std::vector<long double> logsumexp;  // [num_q_heads, q_len]
  std::vector<uint8_t> attends;        // [num_q_heads, q_len]: the row has a pair that counts
};

inline BruteForce BruteForceAttention(const Mask& mask, const SplashReferenceProblem& p) {
  BruteForce r;
  r.out.assign(static_cast<std::size_t>(p.num_q_heads * p.q_len * p.head_dim_v), 0.0L);
  r.logsumexp.assign(static_cast<std::size_t>(p.num_q_heads * p.q_len), 0.0L);
  r.attends.assign(static_cast<std::size_t>(p.num_q_heads * p.q_len), 0);
  const int64_t group = p.num_q_heads / p.num_kv_heads;
  for (int64_t h = 0; h < p.num_q_heads; ++h) {
    const int64_t g = h / group;
    for (int64_t i = 0; i < p.q_len; ++i) {
      std::vector<long double> logits;
      std::vector<int64_t> keys;
      for (int64_t j = 0; j < p.kv_len; ++j) {
        if (!mask.Attends(h, i, j)) continue;
        if (!p.q_segment_ids.empty() && p.q_segment_ids[i] != p.kv_segment_ids[j]) continue;
        long double x = 0;
        for (int64_t c = 0; c < p.head_dim; ++c)
          x += static_cast<long double>(p.q[(h * p.q_len + i) * p.head_dim + c]) *
               static_cast<long double>(p.k[(g * p.kv_len + j) * p.head_dim + c]);
        if (p.attn_logits_soft_cap) {
          const long double cap = *p.attn_logits_soft_cap;
          x = cap * std::tanh(x / cap);
        }
        logits.push_back(x);
        keys.push_back(j);
      }
      r.attends[h * p.q_len + i] = !keys.empty();
      long double top = p.sinks.empty() ? -INFINITY : static_cast<long double>(p.sinks[h]);
      for (long double x : logits) top = std::max(top, x);
      long double denominator = p.sinks.empty() ? 0.0L : std::exp(static_cast<long double>(p.sinks[h]) - top);
      for (long double x : logits) denominator += std::exp(x - top);
      for (std::size_t n = 0; n < keys.size(); ++n) {
        const long double w = std::exp(logits[n] - top) / denominator;
        for (int64_t c = 0; c < p.head_dim_v; ++c)
          r.out[(h * p.q_len + i) * p.head_dim_v + c] +=
              w * static_cast<long double>(p.v[(g * p.kv_len + keys[n]) * p.head_dim_v + c]);
      }
      r.logsumexp[h * p.q_len + i] = top + std::log(denominator);
    }
  }
  return r;
}

}  // namespace tilewalk::splash::testing
