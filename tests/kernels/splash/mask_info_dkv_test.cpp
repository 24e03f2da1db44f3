// MaskInfo property (c): the dkv tables are the forward tables seen down the columns, over the case list
// of mask_info_cases.hpp.
#include "tests/kernels/splash/mask_info_cases.hpp"

using namespace tilewalk::splash;
using namespace tilewalk::splash::testing;

TEST_CASE("MaskInfo properties: the dkv tables are the forward tables seen down the columns") {
  int compared = 0;
  for (const Case& c : Cases()) {
    if (c.options.is_dkv) continue;
    INFO(c.name);
    MaskInfoOptions fwd_options = c.options;
    fwd_options.shrink_grid = false;
    MaskInfoOptions dkv_options = fwd_options;
    dkv_options.is_dkv = true;
    const MaskInfo fwd = ProcessMask(c.mask, c.block, fwd_options);
    const MaskInfo dkv = ProcessMask(c.mask, c.block, dkv_options);
    ++compared;
    CHECK(dkv.block_mask == fwd.block_mask);  // one [h, q, kv] layout for both
    CHECK(dkv.q_sequence == fwd.q_sequence);
    CHECK(dkv.partial_mask_blocks.has_value() == fwd.partial_mask_blocks.has_value());
    if (fwd.partial_mask_blocks) {
      const auto& f = *fwd.partial_mask_blocks;
      const auto& d = *dkv.partial_mask_blocks;
      REQUIRE(d.shape() == tilewalk::tpu::Shape{f.shape()[0], f.shape()[2], f.shape()[1]});
      int64_t differ = 0;
      for (int64_t k = 0; k < f.shape()[0]; ++k)
        for (int64_t r = 0; r < f.shape()[1]; ++r)
          for (int64_t col = 0; col < f.shape()[2]; ++col)
            differ += f.Data<uint8_t>()[(k * f.shape()[1] + r) * f.shape()[2] + col] !=
                      d.Data<uint8_t>()[(k * f.shape()[2] + col) * f.shape()[1] + r];
      CHECK(differ == 0);
    }
    // At a step with work both name the block the step itself needs: fwd its kv block, dkv its q block
    // within the shard; at a partial step both name the same partial block.
    const int64_t qbps = fwd.block_mask.rows / c.options.q_seq_shards;
    for (int64_t h = 0; h < fwd.block_mask.heads; ++h)
      for (int64_t i = 0; i < fwd.block_mask.rows; ++i)
        for (int64_t j = 0; j < fwd.block_mask.cols; ++j) {
          if (fwd.block_mask.at(h, i, j) == 0) continue;
          CHECK(fwd.data_next.at(h, i, j) == j);
          CHECK(dkv.data_next.at(h, i, j) == i % qbps);
          if (fwd.block_mask.at(h, i, j) == 1 && fwd.mask_next)
            CHECK(dkv.mask_next->at(h, i, j) == fwd.mask_next->at(h, i, j));
        }
    // One head, one q shard: dkv's walk down the columns is the forward walk of the transposed mask.
    if (c.mask.shape()[0] == 1 && c.options.q_seq_shards == 1) {
      const Rows dense = Dense(c.mask.masks()[0]);
      Rows transposed(dense.empty() ? 0 : dense[0].size());
      for (const auto& row : dense)
        for (std::size_t col = 0; col < row.size(); ++col) transposed[col].push_back(row[col]);
      const MaskInfo t =
          ProcessMask(MultiHeadMask({FromRows(transposed)}), {c.block.kv, c.block.q}, {.shrink_grid = false});
      for (int64_t i = 0; i < dkv.data_next.rows; ++i)
        for (int64_t j = 0; j < dkv.data_next.cols; ++j) {
          CHECK(dkv.data_next.at(0, i, j) == t.data_next.at(0, j, i));
          CHECK(dkv.block_mask.at(0, i, j) == t.block_mask.at(0, j, i));
        }
    }
  }
  CHECK(compared > 500);
}
