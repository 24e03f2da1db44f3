// Helpers shared by the splash launch tests, forward and backward: one mask for every head, an operand's
// traffic found by name, and, from a mask alone, the blocks where it attends and the copies of k a grid
// over (q head, q block, shrunk kv step) issues for them.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "kernels/splash/mask.hpp"
#include "kernels/splash/mask_kinds.hpp"
#include "kernels/tpu/launch.hpp"

namespace tilewalk::splash::testing {

inline Mask SameForEveryHead(int64_t heads, const Mask& mask) {
  return MultiHeadMask(std::vector<Mask>(static_cast<std::size_t>(heads), mask));
}

// The traffic of the operand called `name` among a launch's copies or writebacks.
inline const tpu::OperandTraffic& TrafficOf(const std::vector<tpu::OperandTraffic>& all,
                                            const std::string& name) {
  for (const auto& t : all)
    if (t.name == name) return t;
  FAIL("no operand named " << name);
  return all.front();
}

using Blocks = std::vector<std::vector<int64_t>>;

// For each q block, the kv blocks where the 2-d `mask` attends somewhere, in order; or, per_kv_block, for
// each kv block the q blocks.
inline Blocks AttendingBlocks(const Mask& mask, bool per_kv_block, int64_t bq = 128, int64_t bkv = 128) {
  const int64_t q_blocks = mask.shape()[0] / bq, kv_blocks = mask.shape()[1] / bkv;
  Blocks out(static_cast<std::size_t>(per_kv_block ? kv_blocks : q_blocks));
  for (int64_t a = 0; a < static_cast<int64_t>(out.size()); ++a)
    for (int64_t b = 0; b < (per_kv_block ? q_blocks : kv_blocks); ++b) {
      const int64_t qb = per_kv_block ? b : a, kb = per_kv_block ? a : b;
      bool attends = false;
      for (int64_t i = qb * bq; i < (qb + 1) * bq && !attends; ++i)
        for (int64_t j = kb * bkv; j < (kb + 1) * bkv && !attends; ++j) attends = mask.Attends(i, j);
      if (attends) out[static_cast<std::size_t>(a)].push_back(b);
    }
  return out;
}

inline std::size_t Longest(const Blocks& blocks) {
  std::size_t longest = 0;
  for (const auto& b : blocks) longest = std::max(longest, b.size());
  return longest;
}

struct WalkCopies {
  uint32_t issued = 0, skipped = 0;
};

// The k (or v) copies of a launch whose grid walks (q head, q block, kv step) over `heads` q heads sharing
// one 2-d mask: the kv axis is as wide as the longest row of attending blocks, a step past the end of its
// row fetches kv block 0, and a copy is issued whenever the (kv head, kv block) differs from the step
// before. The forward and dq launches both walk so.
inline WalkCopies KvWalkCopies(const Mask& mask2d, int64_t heads, int64_t q_heads_per_kv_head,
                               int64_t bq = 128, int64_t bkv = 128) {
  const Blocks rows = AttendingBlocks(mask2d, false, bq, bkv);
  const std::size_t width = Longest(rows);
  WalkCopies copies;
  std::optional<std::pair<int64_t, int64_t>> previous;
  for (int64_t h = 0; h < heads; ++h)
    for (const auto& row : rows)
      for (std::size_t j = 0; j < width; ++j) {
        const std::pair<int64_t, int64_t> fetched{h / q_heads_per_kv_head, j < row.size() ? row[j] : 0};
        if (previous == fetched)
          ++copies.skipped;
        else
          ++copies.issued;
        previous = fetched;
      }
  return copies;
}

}  // namespace tilewalk::splash::testing
