// Making a splash kernel (make_splash.hpp): the mask's rank, the default block sizes, which MaskInfos are
// built and how, and that their errors come launch by launch in the original's order.
#include "kernels/splash/make_splash.hpp"

#include "tests/kernels/splash/splash_test_support.hpp"

using namespace tilewalk::splash;
using tilewalk::splash::testing::RaisedBy;
using tilewalk::splash::testing::Raises;
using tilewalk::tpu::ErrorType;

namespace make_splash_test {

Mask Causal2Heads() {
  return MultiHeadMask({CausalMask({512, 512}), CausalMask({512, 512})});
}

bool Mentions(const std::string& message, const std::string& part) {
  return message.find(part) != std::string::npos;
}

}  // namespace make_splash_test

using namespace make_splash_test;

TEST_CASE("make splash: ValueError for a mask that is not 3-d") {
  const auto e = RaisedBy([] { MakeSplashMaskInfos(CausalMask({256, 256})); });
  CHECK(e.type == ErrorType::ValueError);
  CHECK(e.message == "Unexpected mask shape: (256, 256)");
  CHECK(e.site == "splash.make.mask_rank");
}

TEST_CASE("make splash: default block sizes build all three MaskInfos") {
  const SplashMaskInfos made = MakeSplashMaskInfos(Causal2Heads());
  CHECK(made.block_sizes == BlockSizes::get_default());
  CHECK(made.fwd.block_mask.rows == 4);
  REQUIRE(made.dq.has_value());
  REQUIRE(made.dkv.has_value());
  CHECK(made.dq->block_mask.rows == 4);
}

TEST_CASE("make splash: no backward blocks, no backward MaskInfos") {
  const SplashMaskInfos made = MakeSplashMaskInfos(Causal2Heads(), {.block_sizes = MakeBlockSizes({})});
  CHECK_FALSE(made.dq.has_value());
  CHECK_FALSE(made.dkv.has_value());
}

TEST_CASE("make splash: the fused backward has no dq MaskInfo and an unshrunk dkv grid") {
  // One diagonal: each kv column of 128 x 128 blocks has one non-empty q block out of four.
  const Mask diagonal = MultiHeadMask({LocalMask({512, 512}, LocalWindow{0, 0}, 0)});
  const BlockSizes unfused =
      MakeBlockSizes({.block_q_dkv = 128, .block_kv_dkv = 128, .block_q_dq = 128, .block_kv_dq = 128});
  const SplashMaskInfos shrunk = MakeSplashMaskInfos(diagonal, {.block_sizes = unfused});
  REQUIRE(shrunk.dkv.has_value());
  CHECK(shrunk.dkv->data_next.rows == 1);

  const BlockSizes fused =
      MakeBlockSizes({.block_q_dkv = 128, .block_kv_dkv = 128, .use_fused_bwd_kernel = true});
  const SplashMaskInfos made = MakeSplashMaskInfos(diagonal, {.block_sizes = fused});
  CHECK_FALSE(made.dq.has_value());
  REQUIRE(made.dkv.has_value());
  CHECK(made.dkv->data_next.rows == 4);
}

TEST_CASE("make splash: MaskInfo errors come from the forward's blocks, then dq's, then dkv's") {
  BlockSizes b{.block_q = 128,
               .block_kv = 96,
               .block_q_dkv = 96,
               .block_kv_dkv = 128,
               .block_q_dq = 160,
               .block_kv_dq = 128};
  auto e = RaisedBy([&] { MakeSplashMaskInfos(Causal2Heads(), {.block_sizes = MakeBlockSizes(b)}); });
  CHECK(e.type == ErrorType::ValueError);
  CHECK(Mentions(e.message, "=96 should divide"));
  b.block_kv = 128;
  e = RaisedBy([&] { MakeSplashMaskInfos(Causal2Heads(), {.block_sizes = MakeBlockSizes(b)}); });
  CHECK(Mentions(e.message, "=160 should divide"));
  b.block_q_dq = 128;
  e = RaisedBy([&] { MakeSplashMaskInfos(Causal2Heads(), {.block_sizes = MakeBlockSizes(b)}); });
  CHECK(Mentions(e.message, "=96 should divide"));
  b.block_q_dkv = 128;
  CHECK_FALSE(Raises([&] { MakeSplashMaskInfos(Causal2Heads(), {.block_sizes = MakeBlockSizes(b)}); }));
}
