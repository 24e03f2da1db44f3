#include "kernels/splash/next_blocks.hpp"

#include <algorithm>

namespace tilewalk::splash {

namespace {

// A grid step of the shard: its position in launch order and its (local head, local q block, kv block).
struct Step {
  int64_t h = 0, q = 0, kv = 0;
};

// The shard's steps in launch order: (h, q, kv) for the forward launch, (kv, h, q) for dkv.
std::vector<Step> LaunchOrder(const ShardGrid& g) {
  const int64_t heads = static_cast<int64_t>(g.head_classes.size());
  std::vector<Step> steps;
  steps.reserve(static_cast<std::size_t>(heads * g.q_blocks * g.kv_blocks));
  if (g.is_dkv) {
    for (int64_t kv = 0; kv < g.kv_blocks; ++kv)
      for (int64_t h = 0; h < heads; ++h)
        for (int64_t q = 0; q < g.q_blocks; ++q) steps.push_back({h, q, kv});
  } else {
    for (int64_t h = 0; h < heads; ++h)
      for (int64_t q = 0; q < g.q_blocks; ++q)
        for (int64_t kv = 0; kv < g.kv_blocks; ++kv) steps.push_back({h, q, kv});
  }
  return steps;
}

// For each step, the first step at or after it whose flag is set, wrapping to the first flagged step;
// empty when no step is flagged.
std::vector<std::size_t> FirstAtOrAfter(const std::vector<bool>& flagged) {
  const auto first = std::find(flagged.begin(), flagged.end(), true);
  if (first == flagged.end()) return {};
  std::vector<std::size_t> next(flagged.size());
  std::size_t upcoming = static_cast<std::size_t>(first - flagged.begin());  // past the last: wrap here
  for (std::size_t s = flagged.size(); s-- > 0;) {
    if (flagged[s]) upcoming = s;
    next[s] = upcoming;
  }
  return next;
}

}  // namespace

ShardNext NextBlocksForShard(const ShardGrid& g, const std::map<BlockCoords, int32_t>& partial_block_index) {
  const int64_t heads = static_cast<int64_t>(g.head_classes.size());
  ShardNext out{BlockTable::Zeros(heads, g.q_blocks, g.kv_blocks), std::nullopt};
  if (g.has_mask_next) out.mask_next = BlockTable::Zeros(heads, g.q_blocks, g.kv_blocks);

  const std::vector<Step> steps = LaunchOrder(g);
  std::vector<bool> has_data(steps.size()), is_partial(steps.size());
  for (std::size_t s = 0; s < steps.size(); ++s) {
    const Step& st = steps[s];
    const uint8_t cls = (*g.head_classes[st.h])[(g.blocked_q_seq_start + st.q) * g.kv_blocks + st.kv];
    has_data[s] = cls != 0;
    is_partial[s] = cls == 1;
  }

  const std::vector<std::size_t> data_at = FirstAtOrAfter(has_data);
  if (data_at.empty()) return out;  // nothing attends in this shard: all zeros
  const std::vector<std::size_t> mask_at =
      g.has_mask_next ? FirstAtOrAfter(is_partial) : std::vector<std::size_t>{};

  for (std::size_t s = 0; s < steps.size(); ++s) {
    const Step& st = steps[s];
    const Step& data = steps[data_at[s]];
    // The block the step's index maps fetch: kv for the forward launch, q (within the shard) for dkv.
    out.data_next.at(st.h, st.q, st.kv) = static_cast<int32_t>(g.is_dkv ? data.q : data.kv);
    if (!mask_at.empty()) {
      const Step& m = steps[mask_at[s]];
      out.mask_next->at(st.h, st.q, st.kv) =
          partial_block_index.at({g.head_start + m.h, g.blocked_q_seq_start + m.q, m.kv});
    }
  }
  return out;
}

}  // namespace tilewalk::splash
