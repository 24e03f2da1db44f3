// Every error of a differentiated splash call's backward (backward_checks.hpp): type, phase, message and
// site, one test per error. They come after the forward's checks, which these calls pass.
#include "kernels/splash/backward_checks.hpp"

#include "tests/kernels/splash/splash_test_support.hpp"

using namespace tilewalk::splash;
using tilewalk::splash::testing::CheckCallError;
using tilewalk::splash::testing::CheckRaised;
using tilewalk::tpu::ErrorType;
using tilewalk::tpu::Phase;
using tilewalk::tpu::Shape;

namespace backward_checks_test {

// Four q heads over two kv heads, q 256 long, kv 512 long, with the given block sizes.
SplashCallShapes WithBlocks(const BlockSizes& fields) {
  return {.block_sizes = MakeBlockSizes(fields),
          .q = Shape{4, 256, 64},
          .k = Shape{2, 512, 64},
          .v = Shape{2, 512, 64}};
}

BlockSizes AllSet() {
  return {.block_q_dkv = 128, .block_kv_dkv = 128, .block_q_dq = 128, .block_kv_dq = 128};
}

void Bwd(const SplashCallShapes& call, ErrorType type, const std::string& message, const std::string& site,
         Phase phase = Phase::ArgumentCheck) {
  CheckCallError(call, SplashPass::Gradient, {type, phase, message, site});
}

}  // namespace backward_checks_test

using namespace backward_checks_test;

TEST_CASE("splash backward: sizes that fit pass, fused or not, and the forward alone asks nothing of them") {
  CHECK_FALSE(SplashCallError(WithBlocks(AllSet()), SplashPass::Gradient));
  BlockSizes fused{
      .block_q_dkv = 256, .block_kv_dkv = 512, .block_kv_dkv_compute = 256, .use_fused_bwd_kernel = true};
  CHECK_FALSE(SplashCallError(WithBlocks(fused), SplashPass::Gradient));
  SplashCallShapes segmented = WithBlocks(AllSet());
  segmented.segment_ids = SegmentIdShapes{Shape{256}, Shape{512}};
  CHECK_FALSE(SplashCallError(segmented, SplashPass::Gradient));
  CHECK_FALSE(SplashCallError(WithBlocks({}), SplashPass::Forward));
}

TEST_CASE("splash backward: ValueError when a backward block size is unset") {
  for (const BlockSizes& fields :
       {BlockSizes{}, BlockSizes{.block_q_dkv = 128, .block_kv_dkv = 128},
        BlockSizes{.block_q_dkv = 128, .block_kv_dkv = 128, .block_q_dq = 128},
        BlockSizes{.block_kv_dkv = 128, .block_kv_dkv_compute = 128, .use_fused_bwd_kernel = true}})
    Bwd(WithBlocks(fields), ErrorType::ValueError, "Need to specify backward blocks.",
        "splash.bwd.backward_blocks");
}

TEST_CASE("splash backward: ValueError when block_q_dkv exceeds q_seq_len") {
  BlockSizes b = AllSet();
  b.block_q_dkv = 512;
  Bwd(WithBlocks(b), ErrorType::ValueError, "bq=512 should not be greater than q_seq_len=256",
      "splash.dkv.block_q_fits");
}

TEST_CASE("splash backward: ValueError when block_kv_dkv exceeds kv_seq_len") {
  BlockSizes b = AllSet();
  b.block_kv_dkv = 1024;
  Bwd(WithBlocks(b), ErrorType::ValueError, "bkv=1024 should not be greater than kv_seq_len=512",
      "splash.dkv.block_kv_fits");
}

TEST_CASE("splash backward: ValueError when block_kv_dkv_compute exceeds block_kv_dkv") {
  BlockSizes b = AllSet();
  b.block_kv_dkv_compute = 256;
  Bwd(WithBlocks(b), ErrorType::ValueError, "bkv_compute=256 should not be greater than bkv=128",
      "splash.dkv.compute_fits");
}

TEST_CASE(
    "splash backward: ValueError when block_kv_dkv_compute does not divide block_kv_dkv, ZeroDivisionError "
    "for 0") {
  BlockSizes b = AllSet();
  b.block_kv_dkv = 384;
  b.block_kv_dkv_compute = 256;
  Bwd(WithBlocks(b), ErrorType::ValueError, "bkv=384 should be a multiple of bkv_compute=256",
      "splash.dkv.compute_divides");
  b.block_kv_dkv_compute = 0;
  Bwd(WithBlocks(b), ErrorType::ZeroDivisionError, "integer modulo by zero", "splash.dkv.compute_divides");
}

TEST_CASE("splash backward: the dkv and dq head and k/v checks, reached only past the forward's") {
  // The forward makes the same checks first, so a call reaches these only by CheckBackward itself.
  SplashCallShapes c = WithBlocks(AllSet());
  c.k = c.v = Shape{3, 512, 64};
  CheckRaised(
      CatchSplashError([&] { CheckBackward(c); }),
      {ErrorType::ValueError, Phase::ArgumentCheck,
       "In MHA, expected number of 'key' heads (3) to be a multiple of the number of 'query' heads (4)",
       "splash.dkv.heads_divide"});
  c = WithBlocks(AllSet());
  c.v = Shape{2, 256, 64};
  CheckRaised(CatchSplashError([&] { CheckBackward(c); }),
              {ErrorType::ValueError, Phase::ArgumentCheck,
               "Expected 'key' (2, 512, 64) and 'value' (2, 256, 64) to have the same leading dimensions.",
               "splash.dkv.kv_leading_dims"});
}

TEST_CASE(
    "splash backward: NotImplementedError while tracing dkv when segment ids meet a block_q_dkv off 128") {
  BlockSizes b = AllSet();
  b.block_q_dkv = 64;
  SplashCallShapes c = WithBlocks(b);
  CHECK_FALSE(SplashCallError(c, SplashPass::Gradient));  // without segment ids, 64 is fine
  c.segment_ids = SegmentIdShapes{Shape{256}, Shape{512}};
  Bwd(c, ErrorType::NotImplementedError, "block_q must be a multiple of 128", "splash.dkv.segment_ids_lanes",
      Phase::Tracing);
}

TEST_CASE("splash backward: ValueError when block_q_dq exceeds q_seq_len, not with the fused backward") {
  BlockSizes b = AllSet();
  b.block_q_dq = 512;
  Bwd(WithBlocks(b), ErrorType::ValueError, "bq=512 should not be greater than q_seq_len=256",
      "splash.dq.block_q_fits");
}

TEST_CASE("splash backward: ValueError when block_kv_dq exceeds kv_seq_len") {
  BlockSizes b = AllSet();
  b.block_kv_dq = 1024;
  Bwd(WithBlocks(b), ErrorType::ValueError, "bkv=1024 should not be greater than kv_seq_len=512",
      "splash.dq.block_kv_fits");
}

TEST_CASE("splash backward: ValueError when block_kv_dq is not a multiple of 128") {
  BlockSizes b = AllSet();
  b.block_kv_dq = 64;
  Bwd(WithBlocks(b), ErrorType::ValueError, "bkv=64 must be a multiple of 128.", "splash.dq.block_kv_lanes");
  // dkv's checks run first: a dkv error wins over a dq one.
  b.block_q_dkv = 512;
  Bwd(WithBlocks(b), ErrorType::ValueError, "bq=512 should not be greater than q_seq_len=256",
      "splash.dkv.block_q_fits");
}
