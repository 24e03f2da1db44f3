// MaskInfo's tables for small masks of 8 × 8 tokens in 2 × 2 blocks (a 4 × 4 grid), worked out by hand
// from the dense masks drawn below: the classes, data_next, mask_next, the partial blocks, shrinking,
// heads and head shards, q shards, the dkv variant and the downcast.
#include "kernels/splash/mask_info.hpp"
#include "tests/kernels/splash/splash_test_support.hpp"

using namespace tilewalk::splash;
using tilewalk::splash::testing::Dense;
using tilewalk::splash::testing::FromRows;
using tilewalk::splash::testing::Head;
using tilewalk::splash::testing::Rows;

namespace mask_info_layout_test {

// The band |q - kv| <= 1 over 8 tokens. In 2 × 2 blocks: the diagonal blocks are full, the blocks beside
// them partial, and there are two kinds of partial block:
//   above the diagonal, A = [[0, 0], [1, 0]]  (the block's bottom-left pair)
//   below the diagonal, B = [[0, 1], [0, 0]]  (its top-right pair)
Mask Band() {
  return LocalMask({8, 8}, {1, 1}, 0);
}
const Rows kBandClasses{{2, 1, 0, 0}, {1, 2, 1, 0}, {0, 1, 2, 1}, {0, 0, 1, 2}};
// Each step's kv block: its own when it has work, else the next step's that has (row-major), and past the
// last one, the first one's.
const Rows kBandDataNext{{0, 1, 0, 0}, {0, 1, 2, 1}, {1, 1, 2, 3}, {2, 2, 2, 3}};
// The same walk over the partial steps, naming A as 0 and B as 1 (first seen at (0, 1), then (1, 0)).
const Rows kBandMaskNext{{0, 0, 1, 1}, {1, 0, 0, 1}, {1, 1, 0, 0}, {1, 1, 1, 0}};

Rows Block(const tilewalk::tpu::Array& blocks, int64_t index) {
  const int64_t rows = blocks.shape()[1], cols = blocks.shape()[2];
  Rows out(static_cast<std::size_t>(rows));
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c)
      out[r].push_back(blocks.Data<uint8_t>()[(index * rows + r) * cols + c]);
  return out;
}

}  // namespace mask_info_layout_test

using namespace mask_info_layout_test;

TEST_CASE("MaskInfo of a causal mask: classes and data_next by hand, computed rather than loaded") {
  // Blocks below the diagonal are full, on it partial ([[1, 0], [1, 1]]), above it empty.
  const MaskInfo info = ProcessMask(MultiHeadMask({CausalMask({8, 8})}), {2, 2});
  REQUIRE(info.block_mask.heads == 1);
  CHECK(Head(info.block_mask, 0) == Rows{{1, 0, 0, 0}, {2, 1, 0, 0}, {2, 2, 1, 0}, {2, 2, 2, 1}});
  // The last row is full, so shrinking keeps all four columns.
  CHECK(Head(info.data_next, 0) == Rows{{0, 0, 0, 0}, {0, 1, 0, 0}, {0, 1, 2, 0}, {0, 1, 2, 3}});
  CHECK_FALSE(info.mask_next);
  CHECK_FALSE(info.partial_mask_blocks);
  REQUIRE(info.q_sequence);
  CHECK(*info.q_sequence == std::vector<int32_t>{0, 1, 2, 3, 4, 5, 6, 7});
  REQUIRE(info.mask_function);
  CHECK(*info.mask_function == CausalMask({8, 8}));
  CHECK(info.block_mask.dtype == SmemType::Int8);
  CHECK(info.data_next.dtype == SmemType::Int8);
}

TEST_CASE("MaskInfo of a local mask: the full grid, then shrunk to the longest row") {
  const Mask mask = MultiHeadMask({Band()});
  const MaskInfo whole = ProcessMask(mask, {2, 2}, {.shrink_grid = false});
  CHECK(Head(whole.block_mask, 0) == kBandClasses);
  CHECK(Head(whole.data_next, 0) == kBandDataNext);
  CHECK(whole.q_sequence);
  // Rows 1 and 2 have three blocks with work: the grid keeps three kv steps. Each row's blocks come first,
  // and data_next names their real kv block; the padding asks for block 0 and does nothing.
  const MaskInfo shrunk = ProcessMask(mask, {2, 2});
  CHECK(Head(shrunk.block_mask, 0) == Rows{{2, 1, 0}, {1, 2, 1}, {1, 2, 1}, {1, 2, 0}});
  CHECK(Head(shrunk.data_next, 0) == Rows{{0, 1, 0}, {0, 1, 2}, {1, 2, 3}, {2, 3, 0}});
}

TEST_CASE("MaskInfo of a dense mask: mask_next and the partial blocks, deduplicated") {
  const Mask dense = FromRows(Dense(Band()));
  const MaskInfo whole = ProcessMask(MultiHeadMask({dense}), {2, 2}, {.shrink_grid = false});
  CHECK(Head(whole.block_mask, 0) == kBandClasses);
  CHECK(Head(whole.data_next, 0) == kBandDataNext);
  REQUIRE(whole.mask_next);
  CHECK(Head(*whole.mask_next, 0) == kBandMaskNext);
  REQUIRE(whole.partial_mask_blocks);
  CHECK(whole.partial_mask_blocks->shape() == tilewalk::tpu::Shape{2, 2, 2});
  CHECK(Block(*whole.partial_mask_blocks, 0) == Rows{{0, 0}, {1, 0}});
  CHECK(Block(*whole.partial_mask_blocks, 1) == Rows{{0, 1}, {0, 0}});
  CHECK_FALSE(whole.q_sequence);
  CHECK_FALSE(whole.mask_function);

  const MaskInfo shrunk = ProcessMask(MultiHeadMask({dense}), {2, 2});
  REQUIRE(shrunk.mask_next);
  CHECK(Head(*shrunk.mask_next, 0) == Rows{{0, 0, 0}, {1, 0, 0}, {1, 0, 0}, {1, 0, 0}});
}

TEST_CASE("MaskInfo dkv of a local mask: the walk runs down each kv column, blocks transposed") {
  const Mask dense = MultiHeadMask({FromRows(Dense(Band()))});
  const MaskInfo dkv = ProcessMask(dense, {2, 2}, {.is_dkv = true, .shrink_grid = false});
  CHECK(Head(dkv.block_mask, 0) == kBandClasses);  // same [h, q, kv] layout as the forward tables
  // Launch order (kv, q): each step names a q block. The band is symmetric, so this is the forward
  // data_next transposed.
  CHECK(Head(dkv.data_next, 0) == Rows{{0, 0, 1, 2}, {1, 1, 1, 2}, {0, 2, 2, 2}, {0, 1, 3, 3}});
  REQUIRE(dkv.mask_next);
  // Partial steps down the columns: (q1, kv0) B, (q0, kv1) A, (q2, kv1) B, (q1, kv2) A, (q3, kv2) B,
  // (q2, kv3) A. A is still 0 and B 1: the blocks are numbered as the forward walk meets them.
  CHECK(Head(*dkv.mask_next, 0) == Rows{{1, 0, 0, 0}, {1, 1, 0, 0}, {0, 1, 1, 0}, {0, 0, 1, 1}});
  REQUIRE(dkv.partial_mask_blocks);
  CHECK(Block(*dkv.partial_mask_blocks, 0) == Rows{{0, 1}, {0, 0}});  // A transposed
  CHECK(Block(*dkv.partial_mask_blocks, 1) == Rows{{0, 0}, {1, 0}});  // B transposed

  // Shrunk along q: each column keeps its rows with work, pushed to the bottom; the top is padding.
  const MaskInfo shrunk = ProcessMask(MultiHeadMask({Band()}), {2, 2}, {.is_dkv = true});
  CHECK(Head(shrunk.block_mask, 0) == Rows{{0, 1, 1, 0}, {2, 2, 2, 1}, {1, 1, 1, 2}});
  CHECK(Head(shrunk.data_next, 0) == Rows{{0, 0, 1, 0}, {0, 1, 2, 2}, {1, 2, 3, 3}});
}

TEST_CASE("MaskInfo with q shards: each shard walks alone, and dkv counts q blocks within its shard") {
  const Mask dense = MultiHeadMask({FromRows(Dense(Band()))});
  const MaskInfo fwd = ProcessMask(dense, {2, 2}, {.q_seq_shards = 2, .shrink_grid = false});
  // Rows 0-1 and rows 2-3 are two shards: past the last step with work, a shard wraps to its own first.
  CHECK(Head(fwd.data_next, 0) == Rows{{0, 1, 0, 0}, {0, 1, 2, 0}, {1, 1, 2, 3}, {2, 2, 2, 3}});
  REQUIRE(fwd.mask_next);
  CHECK(Head(*fwd.mask_next, 0) == Rows{{0, 0, 1, 1}, {1, 0, 0, 0}, {1, 1, 0, 0}, {1, 1, 1, 1}});

  const MaskInfo dkv = ProcessMask(dense, {2, 2}, {.is_dkv = true, .q_seq_shards = 2, .shrink_grid = false});
  CHECK(Head(dkv.data_next, 0) == Rows{{0, 0, 1, 0}, {1, 1, 1, 0}, {0, 0, 0, 0}, {0, 0, 1, 1}});

  // Shrunk per shard: shard 0 (rows 0-1) needs three kv steps, shard 1 three too.
  const MaskInfo shrunk = ProcessMask(dense, {2, 2}, {.q_seq_shards = 2});
  CHECK(Head(shrunk.block_mask, 0) == Rows{{2, 1, 0}, {1, 2, 1}, {1, 2, 1}, {1, 2, 0}});
}

TEST_CASE("MaskInfo shrunk per q shard: a narrower shard is padded with its last block") {
  // Causal over 8 tokens in 2 × 2 blocks, two q shards: shard 0 (rows 0-1) needs two kv steps, shard 1
  // (rows 2-3) four. Shard 0 is padded to four; the padding repeats the last data_next and mask_next
  // and does no work.
  const Mask dense = MultiHeadMask({FromRows(Dense(CausalMask({8, 8})))});
  const MaskInfo info = ProcessMask(dense, {2, 2}, {.q_seq_shards = 2});
  CHECK(Head(info.block_mask, 0) == Rows{{1, 0, 0, 0}, {2, 1, 0, 0}, {2, 2, 1, 0}, {2, 2, 2, 1}});
  // Row 0 keeps block 0 and pads with 0 (to the shard's width of 2), then repeats that 0.
  CHECK(Head(info.data_next, 0) == Rows{{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 0}, {0, 1, 2, 3}});
}

TEST_CASE("MaskInfo of several heads: one row per head shard when each shard has one mask") {
  const Mask causal = CausalMask({8, 8});
  const Mask band = Band();
  // Two shards of two heads, each with one mask: one row per shard, no shrinking (two masks), and the
  // partial blocks of both masks in one list: causal's diagonal block C, then the band's A and B.
  const Mask mask = MultiHeadMask({causal, causal, band, band});
  const MaskInfo info = ProcessMask(mask, {2, 2}, {.head_shards = 2});
  REQUIRE(info.block_mask.heads == 2);
  CHECK(Head(info.block_mask, 0) == Rows{{1, 0, 0, 0}, {2, 1, 0, 0}, {2, 2, 1, 0}, {2, 2, 2, 1}});
  CHECK(Head(info.block_mask, 1) == kBandClasses);
  CHECK(Head(info.data_next, 1) == kBandDataNext);
  REQUIRE(info.mask_next);
  CHECK(Head(*info.mask_next, 0) == Rows{{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}});
  CHECK(Head(*info.mask_next, 1) == Rows{{1, 1, 2, 2}, {2, 1, 1, 2}, {2, 2, 1, 1}, {2, 2, 2, 1}});
  REQUIRE(info.partial_mask_blocks);
  CHECK(info.partial_mask_blocks->shape()[0] == 3);
  CHECK(Block(*info.partial_mask_blocks, 0) == Rows{{1, 0}, {1, 1}});
  CHECK_FALSE(info.q_sequence);

  // One shard holding two masks: one row per head.
  const MaskInfo per_head = ProcessMask(mask, {2, 2});
  CHECK(per_head.block_mask.heads == 4);
  CHECK(Head(per_head.block_mask, 1) == Head(per_head.block_mask, 0));
  CHECK(Head(per_head.block_mask, 3) == kBandClasses);
  CHECK(Head(per_head.data_next, 3) == kBandDataNext);

  // Equal heads in every shard: worked out once and repeated, and shrunk (one mask).
  const MaskInfo same = ProcessMask(MultiHeadMask({band, band, band, band}), {2, 2}, {.head_shards = 2});
  CHECK(same.block_mask.heads == 2);
  CHECK(same.block_mask.cols == 3);
  CHECK(Head(same.data_next, 1) == Head(same.data_next, 0));
}

TEST_CASE("MaskInfo walks from one head into the next when a shard holds several masks") {
  // Head 0: causal shifted down by 2 (q - 2 >= kv); its last row has work in kv blocks 0-2 only.
  // Head 1: kv >= q + 2; its first block with work is (row 0, kv 1), and its last row has none.
  const Mask mask = MultiHeadMask({CausalMask({8, 8}, -2), LocalMask({8, 8}, {0, std::nullopt}, 2)});
  const MaskInfo info = ProcessMask(mask, {2, 2});
  REQUIRE(info.data_next.heads == 2);
  CHECK(Head(info.block_mask, 0)[3] == std::vector<int>{2, 2, 1, 0});
  // Head 0's last step prefetches head 1's first block.
  CHECK(Head(info.data_next, 0)[3] == std::vector<int>{0, 1, 2, 1});
  CHECK(Head(info.block_mask, 1)[0] == std::vector<int>{0, 1, 2, 2});
  CHECK(Head(info.data_next, 1)[0] == std::vector<int>{1, 1, 2, 3});
  // Two masks: no shrinking, all four kv steps stay.
  CHECK(info.data_next.cols == 4);
}

TEST_CASE("MaskInfo downcast: the narrowest type that holds each table, or int32 when asked") {
  // 200 kv blocks of one token: data_next goes up to 199, past int8.
  const Mask wide = MultiHeadMask({FullMask({1, 200})});
  const MaskInfo info = ProcessMask(wide, {1, 1});
  CHECK(info.data_next.dtype == SmemType::Int16);
  CHECK(info.data_next.at(0, 0, 199) == 199);
  CHECK(info.block_mask.dtype == SmemType::Int8);
  const MaskInfo big = ProcessMask(MultiHeadMask({FullMask({1, 40000})}), {1, 1});
  CHECK(big.data_next.dtype == SmemType::Int32);
  const MaskInfo kept = ProcessMask(wide, {1, 1}, {.downcast_smem_data = false});
  CHECK(kept.data_next.dtype == SmemType::Int32);
  CHECK(kept.block_mask.dtype == SmemType::Int32);
  // An empty table stays int32.
  const MaskInfo none = ProcessMask(MultiHeadMask({FullMask({0, 4})}), {2, 2}, {.shrink_grid = false});
  CHECK(none.data_next.size() == 0);
  CHECK(none.data_next.dtype == SmemType::Int32);
  CHECK(SmemTypeBytes(SmemType::Int16) == 2);
  CHECK(SmemTypeName(SmemType::Int8) == "int8");
}
