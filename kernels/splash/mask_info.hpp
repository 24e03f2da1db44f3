// MaskInfo: a multi-head mask turned into the block-sparse tables the splash kernels read, as the pinned
// splash_attention_mask_info.py builds them for a static mask (_process_mask; process_mask for the forward
// and dq launches, process_mask_dkv for the dkv launch).
//
// The mask is cut into blocks of (block_q, block_kv). Each block is empty (0: no pair attends), partial (1)
// or full (2). For every grid step the tables say:
//   block_mask[h, i, j]  that class: 0 skips the step's arithmetic, 2 needs no mask, 1 applies one;
//   data_next[h, i, j]   the data block the step's index maps fetch: the kv block for the forward launch,
//                        the q block (counted within its q shard) for dkv. An empty step names the block
//                        of the next non-empty step in grid order, so its copy is the next step's prefetch
//                        and the pipeline skips the copy after it. Past the last non-empty step it names
//                        the first one's block;
//   mask_next[h, i, j]   likewise, the index into partial_mask_blocks of the next partial block.
// The forward grid is (heads, q blocks, kv blocks); the dkv grid is (kv blocks, heads, q blocks), so dkv's
// "next" runs down a column, but its tables keep the [h, i, j] layout. Partial blocks are stored once per
// distinct content, in order of first appearance (unique masks in head order, blocks row-major), and
// transposed to (block_kv, block_q) for dkv. Heads with equal masks (Mask's ==) share their work: when every
// head shard holds one mask, the tables have one row per head shard instead of one per head.
//
// shrink_grid drops the empty kv steps of the forward grid: each row keeps its non-empty blocks (data_next
// then names their real kv index), and the width becomes the longest row's; shorter rows are padded with
// block_mask 0, data_next 0 and mask_next 0. For dkv the q axis shrinks the same way, but the padding goes
// before the kept blocks. The original shrinks only when every head uses one mask.
//
// When the heads share one computable mask (causal, chunked causal, local), the kernel computes it from
// q_sequence and the mask function rather than loading it: mask_next and partial_mask_blocks are then
// absent, though block_mask still marks the partial blocks.
//
// Errors, raised as RaiseSplashError in the argument-check phase, sites "splash.mask_info.*", in the
// original's order (a multi-head mask of rank 3 has 2-d heads: the rank check covers a head that is not):
//   ValueError         the mask is not 3-d; block_q does not divide q_seq_len; block_kv does not divide
//                      kv_seq_len; q_seq_shards does not divide q_seq_len; block_q does not divide a q
//                      shard; head_shards does not divide the head count
//   ZeroDivisionError  block_q, block_kv, q_seq_shards or head_shards is 0
//   ValueError (numpy's own)  a negative block size or sequence length ("negative dimensions are not
//                      allowed"); a negative q_seq_shards, or q_seq_shards > 1 with a shrunk grid and no
//                      partial block at all ("need at least one array to concatenate": a bug of the
//                      original, which concatenates the absent mask_next); a shrunk grid of no q block
//                      ("max() arg is an empty sequence")
//   ValueError standing for another Python error (see splash_error.hpp): a 3-d mask that is not a
//                      MultiHeadMask (AttributeError); a negative head_shards (IndexError); a shrunk grid
//                      left with no step in some q shard, e.g. an all-empty mask (AssertionError).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "kernels/splash/block_table.hpp"
#include "kernels/splash/mask.hpp"
#include "kernels/tpu/array.hpp"

namespace tilewalk::splash {

struct BlockShape {
  int64_t q = 128;   // block_q
  int64_t kv = 128;  // block_kv
};

struct MaskInfoOptions {
  bool is_dkv = false;             // the dkv launch's tables (process_mask_dkv)
  bool downcast_smem_data = true;  // store the tables in the narrowest integer type that holds them
  int64_t head_shards = 1;         // head shards of the mesh the kernel runs on
  int64_t q_seq_shards = 1;        // q sequence shards of that mesh
  bool shrink_grid = true;         // drop the empty steps of the innermost grid axis
};

struct MaskInfo {
  BlockTable data_next;
  std::optional<BlockTable> mask_next;  // absent with no partial block, or when the mask is computed
  BlockTable block_mask;
  // Bool [partial blocks, block_q, block_kv], or [.., block_kv, block_q] for dkv; absent as mask_next is.
  std::optional<tpu::Array> partial_mask_blocks;
  std::optional<std::vector<int32_t>> q_sequence;  // [q_seq_len]: when the mask is computed
  // The mask whose MaskFunction the kernel computes (the original's second return value); present exactly
  // when q_sequence is.
  std::optional<Mask> mask_function;
};

MaskInfo ProcessMask(const Mask& mask, BlockShape block_shape, const MaskInfoOptions& options = {});

}  // namespace tilewalk::splash
