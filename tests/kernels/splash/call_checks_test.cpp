// Every error of a splash call's forward entry (call_checks.hpp): type, phase, message and site, one test
// per error, and the order of two that fail together. Messages are the pinned file's, worked out by hand
// from its f-strings.
#include "kernels/splash/call_checks.hpp"

#include "tests/kernels/splash/splash_test_support.hpp"

using namespace tilewalk::splash;
using tilewalk::splash::testing::CheckCallError;
using tilewalk::tpu::ErrorType;
using tilewalk::tpu::Phase;
using tilewalk::tpu::Shape;

namespace call_checks_test {

// Eight q heads grouped over two kv heads, 256 long, head dim 64.
SplashCallShapes Grouped() {
  return {.q = Shape{8, 256, 64}, .k = Shape{2, 256, 64}, .v = Shape{2, 256, 64}};
}

SplashCallShapes Mqa() {
  return {.is_mqa = true, .q = Shape{8, 256, 64}, .k = Shape{256, 64}, .v = Shape{256, 64}};
}

void Fwd(const SplashCallShapes& call, ErrorType type, const std::string& message, const std::string& site) {
  CheckCallError(call, SplashPass::Forward, {type, Phase::ArgumentCheck, message, site});
}

}  // namespace call_checks_test

using namespace call_checks_test;

TEST_CASE("splash call: MHA, grouped, MQA, segment ids and sinks that fit pass") {
  CHECK_FALSE(SplashCallError(Grouped(), SplashPass::Gradient));
  CHECK_FALSE(SplashCallError(Mqa(), SplashPass::Gradient));
  SplashCallShapes c = Grouped();
  c.segment_ids = SegmentIdShapes{Shape{256}, Shape{256}};
  c.sinks = Shape{8};
  c.v = Shape{2, 256, 32};  // v's head dim is free
  c.save_residuals = true;  // fine as long as the call is not differentiated
  CHECK_FALSE(SplashCallError(c, SplashPass::Forward));
  // Not checked by the original: a block_q that does not divide q_seq_len (MaskInfo checks it against the
  // mask), a q longer than the kv.
  c.q = Shape{8, 384, 64};
  c.segment_ids->q = Shape{384};
  c.block_sizes = MakeBlockSizes({.block_q = 256, .block_kv = 128});
  CHECK_FALSE(SplashCallError(c, SplashPass::Forward));
}

TEST_CASE("splash call: ValueError when q is not 3-d, Python's unpacking message") {
  SplashCallShapes c = Grouped();
  c.q = Shape{256, 64};
  Fwd(c, ErrorType::ValueError, "not enough values to unpack (expected 3, got 2)", "splash.fwd.q_rank");
  c.q = Shape{1, 8, 256, 64};
  Fwd(c, ErrorType::ValueError, "too many values to unpack (expected 3)", "splash.fwd.q_rank");
}

TEST_CASE("splash call: IndexError when v, or k in MHA, has rank 0") {
  SplashCallShapes c = Grouped();
  c.v = Shape{};
  Fwd(c, ErrorType::IndexError, "tuple index out of range: v has rank 0", "splash.fwd.v_rank");
  c = Grouped();
  c.k = Shape{};
  Fwd(c, ErrorType::IndexError, "tuple index out of range: k has rank 0", "splash.fwd.k_rank_zero");
  // MQA reads no k axis there: its rank check speaks instead.
  c = Mqa();
  c.k = Shape{};
  Fwd(c, ErrorType::ValueError, "Expected 2-dim 'key' tensor for MQA. Instead got a 0-dim one.",
      "splash.fwd.k_rank");
}

TEST_CASE("splash call: ValueError when partial_mask_blocks are not bool") {
  SplashCallShapes c = Grouped();
  c.partial_mask_blocks_dtype = tilewalk::tpu::DType::Bool;
  CHECK_FALSE(SplashCallError(c, SplashPass::Forward));
  c.partial_mask_blocks_dtype = tilewalk::tpu::DType::I32;
  c.k = Shape{2, 256, 32};  // also wrong, but checked after
  Fwd(c, ErrorType::ValueError, "partial_mask_blocks must be of type np.bool_ but got int32",
      "splash.fwd.partial_mask_blocks_dtype");
}

TEST_CASE("splash call: ValueError for a key of the wrong rank, with the MQA wording for both") {
  SplashCallShapes c = Grouped();
  c.k = Shape{256, 64};
  Fwd(c, ErrorType::ValueError, "Expected 3-dim 'key' tensor for MQA. Instead got a 2-dim one.",
      "splash.fwd.k_rank");
  c = Mqa();
  c.k = Shape{1, 256, 64};
  Fwd(c, ErrorType::ValueError, "Expected 2-dim 'key' tensor for MQA. Instead got a 3-dim one.",
      "splash.fwd.k_rank");
}

TEST_CASE("splash call: ValueError when the key's head dim differs from the query's") {
  SplashCallShapes c = Grouped();
  c.k = Shape{2, 256, 128};
  Fwd(c, ErrorType::ValueError, "Expected 'key' head dimension to be: 64. Instead got: 128.",
      "splash.fwd.k_head_dim");
  c = Mqa();
  c.k = Shape{256, 32};
  Fwd(c, ErrorType::ValueError, "Expected 'key' head dimension to be: 64. Instead got: 32.",
      "splash.fwd.k_head_dim");
}

TEST_CASE("splash call: ValueError when the kv heads do not divide the q heads, ZeroDivisionError for none") {
  SplashCallShapes c = Grouped();
  c.k = c.v = Shape{3, 256, 64};
  Fwd(c, ErrorType::ValueError,
      "In MHA, expected number of 'key' heads (3) to be a multiple of the number of 'query' heads (8)",
      "splash.fwd.heads_divide");
  c.k = c.v = Shape{0, 256, 64};
  Fwd(c, ErrorType::ZeroDivisionError, "integer modulo by zero", "splash.fwd.heads_divide");
  c.k = c.v = Shape{16, 256, 64};  // more kv heads than q heads: 8 % 16 is 8
  Fwd(c, ErrorType::ValueError,
      "In MHA, expected number of 'key' heads (16) to be a multiple of the number of 'query' heads (8)",
      "splash.fwd.heads_divide");
}

TEST_CASE("splash call: ValueError when key and value differ before their last dimension") {
  SplashCallShapes c = Grouped();
  c.v = Shape{2, 128, 64};
  Fwd(c, ErrorType::ValueError,
      "Expected 'key' (2, 256, 64) and 'value' (2, 128, 64) to have the same leading dimensions.",
      "splash.fwd.kv_leading_dims");
  c = Mqa();
  c.v = Shape{1, 256, 64};
  Fwd(c, ErrorType::ValueError,
      "Expected 'key' (256, 64) and 'value' (1, 256, 64) to have the same leading dimensions.",
      "splash.fwd.kv_leading_dims");
}

TEST_CASE(
    "splash call: ValueError when block_kv is not a multiple of block_kv_compute, ZeroDivisionError for 0") {
  SplashCallShapes c = Grouped();
  c.block_sizes = MakeBlockSizes({.block_q = 128, .block_kv = 384, .block_kv_compute = 256});
  Fwd(c, ErrorType::ValueError, "bkv=384 must be a multiple of bkv_compute=256.",
      "splash.fwd.kv_compute_divides");
  c.block_sizes.block_kv_compute = 0;
  Fwd(c, ErrorType::ZeroDivisionError, "integer modulo by zero", "splash.fwd.kv_compute_divides");
}

TEST_CASE("splash call: ValueError when block_kv_compute is not a multiple of 128") {
  SplashCallShapes c = Grouped();
  c.block_sizes = MakeBlockSizes({.block_q = 128, .block_kv = 128, .block_kv_compute = 64});
  Fwd(c, ErrorType::ValueError, "bkv_compute=64 must be a multiple of 128.", "splash.fwd.kv_compute_lanes");
  // The divisibility check comes first: 192 does not divide 256.
  c.block_sizes = MakeBlockSizes({.block_q = 128, .block_kv = 256, .block_kv_compute = 192});
  Fwd(c, ErrorType::ValueError, "bkv=256 must be a multiple of bkv_compute=192.",
      "splash.fwd.kv_compute_divides");
}

TEST_CASE("splash call: ValueError for q or kv segment ids of the wrong shape") {
  SplashCallShapes c = Grouped();
  c.k = c.v = Shape{2, 512, 64};
  c.segment_ids = SegmentIdShapes{Shape{512}, Shape{512}};
  Fwd(c, ErrorType::ValueError, "Invalid shape for q segment_ids: (512,). Expected: (256,)",
      "splash.fwd.q_segment_ids");
  c.segment_ids = SegmentIdShapes{Shape{256}, Shape{1, 512}};
  Fwd(c, ErrorType::ValueError, "Invalid shape for kv segment_ids: (1, 512). Expected: (512,)",
      "splash.fwd.kv_segment_ids");
  c = Mqa();
  c.segment_ids = SegmentIdShapes{Shape{256}, Shape{128}};
  Fwd(c, ErrorType::ValueError, "Invalid shape for kv segment_ids: (128,). Expected: (256,)",
      "splash.fwd.kv_segment_ids");
}

TEST_CASE("splash call: AssertionError for sinks that are not one per q head") {
  SplashCallShapes c = Grouped();
  c.sinks = Shape{2};  // one per kv head is not enough
  Fwd(c, ErrorType::AssertionError, "sinks of shape (2,), not (num_q_heads,) = (8,)",
      "splash.fwd.sinks_shape");
}

TEST_CASE("splash call: NotImplementedError for save_residuals in a differentiated call, before the rest") {
  SplashCallShapes c = Grouped();
  c.save_residuals = true;
  c.k = Shape{2, 256, 128};  // the forward would refuse this too, later
  CheckCallError(c, SplashPass::Gradient,
                 {ErrorType::NotImplementedError, Phase::ArgumentCheck, "Higher-order AD not supported",
                  "splash.fwd.higher_order_ad"});
}
