// ProcessMask, in the original's order: [1] checks, [2] unique masks and their heads, [3] block classes and
// partial blocks, [4] data_next and mask_next per shard, [5] shrinking, [6] downcast and what the kernel
// keeps.
#include "kernels/splash/mask_info.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>

#include "kernels/splash/next_blocks.hpp"
#include "kernels/splash/shrink_grid.hpp"
#include "kernels/splash/splash_error.hpp"

namespace tilewalk::splash {

namespace {

using tpu::ErrorType;

struct Divided {
  int64_t quotient = 0;
  int64_t remainder = 0;
};

// Python's divmod(a, b), which raises ZeroDivisionError for b == 0. Its site is the remainder check's with
// "_zero": a site name stands at one source line.
Divided PyDivmod(int64_t a, int64_t b, const char* site) {
  if (b == 0) RaiseSplashError(ErrorType::ZeroDivisionError, site, std::string(kFloorDivisionByZero));
  return {FloorDiv(a, b), FloorMod(a, b)};
}

std::string Named(const char* name, int64_t value) {
  return std::string(name) + "=" + std::to_string(value);
}

void ShouldDivide(const Divided& d, const char* site, const char* divisor, int64_t divisor_value,
                  const char* dividend, int64_t dividend_value) {
  if (d.remainder != 0)
    RaiseSplashError(
        ErrorType::ValueError, site,
        Named(divisor, divisor_value) + " should divide " + Named(dividend, dividend_value) + ".");
}

tpu::Array Transposed(const std::vector<std::vector<uint8_t>>& blocks, BlockShape block, bool is_dkv) {
  const int64_t rows = is_dkv ? block.kv : block.q;
  const int64_t cols = is_dkv ? block.q : block.kv;
  tpu::Array out(tpu::Shape{static_cast<int64_t>(blocks.size()), rows, cols}, tpu::DType::Bool);
  auto* data = out.Data<uint8_t>();
  for (std::size_t b = 0; b < blocks.size(); ++b)
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = 0; c < cols; ++c) {
        const int64_t source = is_dkv ? c * block.kv + r : r * block.kv + c;  // (q, kv) row-major
        data[(static_cast<int64_t>(b) * rows + r) * cols + c] = blocks[b][source];
      }
  return out;
}

void CopyInto(BlockTable& whole, const BlockTable& part, int64_t head_at, int64_t row_at) {
  for (int64_t h = 0; h < part.heads; ++h)
    for (int64_t r = 0; r < part.rows; ++r)
      for (int64_t c = 0; c < part.cols; ++c) whole.at(head_at + h, row_at + r, c) = part.at(h, r, c);
}

}  // namespace

MaskInfo ProcessMask(const Mask& mask, BlockShape block_shape, const MaskInfoOptions& options) {
  // [1] Checks.
  if (mask.shape().rank() != 3)
    RaiseSplashError(ErrorType::ValueError, "splash.mask_info.rank",
                     "Expected a 3-dim mask, instead got: mask.shape=" + mask.shape().ToString());
  const int64_t head_count = mask.shape()[0];
  const int64_t q_seq_len = mask.shape()[1];
  const int64_t kv_seq_len = mask.shape()[2];
  const Divided q_blocks = PyDivmod(q_seq_len, block_shape.q, "splash.mask_info.block_q_zero");
  const Divided kv_blocks = PyDivmod(kv_seq_len, block_shape.kv, "splash.mask_info.block_kv_zero");
  ShouldDivide(q_blocks, "splash.mask_info.block_q", "q_block_size", block_shape.q, "q_seq_len", q_seq_len);
  ShouldDivide(kv_blocks, "splash.mask_info.block_kv", "kv_block_size", block_shape.kv, "kv_seq_len",
               kv_seq_len);
  const Divided per_q_shard = PyDivmod(q_seq_len, options.q_seq_shards, "splash.mask_info.q_seq_shards_zero");
  ShouldDivide(per_q_shard, "splash.mask_info.q_seq_shards", "q_seq_shards", options.q_seq_shards,
               "q_seq_len", q_seq_len);
  const Divided q_blocks_per_shard =
      PyDivmod(per_q_shard.quotient, block_shape.q, "splash.mask_info.block_q_zero");
  ShouldDivide(q_blocks_per_shard, "splash.mask_info.q_shard_blocks", "q_block_size", block_shape.q,
               "q_seq_len_per_shard", per_q_shard.quotient);
  const Divided heads_per_shard =
      PyDivmod(head_count, options.head_shards, "splash.mask_info.head_shards_zero");
  ShouldDivide(heads_per_shard, "splash.mask_info.head_shards", "head_shards", options.head_shards,
               "head_count", head_count);
  const int64_t hps = heads_per_shard.quotient;

  // [2] Unique masks, by the masks' own equality, numbered by first appearance.
  if (mask.kind() != MaskKind::MultiHead)
    RaiseSplashError(ErrorType::AttributeError, "splash.mask_info.not_multi_head",
                     "the mask has no per-head masks: pass a MultiHeadMask");
  const std::vector<Mask>& heads = mask.masks();
  std::vector<Mask> unique_masks;
  std::vector<int64_t> head_to_mask_id;
  for (const Mask& m : heads) {
    const auto found = std::find(unique_masks.begin(), unique_masks.end(), m);
    head_to_mask_id.push_back(found - unique_masks.begin());
    if (found == unique_masks.end()) unique_masks.push_back(m);
  }
  if (options.head_shards < 0)  // the original indexes a list of head_shards (no) entries
    RaiseSplashError(ErrorType::IndexError, "splash.mask_info.head_shards_negative",
                     "list index out of range: head_shards=" + std::to_string(options.head_shards));
  const std::size_t unique_count = unique_masks.size();
  std::vector<std::set<int64_t>> head_shard_to_mask_ids(static_cast<std::size_t>(options.head_shards));
  std::vector<std::vector<int64_t>> mask_id_to_heads(unique_count);
  std::vector<std::set<int64_t>> mask_id_to_head_shards(unique_count);
  for (int64_t head = 0; head < head_count; ++head) {
    const int64_t id = head_to_mask_id[head];
    const int64_t shard = head / hps;
    head_shard_to_mask_ids[shard].insert(id);
    mask_id_to_heads[id].push_back(head);
    mask_id_to_head_shards[id].insert(shard);
  }
  std::size_t max_masks_per_head_shard = 0;
  for (const auto& ids : head_shard_to_mask_ids)
    max_masks_per_head_shard = std::max(max_masks_per_head_shard, ids.size());
  // One mask per head shard: the tables hold one row per shard, broadcast to its heads.
  const int64_t masks_per_head_shard = max_masks_per_head_shard == 1 ? 1 : hps;

  // [3] Block classes and the partial blocks, deduplicated by content.
  const int64_t table_heads = masks_per_head_shard == 1 ? options.head_shards : head_count;
  if (table_heads < 0 || q_blocks.quotient < 0 || kv_blocks.quotient < 0)
    RaiseSplashError(ErrorType::ValueError, "splash.mask_info.negative",
                     "negative dimensions are not allowed");
  BlockTable block_mask = BlockTable::Zeros(table_heads, q_blocks.quotient, kv_blocks.quotient);
  const auto set_block_mask = [&](int64_t id, int64_t q, int64_t kv, int32_t value) {
    if (masks_per_head_shard == 1)
      for (int64_t shard : mask_id_to_head_shards[id]) block_mask.at(shard, q, kv) = value;
    else
      for (int64_t head : mask_id_to_heads[id]) block_mask.at(head, q, kv) = value;
  };

  MaskInfo info;
  if (unique_count == 1 && unique_masks[0].computable()) {
    info.q_sequence = unique_masks[0].q_sequence();
    info.mask_function = unique_masks[0];
  }

  std::vector<std::vector<uint8_t>> partial_blocks;  // in order of first appearance
  std::map<BlockCoords, int32_t> partial_block_index;
  std::vector<BlockClasses> classes(unique_count);  // the shards' walks read these, not the masks again
  for (std::size_t id = 0; id < unique_count; ++id) {
    const Mask& m = unique_masks[id];
    classes[id].assign(static_cast<std::size_t>(q_blocks.quotient * kv_blocks.quotient), 0);
    for (int64_t q = 0; q < q_blocks.quotient; ++q)
      for (int64_t kv = 0; kv < kv_blocks.quotient; ++kv) {
        const int64_t q0 = q * block_shape.q, kv0 = kv * block_shape.kv;
        std::vector<uint8_t> chunk = m.Block(q0, q0 + block_shape.q, kv0, kv0 + block_shape.kv);
        const bool any = std::any_of(chunk.begin(), chunk.end(), [](uint8_t v) { return v != 0; });
        if (!any) continue;
        const bool all = std::all_of(chunk.begin(), chunk.end(), [](uint8_t v) { return v != 0; });
        classes[id][static_cast<std::size_t>(q * kv_blocks.quotient + kv)] = all ? 2 : 1;
        if (all) {
          set_block_mask(static_cast<int64_t>(id), q, kv, 2);
          continue;
        }
        set_block_mask(static_cast<int64_t>(id), q, kv, 1);
        auto found = std::find(partial_blocks.begin(), partial_blocks.end(), chunk);
        const auto index = static_cast<int32_t>(found - partial_blocks.begin());
        if (found == partial_blocks.end()) partial_blocks.push_back(std::move(chunk));
        for (int64_t head : mask_id_to_heads[id]) partial_block_index[{head, q, kv}] = index;
      }
  }
  const bool has_mask_next = !partial_blocks.empty();
  std::optional<tpu::Array> partial_mask_blocks;
  if (has_mask_next) partial_mask_blocks = Transposed(partial_blocks, block_shape, options.is_dkv);

  // [4] data_next and mask_next, per head shard and q shard. Identical head shards are worked out once.
  bool all_head_shards_identical = true;
  for (const auto& ids : head_shard_to_mask_ids)
    all_head_shards_identical =
        all_head_shards_identical && ids == head_shard_to_mask_ids[0] && ids.size() == 1;
  const int64_t shards_to_process = all_head_shards_identical ? 1 : options.head_shards;
  if (options.q_seq_shards < 0 && shards_to_process > 0)  // no q shard to concatenate
    RaiseSplashError(ErrorType::ValueError, "splash.mask_info.no_q_shard",
                     "need at least one array to concatenate");
  const int64_t slice_heads = masks_per_head_shard == 1 ? 1 : hps;
  BlockTable data_next =
      BlockTable::Zeros(shards_to_process * slice_heads, q_blocks.quotient, kv_blocks.quotient);
  std::optional<BlockTable> mask_next;
  if (has_mask_next) mask_next = data_next;
  for (int64_t head_shard = 0; head_shard < shards_to_process; ++head_shard) {
    const int64_t head_start = head_shard * hps;
    ShardGrid grid;
    if (masks_per_head_shard == 1)
      grid.head_classes = {&classes[head_to_mask_id[head_start]]};
    else
      for (int64_t h = 0; h < hps; ++h)
        grid.head_classes.push_back(&classes[head_to_mask_id[head_start + h]]);
    grid.head_start = head_start;
    grid.q_blocks = q_blocks_per_shard.quotient;
    grid.kv_blocks = kv_blocks.quotient;
    grid.is_dkv = options.is_dkv;
    grid.has_mask_next = has_mask_next;
    for (int64_t q_shard = 0; q_shard < options.q_seq_shards; ++q_shard) {
      grid.blocked_q_seq_start = q_shard * q_blocks_per_shard.quotient;
      const ShardNext next = NextBlocksForShard(grid, partial_block_index);
      CopyInto(data_next, next.data_next, head_shard * slice_heads, grid.blocked_q_seq_start);
      if (mask_next)
        CopyInto(*mask_next, *next.mask_next, head_shard * slice_heads, grid.blocked_q_seq_start);
    }
  }
  if (all_head_shards_identical) {  // broadcast the one shard's tables to every head shard
    const auto broadcast = [&](const BlockTable& one) {
      BlockTable all = BlockTable::Zeros(options.head_shards, one.rows, one.cols);
      for (int64_t s = 0; s < options.head_shards; ++s) CopyInto(all, one, s, 0);
      return all;
    };
    data_next = broadcast(data_next);
    if (mask_next) mask_next = broadcast(*mask_next);
  }

  // [5] Shrinking, when one mask serves every head.
  if (options.shrink_grid && block_mask.heads == options.head_shards && unique_count == 1) {
    SmemTables shrunk = ShrinkGrid({block_mask, data_next, mask_next}, options.q_seq_shards, options.is_dkv);
    block_mask = std::move(shrunk.block_mask);
    data_next = std::move(shrunk.data_next);
    mask_next = std::move(shrunk.mask_next);
  }

  // [6] Downcast; a computed mask needs neither mask_next nor the partial blocks.
  if (options.downcast_smem_data) {
    DowncastToSmallType(data_next);
    DowncastToSmallType(block_mask);
    if (mask_next) DowncastToSmallType(*mask_next);
  }
  info.data_next = std::move(data_next);
  info.block_mask = std::move(block_mask);
  if (!info.mask_function) {
    info.mask_next = std::move(mask_next);
    info.partial_mask_blocks = std::move(partial_mask_blocks);
  }
  return info;
}

}  // namespace tilewalk::splash
