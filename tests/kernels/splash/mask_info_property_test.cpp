// MaskInfo over many masks, shapes, block sizes and shardings (the case list of mask_info_cases.hpp), each
// table checked against the mask itself:
//   (a) the dense mask rebuilt from block_mask, data_next and the partial blocks (or the mask function)
//       equals the mask evaluated pair by pair, and each block with work is visited exactly once;
//   (b) data_next and mask_next name, for each step, the block that step needs, or the next step's, so the
//       pipeline copies once per run of idle steps; a shrunk grid keeps exactly each row's busy blocks.
// (c), dkv against the forward tables, is mask_info_dkv_test.cpp. Each failure names its case.
//
// Sections: Geometry (the facts of a case) / CheckRebuild (a) / DistinctPartials, CheckPartialBlocks /
// CheckWalks (b, full grid) / CheckShrunk (b, shrunk grid) / ExpectedErrorSite / the test case.
#include <algorithm>
#include <sstream>

#include "tests/kernels/splash/mask_info_cases.hpp"

using namespace tilewalk::splash;
using namespace tilewalk::splash::testing;

namespace mask_info_property_test {

// The facts of a case that the tables are checked against, from the mask alone.
struct Geometry {
  int64_t heads, q_blocks, kv_blocks, q_blocks_per_shard, heads_per_shard;
  bool one_mask;     // every head's mask equal
  bool shared_rows;  // one table row per head shard
  bool shrunk;
  const Mask& HeadMask(const Mask& mask, int64_t h) const {
    return mask.masks()[static_cast<std::size_t>(h)];
  }
};

Geometry GeometryOf(const Case& c) {
  const auto& heads = c.mask.masks();
  Geometry g{static_cast<int64_t>(heads.size()),
             c.mask.shape()[1] / c.block.q,
             c.mask.shape()[2] / c.block.kv,
             c.mask.shape()[1] / c.block.q / c.options.q_seq_shards,
             static_cast<int64_t>(heads.size()) / c.options.head_shards,
             true,
             true,
             false};
  for (const Mask& m : heads) g.one_mask = g.one_mask && m == heads[0];
  for (int64_t h = 0; h < g.heads; ++h)
    g.shared_rows = g.shared_rows && heads[h] == heads[h / g.heads_per_shard * g.heads_per_shard];
  g.shrunk = c.options.shrink_grid && g.one_mask;
  return g;
}

// The heads a table row stands for.
std::vector<int64_t> HeadsOfRow(const Geometry& g, const BlockTable& t, int64_t row) {
  if (t.heads == g.heads) return {row};
  std::vector<int64_t> heads;
  for (int64_t h = row * g.heads_per_shard; h < (row + 1) * g.heads_per_shard; ++h) heads.push_back(h);
  return heads;
}

uint8_t PartialAt(const MaskInfo& info, const Case& c, int32_t index, int64_t r, int64_t col) {
  const tilewalk::tpu::Array& blocks = *info.partial_mask_blocks;
  const int64_t rows = blocks.shape()[1], cols = blocks.shape()[2];
  const int64_t rr = c.options.is_dkv ? col : r, cc = c.options.is_dkv ? r : col;
  return blocks.Data<uint8_t>()[(index * rows + rr) * cols + cc];
}

// (a): rebuild the dense mask the way the kernel reads the tables, and count visits per block.
void CheckRebuild(const Case& c, const Geometry& g, const MaskInfo& info) {
  const BlockTable& bm = info.block_mask;
  std::vector<uint8_t> rebuilt(static_cast<std::size_t>(g.heads * c.mask.shape()[1] * c.mask.shape()[2]), 0);
  std::vector<int> visits(static_cast<std::size_t>(g.heads * g.q_blocks * g.kv_blocks), 0);
  const int64_t rows_per_shard = bm.rows / c.options.q_seq_shards;
  for (int64_t th = 0; th < bm.heads; ++th)
    for (int64_t i = 0; i < bm.rows; ++i)
      for (int64_t j = 0; j < bm.cols; ++j) {
        const int32_t kind = bm.at(th, i, j);
        if (kind == 0) continue;
        REQUIRE(kind <= 2);
        const int64_t next = info.data_next.at(th, i, j);
        const int64_t qb = c.options.is_dkv ? i / rows_per_shard * g.q_blocks_per_shard + next : i;
        const int64_t kb = c.options.is_dkv ? j : next;
        REQUIRE((qb >= 0 && qb < g.q_blocks && kb >= 0 && kb < g.kv_blocks));
        for (int64_t h : HeadsOfRow(g, bm, th)) {
          ++visits[static_cast<std::size_t>((h * g.q_blocks + qb) * g.kv_blocks + kb)];
          for (int64_t r = 0; r < c.block.q; ++r)
            for (int64_t col = 0; col < c.block.kv; ++col) {
              const int64_t q = qb * c.block.q + r, kv = kb * c.block.kv + col;
              bool value = true;
              if (kind == 1)
                value = info.mask_function ? info.mask_function->MaskFunction((*info.q_sequence)[q], kv)
                                           : PartialAt(info, c, info.mask_next->at(th, i, j), r, col) != 0;
              rebuilt[static_cast<std::size_t>((h * c.mask.shape()[1] + q) * c.mask.shape()[2] + kv)] = value;
            }
        }
      }
  for (int64_t h = 0; h < g.heads; ++h)
    for (int64_t qb = 0; qb < g.q_blocks; ++qb)
      for (int64_t kb = 0; kb < g.kv_blocks; ++kb)
        CHECK(visits[static_cast<std::size_t>((h * g.q_blocks + qb) * g.kv_blocks + kb)] ==
              (Busy(g.HeadMask(c.mask, h), qb, kb, c.block) ? 1 : 0));
  int64_t wrong = 0;
  for (int64_t h = 0; h < g.heads; ++h)
    for (int64_t q = 0; q < c.mask.shape()[1]; ++q)
      for (int64_t kv = 0; kv < c.mask.shape()[2]; ++kv)
        wrong += rebuilt[static_cast<std::size_t>((h * c.mask.shape()[1] + q) * c.mask.shape()[2] + kv)] !=
                 c.mask.Attends(h, q, kv);
  CHECK(wrong == 0);
}

// The partial blocks: every distinct partial content once, in order of first appearance over the distinct
// masks in head order, blocks row-major.
std::vector<std::vector<uint8_t>> DistinctPartials(const Case& c, const Geometry& g) {
  std::vector<std::vector<uint8_t>> seen;
  for (int64_t h = 0; h < g.heads; ++h) {
    const Mask& m = g.HeadMask(c.mask, h);
    bool earlier = false;
    for (int64_t e = 0; e < h; ++e) earlier = earlier || g.HeadMask(c.mask, e) == m;
    if (earlier) continue;
    for (int64_t qb = 0; qb < g.q_blocks; ++qb)
      for (int64_t kb = 0; kb < g.kv_blocks; ++kb)
        if (Class(m, qb, kb, c.block) == 1) {
          auto chunk = m.Block(qb * c.block.q, (qb + 1) * c.block.q, kb * c.block.kv, (kb + 1) * c.block.kv);
          if (std::find(seen.begin(), seen.end(), chunk) == seen.end()) seen.push_back(std::move(chunk));
        }
  }
  return seen;
}

void CheckPartialBlocks(const Case& c, const Geometry& g, const MaskInfo& info) {
  const auto distinct = DistinctPartials(c, g);
  const bool computed = g.one_mask && g.HeadMask(c.mask, 0).computable();
  CHECK(info.mask_function.has_value() == computed);
  CHECK(info.q_sequence.has_value() == computed);
  if (computed || distinct.empty()) {
    CHECK_FALSE(info.partial_mask_blocks);
    CHECK_FALSE(info.mask_next);
    return;
  }
  REQUIRE(info.partial_mask_blocks);
  REQUIRE(info.mask_next);
  REQUIRE(info.partial_mask_blocks->shape()[0] == static_cast<int64_t>(distinct.size()));
  for (std::size_t k = 0; k < distinct.size(); ++k)
    for (int64_t r = 0; r < c.block.q; ++r)
      for (int64_t col = 0; col < c.block.kv; ++col)
        CHECK(PartialAt(info, c, static_cast<int32_t>(k), r, col) == distinct[k][r * c.block.kv + col]);
}

// One step of a shard's walk: its table coordinates, whether it has work and is partial, and the block it
// would fetch for itself.
struct WalkStep {
  int64_t th, i, j;
  bool busy, partial;
  int32_t own;
  int32_t partial_index;
};

// (b), full grid: each shard's steps in launch order.
void CheckWalks(const Case& c, const Geometry& g, const MaskInfo& info) {
  const BlockTable& bm = info.block_mask;
  const auto distinct = DistinctPartials(c, g);
  const int64_t rows_per_head_shard = bm.heads / c.options.head_shards;
  for (int64_t hs = 0; hs < c.options.head_shards; ++hs)
    for (int64_t qs = 0; qs < c.options.q_seq_shards; ++qs) {
      std::vector<WalkStep> steps;
      const auto add = [&](int64_t th, int64_t i, int64_t j) {
        const Mask& m = g.HeadMask(c.mask, HeadsOfRow(g, bm, th)[0]);
        const int cls = Class(m, i, j, c.block);
        int32_t index = -1;
        if (cls == 1) {
          const auto chunk =
              m.Block(i * c.block.q, (i + 1) * c.block.q, j * c.block.kv, (j + 1) * c.block.kv);
          index = static_cast<int32_t>(std::find(distinct.begin(), distinct.end(), chunk) - distinct.begin());
        }
        const auto own = static_cast<int32_t>(c.options.is_dkv ? i - qs * g.q_blocks_per_shard : j);
        steps.push_back({th, i, j, cls != 0, cls == 1, own, index});
        CHECK(bm.at(th, i, j) == cls);
      };
      const int64_t th0 = hs * rows_per_head_shard, i0 = qs * g.q_blocks_per_shard;
      if (c.options.is_dkv) {
        for (int64_t j = 0; j < g.kv_blocks; ++j)
          for (int64_t th = th0; th < th0 + rows_per_head_shard; ++th)
            for (int64_t i = i0; i < i0 + g.q_blocks_per_shard; ++i) add(th, i, j);
      } else {
        for (int64_t th = th0; th < th0 + rows_per_head_shard; ++th)
          for (int64_t i = i0; i < i0 + g.q_blocks_per_shard; ++i)
            for (int64_t j = 0; j < g.kv_blocks; ++j) add(th, i, j);
      }
      const auto first_busy =
          std::find_if(steps.begin(), steps.end(), [](const WalkStep& s) { return s.busy; });
      const auto first_partial =
          std::find_if(steps.begin(), steps.end(), [](const WalkStep& s) { return s.partial; });
      int copies = 0, busy = 0;
      for (std::size_t s = 0; s < steps.size(); ++s) {
        const WalkStep& st = steps[s];
        const int32_t next = info.data_next.at(st.th, st.i, st.j);
        busy += st.busy;
        copies += s == 0 || next != info.data_next.at(steps[s - 1].th, steps[s - 1].i, steps[s - 1].j);
        if (first_busy == steps.end())
          CHECK(next == 0);
        else if (st.busy)
          CHECK(next == st.own);  // a step with work fetches its own block
        else if (std::any_of(steps.begin() + static_cast<long>(s), steps.end(),
                             [](const WalkStep& w) { return w.busy; }))
          CHECK(next ==
                info.data_next.at(steps[s + 1].th, steps[s + 1].i, steps[s + 1].j));  // no copy after it
        else
          CHECK(next == first_busy->own);  // past the last: the first one's block
        if (!info.mask_next) continue;
        const int32_t mask = info.mask_next->at(st.th, st.i, st.j);
        if (first_partial == steps.end())
          CHECK(mask == 0);
        else if (st.partial)
          CHECK(mask == st.partial_index);
        else if (std::any_of(steps.begin() + static_cast<long>(s), steps.end(),
                             [](const WalkStep& w) { return w.partial; }))
          CHECK(mask == info.mask_next->at(steps[s + 1].th, steps[s + 1].i, steps[s + 1].j));
        else
          CHECK(mask == first_partial->partial_index);
      }
      CHECK(copies <= busy + 1);
    }
}

// (b), shrunk grid: each row (dkv: each column) keeps its busy blocks in order, the shard's longest sets the
// width, and the rest is padding that does nothing.
void CheckShrunk(const Case& c, const Geometry& g, const MaskInfo& info) {
  const Mask& m = g.HeadMask(c.mask, 0);
  const BlockTable& bm = info.block_mask;
  const int64_t qbps = g.q_blocks_per_shard;
  std::vector<std::vector<std::vector<int64_t>>> kept(static_cast<std::size_t>(c.options.q_seq_shards));
  int64_t widest = 0;
  for (int64_t qs = 0; qs < c.options.q_seq_shards; ++qs) {
    auto& lines = kept[qs];
    const int64_t outer = c.options.is_dkv ? g.kv_blocks : qbps;
    const int64_t inner = c.options.is_dkv ? qbps : g.kv_blocks;
    for (int64_t o = 0; o < outer; ++o) {
      lines.emplace_back();
      for (int64_t n = 0; n < inner; ++n) {
        const int64_t qb = qs * qbps + (c.options.is_dkv ? n : o), kb = c.options.is_dkv ? o : n;
        if (Busy(m, qb, kb, c.block)) lines.back().push_back(n);
      }
    }
    std::size_t longest = 0;
    for (const auto& l : lines) longest = std::max(longest, l.size());
    widest = std::max(widest, static_cast<int64_t>(longest));
  }
  if (c.options.is_dkv) {
    REQUIRE(bm.rows == widest * c.options.q_seq_shards);
    REQUIRE(bm.cols == g.kv_blocks);
  } else {
    REQUIRE(bm.rows == g.q_blocks);
    REQUIRE(bm.cols == widest);
  }
  for (int64_t th = 0; th < bm.heads; ++th)
    for (int64_t qs = 0; qs < c.options.q_seq_shards; ++qs) {
      std::size_t own_width = 0;
      for (const auto& l : kept[qs]) own_width = std::max(own_width, l.size());
      for (std::size_t o = 0; o < kept[qs].size(); ++o) {
        const auto& line = kept[qs][o];
        for (int64_t k = 0; k < widest; ++k) {
          // Position k along the line: the table cell, and which kept block it holds (dkv aligns them to the
          // end of the shard's own width).
          const int64_t pad = c.options.is_dkv ? static_cast<int64_t>(own_width - line.size()) : 0;
          const int64_t i = c.options.is_dkv ? qs * widest + k : qs * qbps + static_cast<int64_t>(o);
          const int64_t j = c.options.is_dkv ? static_cast<int64_t>(o) : k;
          const int64_t slot = k - pad;
          if (k >= static_cast<int64_t>(own_width)) {  // padding between q shards: repeats the last cell
            const int64_t li = c.options.is_dkv ? qs * widest + static_cast<int64_t>(own_width) - 1 : i;
            const int64_t lj = c.options.is_dkv ? j : static_cast<int64_t>(own_width) - 1;
            CHECK(bm.at(th, i, j) == 0);
            CHECK(info.data_next.at(th, i, j) == info.data_next.at(th, li, lj));
          } else if (slot < 0 || slot >= static_cast<int64_t>(line.size())) {  // padding of the shrink
            CHECK(bm.at(th, i, j) == 0);
            CHECK(info.data_next.at(th, i, j) == 0);
          } else {
            const int64_t n = line[static_cast<std::size_t>(slot)];
            const int64_t qb = qs * qbps + (c.options.is_dkv ? n : static_cast<int64_t>(o));
            const int64_t kb = c.options.is_dkv ? static_cast<int64_t>(o) : n;
            CHECK(bm.at(th, i, j) == Class(m, qb, kb, c.block));
            CHECK(info.data_next.at(th, i, j) == n);
          }
        }
      }
    }
}

// The error a case must raise, if any: a shrunk grid with a q shard of no work, or (the original's bug)
// several q shards with a shrunk grid and no partial block anywhere.
std::string ExpectedErrorSite(const Case& c, const Geometry& g) {
  if (!g.shrunk) return "";
  const Mask& m = g.HeadMask(c.mask, 0);
  bool any_partial = false;
  for (int64_t qs = 0; qs < c.options.q_seq_shards; ++qs) {
    bool busy = false;
    for (int64_t qb = qs * g.q_blocks_per_shard; qb < (qs + 1) * g.q_blocks_per_shard; ++qb)
      for (int64_t kb = 0; kb < g.kv_blocks; ++kb) {
        busy = busy || Busy(m, qb, kb, c.block);
        any_partial = any_partial || Class(m, qb, kb, c.block) == 1;
      }
    if (!busy) return "splash.mask_info.shrink_to_nothing";
  }
  if (c.options.q_seq_shards > 1 && !any_partial) return "splash.mask_info.no_mask_next_to_concatenate";
  return "";
}

}  // namespace mask_info_property_test

using namespace mask_info_property_test;

TEST_CASE("MaskInfo properties: rebuilt masks, walks and shrunk grids over the case list") {
  int ran = 0, refused = 0, shrunk = 0;
  for (const Case& c : Cases()) {
    INFO(c.name);
    const Geometry g = GeometryOf(c);
    const std::string expected_site = ExpectedErrorSite(c, g);
    MaskInfo info;
    const auto error = CatchSplashError([&] { info = ProcessMask(c.mask, c.block, c.options); });
    if (!expected_site.empty()) {
      REQUIRE(error.has_value());
      // A q shard with no work fails the original's assert; concatenating no partial blocks, numpy's check.
      CHECK(error->type == (expected_site == "splash.mask_info.shrink_to_nothing"
                                ? tilewalk::tpu::ErrorType::AssertionError
                                : tilewalk::tpu::ErrorType::ValueError));
      CHECK(tilewalk::tpu::GetSite(error->site).name == expected_site);
      ++refused;
      continue;
    }
    REQUIRE_FALSE(error.has_value());
    ++ran;
    CHECK(info.block_mask.heads == (g.shared_rows ? c.options.head_shards : g.heads));
    CheckRebuild(c, g, info);
    CheckPartialBlocks(c, g, info);
    if (g.shrunk) {
      ++shrunk;
      CheckShrunk(c, g, info);
    } else {
      CheckWalks(c, g, info);
    }
  }
  // The list reaches every branch: full grids, shrunk grids, and both refusals.
  CHECK(ran > 1000);
  CHECK(shrunk > 200);
  CHECK(refused > 10);
}
