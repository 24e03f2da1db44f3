// splash's BlockSizes: the dataclass's construction (the compute sizes it fills, the dq sizes it refuses
// beside a fused backward), has_backward_blocks and get_default.
#include "kernels/splash/block_sizes.hpp"

#include "tests/kernels/splash/splash_test_support.hpp"

using namespace tilewalk::splash;
using tilewalk::splash::testing::RaisedBy;
using tilewalk::tpu::ErrorType;

TEST_CASE("BlockSizes: an unset compute size becomes its launch's kv block, a set one stays") {
  const BlockSizes b = MakeBlockSizes({.block_q = 256, .block_kv = 512});
  CHECK(b.block_kv_compute == 512);
  CHECK_FALSE(b.block_kv_dkv_compute.has_value());  // block_kv_dkv is unset, so is its compute size
  const BlockSizes c =
      MakeBlockSizes({.block_q = 256, .block_kv = 512, .block_kv_compute = 128, .block_kv_dkv = 256});
  CHECK(c.block_kv_compute == 128);
  CHECK(c.block_kv_dkv_compute == 256);
}

TEST_CASE("BlockSizes: ValueError for dq block sizes beside the fused backward") {
  for (const BlockSizes& fields : {BlockSizes{.block_q_dq = 128, .use_fused_bwd_kernel = true},
                                   BlockSizes{.block_kv_dq = 0, .use_fused_bwd_kernel = true}}) {
    const auto e = RaisedBy([&] { MakeBlockSizes(fields); });
    CHECK(e.type == ErrorType::ValueError);
    CHECK(e.message == "Block sizes for dq kernel are not needed with a fused kernel.");
    CHECK(e.site == "splash.block_sizes.dq_with_fused");
  }
  // Without the fused switch the same sizes are fine.
  CHECK(MakeBlockSizes({.block_q_dq = 128}).block_q_dq == 128);
}

TEST_CASE("BlockSizes: has_backward_blocks asks dkv's three sizes, and dq's two unless fused") {
  CHECK_FALSE(MakeBlockSizes({}).has_backward_blocks());
  const BlockSizes dkv_only = MakeBlockSizes({.block_q_dkv = 128, .block_kv_dkv = 128});
  CHECK_FALSE(dkv_only.has_backward_blocks());
  CHECK(MakeBlockSizes({.block_q_dkv = 128, .block_kv_dkv = 128, .use_fused_bwd_kernel = true})
            .has_backward_blocks());
  CHECK(MakeBlockSizes({.block_q_dkv = 128, .block_kv_dkv = 128, .block_q_dq = 128, .block_kv_dq = 128})
            .has_backward_blocks());
  // Partly set dq sizes are legal: the class only reports them missing.
  CHECK_FALSE(
      MakeBlockSizes({.block_q_dkv = 128, .block_kv_dkv = 128, .block_q_dq = 128}).has_backward_blocks());
}

TEST_CASE("BlockSizes: get_default sets every size to 128, unfused, head dim minor") {
  const BlockSizes d = BlockSizes::get_default();
  for (const auto& size : {d.block_kv_compute, d.block_q_dkv, d.block_kv_dkv, d.block_kv_dkv_compute,
                           d.block_q_dq, d.block_kv_dq})
    CHECK(size == 128);
  CHECK(d.block_q == 128);
  CHECK(d.block_kv == 128);
  CHECK_FALSE(d.use_fused_bwd_kernel);
  CHECK(d.has_backward_blocks());
  CHECK(d.q_layout == QKVLayout::HEAD_DIM_MINOR);
  CHECK(d.k_layout == QKVLayout::HEAD_DIM_MINOR);
  CHECK(d.v_layout == QKVLayout::HEAD_DIM_MINOR);
  CHECK(static_cast<int>(QKVLayout::SEQ_MINOR) == 2);
  CHECK(QKVLayoutName(QKVLayout::SEQ_MINOR) == "SEQ_MINOR");
}
