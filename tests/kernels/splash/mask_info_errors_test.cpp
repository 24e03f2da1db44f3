// Every error MaskInfo's processing raises, with its kind, message and site, in the original's order where
// two could fire; and the degenerate masks it accepts.
#include "kernels/splash/mask_info.hpp"
#include "tests/kernels/splash/splash_test_support.hpp"

using namespace tilewalk::splash;
using tilewalk::splash::testing::FromRows;
using tilewalk::splash::testing::RaisedBy;
using tilewalk::splash::testing::Raises;
using tilewalk::tpu::ErrorType;

namespace mask_info_errors_test {

Mask Causal8() {
  return MultiHeadMask({CausalMask({8, 8})});
}

void CheckRaises(const Mask& mask, BlockShape block, MaskInfoOptions options, ErrorType type,
                 const std::string& message, const std::string& site) {
  const auto e = RaisedBy([&] { ProcessMask(mask, block, options); });
  CHECK(e.type == type);
  CHECK(e.message == message);
  CHECK(e.site == site);
}

}  // namespace mask_info_errors_test

using namespace mask_info_errors_test;

TEST_CASE("ProcessMask: the mask must be 3-d") {
  CheckRaises(CausalMask({4, 4}), {2, 2}, {}, ErrorType::ValueError,
              "Expected a 3-dim mask, instead got: mask.shape=(4, 4)", "splash.mask_info.rank");
  const Mask inner = MultiHeadMask({CausalMask({4, 4})});
  // An or of multi-head masks inside a multi-head mask is 4-d.
  CheckRaises(MultiHeadMask({MaskOr(inner, inner)}), {2, 2}, {}, ErrorType::ValueError,
              "Expected a 3-dim mask, instead got: mask.shape=(1, 1, 4, 4)", "splash.mask_info.rank");
}

TEST_CASE("ProcessMask: the blocks must divide the sequences, q first, after both divisions") {
  CheckRaises(Causal8(), {3, 2}, {}, ErrorType::ValueError, "q_block_size=3 should divide q_seq_len=8.",
              "splash.mask_info.block_q");
  CheckRaises(Causal8(), {2, 3}, {}, ErrorType::ValueError, "kv_block_size=3 should divide kv_seq_len=8.",
              "splash.mask_info.block_kv");
  CheckRaises(Causal8(), {0, 2}, {}, ErrorType::ZeroDivisionError, "integer division or modulo by zero",
              "splash.mask_info.block_q_zero");
  // Both divisions come before either remainder is checked: a kv block of 0 wins over a bad q block.
  CheckRaises(Causal8(), {3, 0}, {}, ErrorType::ZeroDivisionError, "integer division or modulo by zero",
              "splash.mask_info.block_kv_zero");
  // A block larger than its sequence leaves a remainder too.
  CheckRaises(Causal8(), {16, 2}, {}, ErrorType::ValueError, "q_block_size=16 should divide q_seq_len=8.",
              "splash.mask_info.block_q");
}

TEST_CASE("ProcessMask: q_seq_shards must divide q_seq_len, and block_q each shard") {
  CheckRaises(Causal8(), {2, 2}, {.q_seq_shards = 3}, ErrorType::ValueError,
              "q_seq_shards=3 should divide q_seq_len=8.", "splash.mask_info.q_seq_shards");
  CheckRaises(Causal8(), {2, 2}, {.q_seq_shards = 0}, ErrorType::ZeroDivisionError,
              "integer division or modulo by zero", "splash.mask_info.q_seq_shards_zero");
  CheckRaises(Causal8(), {8, 2}, {.q_seq_shards = 2}, ErrorType::ValueError,
              "q_block_size=8 should divide q_seq_len_per_shard=4.", "splash.mask_info.q_shard_blocks");
}

TEST_CASE("ProcessMask: head_shards must divide the head count") {
  const Mask four =
      MultiHeadMask({CausalMask({8, 8}), CausalMask({8, 8}), FullMask({8, 8}), FullMask({8, 8})});
  CheckRaises(four, {2, 2}, {.head_shards = 3}, ErrorType::ValueError,
              "head_shards=3 should divide head_count=4.", "splash.mask_info.head_shards");
  CheckRaises(four, {2, 2}, {.head_shards = 0}, ErrorType::ZeroDivisionError,
              "integer division or modulo by zero", "splash.mask_info.head_shards_zero");
  CheckRaises(four, {2, 2}, {.head_shards = 8}, ErrorType::ValueError,
              "head_shards=8 should divide head_count=4.", "splash.mask_info.head_shards");
}

TEST_CASE("ProcessMask: where the original fails without a check, the kind it fails with") {
  // numpy refuses a table of negative size: a negative block that divides, or a negative sequence.
  CheckRaises(Causal8(), {-2, 2}, {}, ErrorType::ValueError, "negative dimensions are not allowed",
              "splash.mask_info.negative");
  CheckRaises(MultiHeadMask({FullMask({-4, 4})}), {2, 2}, {}, ErrorType::ValueError,
              "negative dimensions are not allowed", "splash.mask_info.negative");
  // A negative q_seq_shards passes the divisions and leaves no shard to concatenate.
  CheckRaises(Causal8(), {2, 2}, {.q_seq_shards = -2}, ErrorType::ValueError,
              "need at least one array to concatenate", "splash.mask_info.no_q_shard");
  // Where the original stops by accident, with the kind it stops on.
  const Mask inner = MultiHeadMask({CausalMask({4, 4})});
  auto e = RaisedBy([&] { ProcessMask(MaskOr(inner, inner), {2, 2}); });
  CHECK(e.type == ErrorType::AttributeError);
  CHECK(e.message == "the mask has no per-head masks: pass a MultiHeadMask");
  CHECK(e.site == "splash.mask_info.not_multi_head");
  e = RaisedBy([] { ProcessMask(Causal8(), {2, 2}, {.head_shards = -1}); });
  CHECK(e.type == ErrorType::IndexError);
  CHECK(e.message == "list index out of range: head_shards=-1");
  CHECK(e.site == "splash.mask_info.head_shards_negative");
}

TEST_CASE("ProcessMask: a shrunk grid needs work in every q shard") {
  // Nothing attends: no step is left. Without shrinking the tables are all zeros.
  const Mask none = MultiHeadMask({FromRows({{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}})});
  auto e = RaisedBy([&] { ProcessMask(none, {2, 2}); });
  CHECK(e.type == ErrorType::AssertionError);
  CHECK(e.message.rfind("q shard 0 ", 0) == 0);
  CHECK(e.site == "splash.mask_info.shrink_to_nothing");
  CHECK(RaisedBy([&] {
          ProcessMask(none, {2, 2}, {.is_dkv = true});
        }).site == "splash.mask_info.shrink_to_nothing");
  const MaskInfo zeros = ProcessMask(none, {2, 2}, {.shrink_grid = false});
  CHECK(zeros.block_mask == BlockTable{1, 2, 2, {0, 0, 0, 0}, SmemType::Int8});
  CHECK(zeros.data_next == BlockTable{1, 2, 2, {0, 0, 0, 0}, SmemType::Int8});
  CHECK_FALSE(zeros.mask_next);
  // Causal shifted down by 4 over two q shards: the first shard (rows 0-3) attends to nothing.
  e = RaisedBy([] { ProcessMask(MultiHeadMask({CausalMask({8, 8}, -4)}), {2, 2}, {.q_seq_shards = 2}); });
  CHECK(e.type == ErrorType::AssertionError);
  CHECK(e.message.rfind("q shard 0 ", 0) == 0);
  // Shifted by 2 instead, both shards have work.
  CHECK_FALSE(Raises([] {
    ProcessMask(MultiHeadMask({CausalMask({8, 8}, -2)}), {2, 2}, {.q_seq_shards = 2});
  }));
}

TEST_CASE("ProcessMask: several q shards, a shrunk grid and no partial block fail as in the original") {
  // The original concatenates the per-shard mask_next tables even when there are none.
  const Mask full = MultiHeadMask({FullMask({8, 8})});
  CheckRaises(full, {2, 2}, {.q_seq_shards = 2}, ErrorType::ValueError,
              "need at least one array to concatenate", "splash.mask_info.no_mask_next_to_concatenate");
  CHECK_FALSE(Raises([&] { ProcessMask(full, {2, 2}, {.q_seq_shards = 2, .shrink_grid = false}); }));
  CHECK_FALSE(Raises([&] { ProcessMask(full, {2, 2}, {.q_seq_shards = 1}); }));
  // Causal in blocks of 2 has partial blocks on its diagonal: no failure.
  CHECK_FALSE(Raises([] { ProcessMask(MultiHeadMask({CausalMask({8, 8})}), {2, 2}, {.q_seq_shards = 2}); }));
}

TEST_CASE("ProcessMask: an empty q sequence") {
  const Mask empty = MultiHeadMask({CausalMask({0, 4})});
  // Shrinking takes the longest of no rows.
  CheckRaises(empty, {2, 2}, {}, ErrorType::ValueError, "max() arg is an empty sequence",
              "splash.mask_info.shrink_empty");
  // For dkv there are kv columns, each with no row: nothing left, as above.
  CHECK(RaisedBy([&] {
          ProcessMask(empty, {2, 2}, {.is_dkv = true});
        }).site == "splash.mask_info.shrink_to_nothing");
  const MaskInfo info = ProcessMask(empty, {2, 2}, {.shrink_grid = false});
  CHECK(info.block_mask.rows == 0);
  CHECK(info.block_mask.cols == 2);
  REQUIRE(info.q_sequence);
  CHECK(info.q_sequence->empty());
}
