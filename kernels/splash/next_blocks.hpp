// data_next and mask_next for one shard of the grid (the original's _get_mask_info_for_shard): walk the
// shard's grid steps in launch order and give each the block of the first non-empty (for mask_next:
// partial) step at or after it, wrapping to the shard's first. Internal to ProcessMask.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "kernels/splash/block_table.hpp"

namespace tilewalk::splash {

// (head, q block, kv block), with the head and q block counted over the whole mask.
using BlockCoords = std::array<int64_t, 3>;

// The class of each block of one 2-d mask (0 empty, 1 partial, 2 full), [q block][kv block] row-major over
// the whole mask: worked out once per distinct mask and read by every shard that uses it.
using BlockClasses = std::vector<uint8_t>;

struct ShardGrid {
  std::vector<const BlockClasses*> head_classes;  // the block classes of each head of the shard
  int64_t head_start = 0;           // the shard's first head, as the partial-block coordinates count it
  int64_t blocked_q_seq_start = 0;  // the shard's first q block
  int64_t q_blocks = 0;             // q blocks in the shard
  int64_t kv_blocks = 0;
  bool is_dkv = false;
  bool has_mask_next = false;  // some head anywhere has a partial block
};

struct ShardNext {
  BlockTable data_next;                 // [heads of the shard, q blocks of the shard, kv blocks]
  std::optional<BlockTable> mask_next;  // when has_mask_next
};

ShardNext NextBlocksForShard(const ShardGrid& grid,
                             const std::map<BlockCoords, int32_t>& partial_block_index);

}  // namespace tilewalk::splash
