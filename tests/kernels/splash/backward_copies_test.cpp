// The copies the splash backward launches issue, against counts worked out from the mask alone: which
// blocks of the mask attend anywhere, and how each launch's grid walks them. The dq launch's kv axis is
// shrunk to the longest row of non-empty blocks, short rows padded at the end with block 0; the unfused
// dkv launch's q axis is shrunk the same way per kv column, padded at the top with block 0; the fused
// dkv launch keeps every q step, and an empty one fetches the next non-empty block in grid order.
// A copy is issued whenever a step needs a different block than the step before it, and a step does
// arithmetic only on a block that attends.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "kernels/splash/mask_kinds.hpp"
#include "tests/kernels/splash/backward_test_support.hpp"

using namespace tilewalk::splash;
using namespace tilewalk::splash::testing;

namespace backward_copies_test {

// Copies of a block sequence: one for the first step and one at every change.
struct CopyCounter {
  int copies = 0;
  std::vector<int64_t> last;
  void Step(std::vector<int64_t> block) {
    if (block != last) ++copies;
    last = std::move(block);
  }
};

// dq launch, grid (q head, q block, shrunk kv step): the copies of k, whose block is (kv head, kv block).
int DqKeyCopies(const Mask& mask, int64_t q_heads, int64_t group) {
  return static_cast<int>(KvWalkCopies(mask, q_heads, group).issued);
}

// The fused dkv launch's q block at each (kv block, q step): an attending block's own; an empty one asks
// for the next attending block in the walk over kv blocks, then q blocks (further down its column, or
// else in a later column), wrapping to the first.
Blocks FusedDkvSteps(const Blocks& columns, int64_t q_blocks) {
  std::vector<int64_t> attending;  // the q blocks that attend, in walk order
  for (const auto& column : columns) attending.insert(attending.end(), column.begin(), column.end());
  REQUIRE(!attending.empty());
  Blocks steps(columns.size());
  std::size_t seen = 0;  // attending blocks of earlier columns
  for (std::size_t kv = 0; kv < columns.size(); ++kv) {
    const auto& column = columns[kv];
    for (int64_t i = 0; i < q_blocks; ++i) {
      const auto below = std::lower_bound(column.begin(), column.end(), i);
      const std::size_t next = seen + static_cast<std::size_t>(below - column.begin());
      steps[kv].push_back(next < attending.size() ? attending[next] : attending.front());
    }
    seen += column.size();
  }
  return steps;
}

// dkv launch, grid (kv block, q head, q step): the copies of q, whose block is (q head, q block).
int DkvQueryCopies(const Mask& mask, int64_t q_heads, bool fused) {
  const Blocks columns = AttendingBlocks(mask, true);
  const Blocks fused_steps = FusedDkvSteps(columns, mask.shape()[0] / 128);
  CopyCounter q;
  for (std::size_t kv = 0; kv < columns.size(); ++kv) {
    std::vector<int64_t> steps = fused_steps[kv];
    if (!fused) {  // the attending blocks at the bottom, block 0 above them
      steps.assign(Longest(columns) - columns[kv].size(), 0);
      steps.insert(steps.end(), columns[kv].begin(), columns[kv].end());
    }
    for (int64_t h = 0; h < q_heads; ++h)
      for (int64_t block : steps) q.Step({h, block});
  }
  return q.copies;
}

BackwardScenario Scenario(const Mask& mask2d, int64_t q_heads, int64_t kv_heads, bool fused) {
  const int64_t len = mask2d.shape()[0];
  return {.mask = MultiHeadMask(std::vector<Mask>(static_cast<std::size_t>(q_heads), mask2d)),
          .num_q_heads = q_heads,
          .num_kv_heads = kv_heads,
          .q_len = len,
          .kv_len = mask2d.shape()[1],
          .block_sizes = BackwardBlocks(fused)};
}

TEST_CASE("splash backward copies: the expectations on a causal 4 x 4 of blocks, worked by hand") {
  const Mask causal = CausalMask({512, 512});
  // dq, per head: rows [0 0 0 0] [0 1 0 0] [0 1 2 0] [0 1 2 3]: 9 copies, and one more as the head changes.
  CHECK(DqKeyCopies(causal, 2, 1) == 18);
  // dkv unfused, per head: columns [0 1 2 3] [0 1 2 3] [0 0 2 3] [0 0 0 3]: 4 + 4 + 3 + 2.
  CHECK(DkvQueryCopies(causal, 2, false) == 26);
  // dkv fused: [0 1 2 3] [1 1 2 3] [2 2 2 3] [3 3 3 3]: 4 + 3 + 2 + 1.
  CHECK(DkvQueryCopies(causal, 2, true) == 20);
}

TEST_CASE("splash backward copies: the dq launch fetches the kv blocks data_next names") {
  for (const Mask& mask2d : {CausalMask({512, 512}), LocalMask({512, 512}, LocalWindow{100, 0}, 0)}) {
    const BackwardRun run = RunBackwardScenario(Scenario(mask2d, 2, 2, /*fused=*/false));
    REQUIRE(!run.got.error);
    REQUIRE(run.got.launches.size() == 2);
    const auto& dq = run.got.launches[1].stats;
    CHECK(TrafficOf(dq.copies, "k").issued == DqKeyCopies(mask2d, 2, 1));
    CHECK(TrafficOf(dq.copies, "v").issued == DqKeyCopies(mask2d, 2, 1));
    CHECK(TrafficOf(dq.copies, "q").issued == 2 * 4);           // one per (head, q block)
    CHECK(TrafficOf(dq.writebacks, "dq").issued == 2 * 4);      // one per (head, q block)
    CHECK(TrafficOf(dq.writebacks, "dq_scratch").issued == 1);  // its one block, after the last step
  }
}

TEST_CASE("splash backward copies: grouped heads share the kv blocks of their kv head") {
  const Mask causal = CausalMask({512, 512});
  const BackwardRun run = RunBackwardScenario(Scenario(causal, 4, 2, /*fused=*/false));
  REQUIRE(!run.got.error);
  CHECK(TrafficOf(run.got.launches[1].stats.copies, "k").issued == DqKeyCopies(causal, 4, 2));
  // dkv: k follows (kv head, kv block), written once per kv head of each kv block.
  const auto& dkv = run.got.launches[0].stats;
  CHECK(TrafficOf(dkv.copies, "k").issued == 4 * 2);
  CHECK(TrafficOf(dkv.writebacks, "dk").issued == 4 * 2);
  CHECK(TrafficOf(dkv.writebacks, "dv").issued == 4 * 2);
}

TEST_CASE("splash backward copies: the dkv launch fetches the q blocks data_next names, shrunk or fused") {
  for (const Mask& mask2d : {CausalMask({512, 512}), LocalMask({512, 512}, LocalWindow{100, 0}, 0)}) {
    for (bool fused : {false, true}) {
      INFO("fused " << fused);
      const BackwardRun run = RunBackwardScenario(Scenario(mask2d, 2, 2, fused));
      REQUIRE(!run.got.error);
      REQUIRE(run.got.launches.size() == (fused ? 1u : 2u));
      const auto& dkv = run.got.launches[0].stats;
      const int want = DkvQueryCopies(mask2d, 2, fused);
      for (const char* name : {"q", "do", "logsumexp", "di"}) {
        INFO(name);
        CHECK(TrafficOf(dkv.copies, name).issued == want);
      }
      if (fused) {  // one dq partial per grid step: (kv block, head, q step)
        CHECK(dkv.steps == 4 * 2 * 4);
        CHECK(TrafficOf(dkv.writebacks, "dq").issued == 4 * 2 * 4);
      }
    }
  }
}

TEST_CASE("splash backward copies: the steps that do arithmetic are the blocks that attend") {
  const Mask window = LocalMask({512, 512}, LocalWindow{100, 0}, 0);
  int attending = 0;
  for (const auto& row : AttendingBlocks(window, false)) attending += static_cast<int>(row.size());
  for (bool fused : {false, true}) {
    INFO("fused " << fused);
    const BackwardRun run = RunBackwardScenario(Scenario(window, 2, 2, fused));
    REQUIRE(!run.got.error);
    REQUIRE(run.got.launches.size() == (fused ? 1u : 2u));  // dkv, then dq unless fused
    for (const auto& launch : run.got.launches) {
      INFO(launch.name);
      CHECK(launch.stats.steps_run == 2 * attending);
      CHECK(launch.stats.steps_skipped == launch.stats.steps - 2 * attending);
    }
  }
}

TEST_CASE("splash backward copies: the tables go to SMEM once, in the width MaskInfo narrowed them to") {
  // A band of every third key, as a dense array, so that every block that attends is partial and mask_next
  // is a table too. Its rows and columns have at most 2 attending blocks of 4, so the grids shrink to 2.
  // Every value is below 128, so each table is int8, one byte an entry, in one head row for both heads.
  std::vector<uint8_t> bits(512 * 512, 0);
  for (int64_t i = 0; i < 512; ++i)
    for (int64_t j = std::max<int64_t>(0, i - 99); j <= i; ++j)
      bits[static_cast<std::size_t>(i * 512 + j)] = j % 3 == 0;
  const Mask band = NumpyMask(BoolArray(tilewalk::tpu::Shape{512, 512}, bits));
  const BackwardRun run = RunBackwardScenario(Scenario(band, 2, 2, /*fused=*/false));
  REQUIRE(!run.got.error);
  const Blocks rows = AttendingBlocks(band, false), columns = AttendingBlocks(band, true);
  // The dq grid is shrunk to the longest row, the dkv grid to the longest column.
  const uint64_t dq_entries = rows.size() * Longest(rows), dkv_entries = columns.size() * Longest(columns);
  CHECK(dq_entries == 4 * 2);
  CHECK(dkv_entries == 4 * 2);
  const auto& dkv = run.got.launches[0].stats.smem_copies;
  const auto& dq = run.got.launches[1].stats.smem_copies;
  REQUIRE(dq.size() == 3);
  REQUIRE(dkv.size() == 3);
  for (const char* table : {"data_next", "block_mask", "mask_next"}) {
    INFO(table);
    CHECK(TrafficOf(dq, table).issued == 1);
    CHECK(TrafficOf(dq, table).bytes == dq_entries);
    CHECK(TrafficOf(dkv, table).issued == 1);
    CHECK(TrafficOf(dkv, table).bytes == dkv_entries);
  }
}

}  // namespace backward_copies_test
