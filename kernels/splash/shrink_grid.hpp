// The grid shrinking of the original (_shrink_mask_info, _shrink_mask_info_dkv, _slice_mask_info and the
// q-shard padding around them): the innermost grid axis keeps only the steps that do work. Internal to
// ProcessMask, which calls it only when every head uses one mask, so the tables' first head shard speaks
// for all of them.
#pragma once

#include <cstdint>
#include <optional>

#include "kernels/splash/block_table.hpp"

namespace tilewalk::splash {

struct SmemTables {
  BlockTable block_mask;
  BlockTable data_next;
  std::optional<BlockTable> mask_next;
};

// Shrinks each q shard's rows on its own, then pads the shards to the widest (block_mask with 0, data_next
// and mask_next with the value in their last column, for dkv their last row, so that a padded step asks for
// the block the step before it had) and stacks them. Raises the original's errors: see mask_info.hpp.
SmemTables ShrinkGrid(const SmemTables& tables, int64_t q_seq_shards, bool is_dkv);

}  // namespace tilewalk::splash
