// The case list of the MaskInfo property tests: masks of every kind on a few shapes, put into multi-head
// masks four ways, with block sizes, shard counts, shrinking and the launch drawn from a fixed seed.
#pragma once

#include <algorithm>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "kernels/splash/mask_info.hpp"
#include "tests/kernels/splash/splash_test_support.hpp"

namespace tilewalk::splash::testing {

struct Lcg {
  uint64_t state;
  uint32_t Next() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<uint32_t>(state >> 33);
  }
  int64_t Below(int64_t n) { return static_cast<int64_t>(Next() % static_cast<uint32_t>(n)); }
};

inline Mask RandomDense(Lcg& rng, int64_t q, int64_t kv, int percent) {
  Rows rows(static_cast<std::size_t>(q));
  for (auto& r : rows)
    for (int64_t c = 0; c < kv; ++c) r.push_back(rng.Below(100) < percent ? 1 : 0);
  return FromRows(rows);
}

// The 2-d masks tried for a shape.
inline std::vector<Mask> Catalogue(Lcg& rng, int64_t q, int64_t kv) {
  const SeqShape s{q, kv};
  std::vector<Mask> masks{FullMask(s),
                          CausalMask(s),
                          CausalMask(s, -2),
                          CausalMask(s, 3),
                          LocalMask(s, {1, 1}, 0),
                          LocalMask(s, {std::nullopt, 2}, 1),
                          LocalMask(s, {2, std::nullopt}, -1),
                          LocalMask(s, {0, 0}, 0),
                          ChunkedCausalMask(s, 3),
                          RandomDense(rng, q, kv, 30),
                          RandomDense(rng, q, kv, 80),
                          MaskOr(CausalMask(s, -3), LocalMask(s, {0, 1}, 2)),
                          MaskAnd(FullMask(s), RandomDense(rng, q, kv, 50))};
  masks.push_back(FromRows(Dense(CausalMask(s))));
  return masks;
}

struct Case {
  Mask mask;
  BlockShape block;
  MaskInfoOptions options;
  std::string name;
};

inline bool Busy(const Mask& m, int64_t qb, int64_t kb, BlockShape b) {
  const auto chunk = m.Block(qb * b.q, (qb + 1) * b.q, kb * b.kv, (kb + 1) * b.kv);
  return std::any_of(chunk.begin(), chunk.end(), [](uint8_t v) { return v != 0; });
}

inline int Class(const Mask& m, int64_t qb, int64_t kb, BlockShape b) {
  const auto chunk = m.Block(qb * b.q, (qb + 1) * b.q, kb * b.kv, (kb + 1) * b.kv);
  const auto ones = std::count(chunk.begin(), chunk.end(), 1);
  return ones == 0 ? 0 : ones == static_cast<long>(chunk.size()) ? 2 : 1;
}

inline std::vector<int64_t> Divisors(int64_t n) {
  std::vector<int64_t> out;
  for (int64_t d = 1; d <= n; ++d)
    if (n % d == 0) out.push_back(d);
  return out;
}

// Multi-head masks from the catalogue: one head; four equal heads; two masks alternating; two masks in
// halves (one per head shard when there are two shards).
inline std::vector<Case> Cases() {
  Lcg rng{20240607};
  std::vector<Case> cases;
  for (int64_t q : {4, 8, 12})
    for (int64_t kv : {4, 8, 12}) {
      const std::vector<Mask> masks = Catalogue(rng, q, kv);
      for (std::size_t a = 0; a < masks.size(); ++a) {
        const Mask& m = masks[a];
        const Mask& other =
            masks[(a + 1 + static_cast<std::size_t>(rng.Below(static_cast<int64_t>(masks.size()) - 1))) %
                  masks.size()];
        const std::vector<std::pair<std::string, Mask>> multi{
            {"one", MultiHeadMask({m})},
            {"four equal", MultiHeadMask({m, m, m, m})},
            {"alternating", MultiHeadMask({m, other, m, other})},
            {"halves", MultiHeadMask({m, m, other, other})},
        };
        for (const auto& [layout, mh] : multi)
          for (int draw = 0; draw < 3; ++draw) {
            const auto bqs = Divisors(q), bkvs = Divisors(kv);
            const BlockShape block{bqs[rng.Below(static_cast<int64_t>(bqs.size()))],
                                   bkvs[rng.Below(static_cast<int64_t>(bkvs.size()))]};
            std::vector<int64_t> q_shards;
            for (int64_t s : {1, 2, 3})
              if ((q / s) % block.q == 0 && q % s == 0) q_shards.push_back(s);
            std::vector<int64_t> head_shards;
            for (int64_t s : Divisors(mh.shape()[0])) head_shards.push_back(s);
            for (bool dkv : {false, true}) {
              MaskInfoOptions o;
              o.is_dkv = dkv;
              o.q_seq_shards = q_shards[rng.Below(static_cast<int64_t>(q_shards.size()))];
              o.head_shards = head_shards[rng.Below(static_cast<int64_t>(head_shards.size()))];
              o.shrink_grid = rng.Below(2) == 0;
              std::ostringstream name;
              name << "mask " << a << " (" << layout << ") " << q << "x" << kv << " block " << block.q << "x"
                   << block.kv << (dkv ? " dkv" : " fwd") << " head_shards " << o.head_shards
                   << " q_seq_shards " << o.q_seq_shards << (o.shrink_grid ? " shrunk" : "");
              cases.push_back({mh, block, o, name.str()});
            }
          }
      }
    }
  return cases;
}

}  // namespace tilewalk::splash::testing
