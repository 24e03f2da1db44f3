// The copies of the splash forward launch follow the data_next and mask_next tables: worked by hand for a
// small causal grid, and derived from the mask alone for several masks and head groupings.
#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

#include "tests/kernels/splash/forward_test_support.hpp"

using namespace tilewalk::splash;
using namespace tilewalk::splash::testing;

TEST_CASE("splash forward copies: causal over 4 x 4 blocks, worked by hand from data_next") {
  // Rows need kv blocks [0], [0 1], [0 1 2], [0 1 2 3]; the grid keeps 4 kv steps, and steps past a row's
  // list fetch block 0. Fetched: 0 0 0 0 | 0 1 0 0 | 0 1 2 0 | 0 1 2 3: 1 + 2 + 3 + 3 = 9 issued, 7 skipped.
  // Full attention fetches 0 1 2 3 in every row: 16 issued, none skipped. Causal saves 7 copies of k and v.
  const auto causal = RunForward({.mask = Causal(1, 512, 512)});
  const auto full = RunForward({.mask = SameForEveryHead(1, FullMask({512, 512}))});
  REQUIRE_FALSE(causal->result.error);
  REQUIRE_FALSE(full->result.error);
  for (const char* name : {"k", "v"}) {
    CHECK(TrafficOf(causal->result.stats.copies, name).issued == 9);
    CHECK(TrafficOf(causal->result.stats.copies, name).skipped == 7);
    CHECK(TrafficOf(full->result.stats.copies, name).issued == 16);
    CHECK(TrafficOf(full->result.stats.copies, name).skipped == 0);
  }
  // Only the 10 steps on or below the diagonal run their arithmetic.
  CHECK(causal->result.stats.steps_run == 10);
  CHECK(full->result.stats.steps_run == 16);
}

TEST_CASE(
    "splash forward copies: k, v and kv segment id copies follow the mask, for several masks and heads") {
  struct Case {
    Mask mask2d;
    int64_t heads, kv_heads;
  };
  const std::vector<Case> cases = {
      {CausalMask({512, 512}), 2, 2},
      {CausalMask({512, 512}), 4, 2},
      {FullMask({256, 512}), 2, 1},
      {LocalMask({768, 768}, {200, 0}, 0), 2, 2},
      {LocalMask({768, 768}, {130, 130}, 0), 3, 1},
      {CausalMask({256, 768}, 512), 2, 2},
  };
  for (const Case& c : cases) {
    const ForwardScenario s{
        .mask = SameForEveryHead(c.heads, c.mask2d), .num_kv_heads = c.kv_heads, .segment_ids = true};
    const auto run = RunForward(s);
    REQUIRE_FALSE(run->result.error);
    const WalkCopies want = KvWalkCopies(c.mask2d, c.heads, c.heads / c.kv_heads);
    // kv segment ids are fetched by kv block alone, whatever the head: their copies follow the same rule
    // with every head mapped to one.
    const WalkCopies want_ids = KvWalkCopies(c.mask2d, c.heads, c.heads);
    CAPTURE(c.heads);
    CAPTURE(c.mask2d.shape()[0]);
    CHECK(TrafficOf(run->result.stats.copies, "k").issued == want.issued);
    CHECK(TrafficOf(run->result.stats.copies, "k").skipped == want.skipped);
    CHECK(TrafficOf(run->result.stats.copies, "v").issued == want.issued);
    CHECK(TrafficOf(run->result.stats.copies, "kv_segment_ids").issued == want_ids.issued);
    CHECK(TrafficOf(run->result.stats.copies, "kv_segment_ids").skipped == want_ids.skipped);
    CHECK(CountMismatches(s, *run, kF32Tolerance) == 0);
  }
}

TEST_CASE("splash forward copies: a mask array's partial blocks are fetched through mask_next") {
  // Scattered(256, 256): block (0, 0) partial, (0, 1) empty, (1, 0) full, (1, 1) partial, so two distinct
  // partial blocks. Row 0 keeps [0] and row 1 [0 1]; the grid is 2 wide. mask_next names the step's partial
  // block, or for a full step the next partial one; a padded step names 0. Fetched per head: 0 0 | 1 1, and
  // the second head starts again at 0: 4 issued, 4 skipped.
  const auto run = RunForward({.mask = SameForEveryHead(2, Scattered(256, 256))});
  REQUIRE_FALSE(run->result.error);
  REQUIRE(run->info.partial_mask_blocks.has_value());
  CHECK(run->info.partial_mask_blocks->shape()[0] == 2);
  CHECK(TrafficOf(run->result.stats.copies, "mask").issued == 4);
  CHECK(TrafficOf(run->result.stats.copies, "mask").skipped == 4);
}
