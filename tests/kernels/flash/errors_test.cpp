// Every error the original raises, with its type, its phase and the site that raises it.
#include "tests/kernels/flash/flash_test_support.hpp"

#include "kernels/flash/backward_launch.hpp"
#include "kernels/flash/flash_error.hpp"

using namespace tilewalk::flash;
using tilewalk::flash::testing::RunAndCompare;
using tilewalk::tpu::ErrorType;
using tilewalk::tpu::GetSite;
using tilewalk::tpu::Phase;

namespace {

Scenario Base() {
  Scenario s;
  s.q_len = s.kv_len = 256;
  return s;
}

struct Expect {
  ErrorType type;
  Phase phase;
  std::string message;
  std::string site;
  std::string launch;
};

void CheckError(const Scenario& s, const Expect& want) {
  const auto run = RunAndCompare(s, /*record=*/true);
  REQUIRE(run.step.error);
  const auto& e = *run.step.error;
  CHECK(e.type == want.type);
  CHECK(e.phase == want.phase);
  CHECK(e.message == want.message);
  CHECK(GetSite(e.site).name == want.site);
  CHECK(run.step.error_launch == want.launch);
  CHECK(run.step.launches.empty());  // nothing executed
}

}  // namespace

TEST_CASE("BlockSizes: a minor block must fit in and divide its major block") {
  Scenario s = Base();
  s.block_sizes.block_k = 256;
  CheckError(
      s, {ErrorType::ValueError, Phase::ArgumentCheck, "block_k=256 should be smaller than block_k_major=128",
          "block_sizes.minor_exceeds_major", ""});
  s = Base();
  s.block_sizes.block_k_major = 256;
  s.block_sizes.block_k = 96;
  CheckError(s, {ErrorType::ValueError, Phase::ArgumentCheck, "block_k=96 should divide block_k_major=256",
                 "block_sizes.minor_divides_major", ""});
  s = Base();
  s.block_sizes.block_q_dkv = 256;
  CheckError(s, {ErrorType::ValueError, Phase::ArgumentCheck,
                 "block_q_dkv=256 should be smaller than block_q_major_dkv=128",
                 "block_sizes.minor_exceeds_major", ""});
  s = Base();
  s.block_sizes.block_k_dq = 256;
  CheckError(s, {ErrorType::ValueError, Phase::ArgumentCheck,
                 "block_k_dq=256 should be smaller than block_k_major_dq=128",
                 "block_sizes.minor_exceeds_major", ""});
}

TEST_CASE("a scenario with fewer k and v heads than q heads is refused by the entry, as in the original") {
  Scenario s = Base();
  s.heads = 4;
  s.kv_heads = 1;  // multi-query attention: one k and v head shared by every q head
  CheckError(s, {ErrorType::ValueError, Phase::ArgumentCheck,
                 "Head count mismatch: got 4, 1, 1 (for q, k, v respectively)", "entry.heads", ""});
  s.kv_heads = 4;  // as many as q: accepted
  CHECK_FALSE(RunAndCompare(s, /*record=*/false).step.error);
}

TEST_CASE("the public entry's shape checks") {
  ScenarioInputs data = MakeInputs(Base());
  auto check = [&](AttentionInputs in, ErrorType type, const std::string& message) {
    TrainingStep step(in, data.d_o, AttentionConfig{}, StepOptions{});
    REQUIRE(step.error());
    CHECK(step.error()->type == type);
    CHECK(step.error()->phase == Phase::ArgumentCheck);
    CHECK(step.error()->message == message);
    CHECK(GetSite(step.error()->site).name.starts_with("entry."));  // the public entry's checks
  };
  using tilewalk::tpu::Array;
  using tilewalk::tpu::DType;
  using tilewalk::tpu::Shape;
  AttentionInputs in = data.inputs;
  in.k = Array(Shape{2, 1, 256, 128}, DType::F32);
  check(in, ErrorType::ValueError, "Batch size mismatch: got 1, 2 and 1 (for q, k, v respectively)");
  in = data.inputs;
  in.v = Array(Shape{1, 3, 256, 128}, DType::F32);
  check(in, ErrorType::ValueError, "Head count mismatch: got 1, 1, 3 (for q, k, v respectively)");
  in = data.inputs;
  in.k = Array(Shape{1, 1, 256, 64}, DType::F32);
  check(in, ErrorType::ValueError, "Model dimension mismatch: got 128 and 64 (for q and k respectively)");
  in = data.inputs;
  in.v = Array(Shape{1, 1, 256, 64}, DType::F32);
  check(in, ErrorType::NotImplementedError, "V model dimension unequal to KV model dimension unsupported");
  in = data.inputs;
  in.v = Array(Shape{1, 1, 128, 128}, DType::F32);
  check(in, ErrorType::ValueError, "KV sequence length mismatch: got 256 and 128");
  in = data.inputs;
  in.ab = Array(Shape{1, 1, 256, 128}, DType::F32);
  check(in, ErrorType::ValueError,
        "Attention bias shape mismatch: expected (batch_size=1, num_heads=1, q_seq_len=256, kv_seq_len=256), "
        "got "
        "(1, 1, 256, 128)");
  in = data.inputs;
  in.q_segment_ids = Array(Shape{1, 128}, DType::I32);
  in.kv_segment_ids = Array(Shape{1, 256}, DType::I32);
  check(in, ErrorType::ValueError,
        "Q segment ids shape mismatch: expected (batch_size=1, q_seq_len=256,), got (1, 128)");
}

TEST_CASE("the forward launch's block checks") {
  Scenario s = Base();
  s.block_sizes.block_q = 512;
  CheckError(s,
             {ErrorType::ValueError, Phase::ArgumentCheck,
              "block_q=512 should be smaller or equal to q_seq_len=256", "fwd_impl.verify_block_q", "fwd"});
  s = Base();
  s.kv_len = 384;
  s.block_sizes.block_k_major = s.block_sizes.block_k = 256;
  CheckError(
      s, {ErrorType::ValueError, Phase::ArgumentCheck,
          "kv_seq_len=384 should be divisible by block_k_major=256", "fwd_impl.verify_block_k_major", "fwd"});
  s = Base();
  s.block_sizes.block_b = 2;
  CheckError(s, {ErrorType::ValueError, Phase::ArgumentCheck,
                 "block_b=2 should be smaller or equal to batch=1", "fwd_impl.verify_block_b", "fwd"});
}

TEST_CASE("a block size of 0 raises ZeroDivisionError where Python divides by it") {
  // BlockSizes.__post_init__: `block_k_major % block_k`.
  Scenario s = Base();
  s.block_sizes.block_k = 0;
  CheckError(s, {ErrorType::ZeroDivisionError, Phase::ArgumentCheck, "integer modulo by zero",
                 "block_sizes.minor_divides_major", ""});
  // block_q and block_b need not divide, so _verify_block lets 0 through; pl.cdiv's `//` fails.
  for (const bool batch : {false, true}) {
    s = Base();
    (batch ? s.block_sizes.block_b : s.block_sizes.block_q) = 0;
    CheckError(s, {ErrorType::ZeroDivisionError, Phase::ArgumentCheck, "integer division or modulo by zero",
                   "fwd_impl.grid", "fwd"});
  }
  // _verify_block's `q_seq_len % block_q_major` in the dQ launch (no minor block to check it first).
  s = Base();
  s.block_sizes.block_q_dq = 0;
  CheckError(s, {ErrorType::ZeroDivisionError, Phase::ArgumentCheck, "integer modulo by zero",
                 "dq_impl.verify_block_q", "dq"});
  // A negative block is refused by the mirror itself, as a ValueError (the original builds on).
  s = Base();
  s.block_sizes.block_q = -128;
  CheckError(s, {ErrorType::ValueError, Phase::ArgumentCheck,
                 "q_seq_len=256 should be divisible by block_q=-128", "fwd_impl.verify_block_q", "fwd"});
}

TEST_CASE("block_k = 64 passes every argument check and fails while the forward body is traced") {
  Scenario s = Base();
  s.block_sizes.block_k = 64;
  CheckError(s, {ErrorType::NotImplementedError, Phase::Tracing, "block_k=64 should be a multiple of 128",
                 "fwd.run.block_k_rule", "fwd"});
  // With segment ids the lane rule is met first.
  s.segments = 2;
  CheckError(s, {ErrorType::NotImplementedError, Phase::Tracing, "kv block size must be a multiple of 128",
                 "fwd.run.segment_lane_rule", "fwd"});
}

TEST_CASE("head_dim above 128 must be a multiple of 128") {
  Scenario s = Base();
  s.head_dim = 192;
  CheckError(s, {ErrorType::NotImplementedError, Phase::Tracing,
                 "head_dim=192 should be a multiple of 128 if larger", "fwd.run.head_dim_rule", "fwd"});
}

TEST_CASE("the backward pass needs every backward block") {
  Scenario s = Base();
  s.block_sizes.block_k_dq.reset();
  CheckError(s, {ErrorType::ValueError, Phase::ArgumentCheck,
                 "Program is being differentiated, but not all backward blocks are specified",
                 "bwd.backward_blocks", ""});
  s.forward_only = true;  // not differentiated: fine
  CHECK_FALSE(RunAndCompare(s).step.error);
}

TEST_CASE("the backward launches' block checks") {
  Scenario s = Base();
  s.kv_len = 384;
  s.block_sizes.block_k_major = s.block_sizes.block_k = 384;
  s.block_sizes.block_k_major_dkv = s.block_sizes.block_k_dkv = 256;
  CheckError(s, {ErrorType::ValueError, Phase::ArgumentCheck,
                 "kv_seq_len=384 should be divisible by block_k_major_dkv=256",
                 "dkv_impl.verify_block_k_major", "dkv"});
  s = Base();
  s.block_sizes.block_q_dq = 512;
  CheckError(s,
             {ErrorType::ValueError, Phase::ArgumentCheck,
              "block_q_dq=512 should be smaller or equal to q_seq_len=256", "dq_impl.verify_block_q", "dq"});
}

TEST_CASE("the dq minor-block message names its dimension block_k, not kv_seq_len") {
  // Unreachable through the public entry (BlockSizes and the major check already imply it), so build the
  // dQ launch directly with a minor block that does not divide kv_seq_len.
  Scenario s = Base();
  s.kv_len = 512;
  ScenarioInputs data = MakeInputs(s);
  AttentionConfig config = s.Config();
  config.block_sizes.block_k_major_dq = 256;
  config.block_sizes.block_k_dq = 384;
  const tilewalk::tpu::Array lanes(tilewalk::tpu::Shape{1, 1, 256, 128}, tilewalk::tpu::DType::F32);
  DiLanes di_lanes(tilewalk::tpu::Shape{1, 1, 256});
  try {
    BuildDqLaunch(data.inputs, config, BackwardResiduals{&lanes, &lanes, &data.d_o, &di_lanes});
    FAIL("expected a ValueError");
  } catch (const tilewalk::tpu::KernelException& e) {
    CHECK(e.error.message == "block_k=512 should be divisible by block_k_dq=384");
  }
}

TEST_CASE("minor kv blocks of 64 or 192 fail in the backward bodies with lax.sub TypeError while tracing") {
  Scenario s = Base();
  s.block_sizes.block_k_dkv = 64;
  CheckError(s, {ErrorType::TypeError, Phase::Tracing,
                 "sub got incompatible shapes for broadcasting: (128, 64), (128, 0).", "dkv.run.p", "dkv"});
  s = Base();
  s.kv_len = 384;
  s.block_sizes.block_k_major = s.block_sizes.block_k = 384;
  s.block_sizes.block_k_major_dkv = 384;
  s.block_sizes.block_k_major_dq = 384;
  s.block_sizes.block_k_dq = 192;
  CheckError(s, {ErrorType::TypeError, Phase::Tracing,
                 "sub got incompatible shapes for broadcasting: (128, 192), (128, 128).", "dq.run.p", "dq"});
  // With segment ids the dK/dV body raises its lane rule first, with no message at all.
  s = Base();
  s.segments = 2;
  s.block_sizes.block_k_dkv = 64;
  CheckError(s, {ErrorType::NotImplementedError, Phase::Tracing, "", "dkv.run.segment_lane_rule", "dkv"});
}

TEST_CASE("a 64-long kv in one block works forward and fails backward") {
  Scenario s = Base();
  s.kv_len = 64;
  s.block_sizes.block_k_major = s.block_sizes.block_k = 64;
  s.block_sizes.block_k_major_dkv = s.block_sizes.block_k_dkv = 64;
  s.block_sizes.block_k_major_dq = s.block_sizes.block_k_dq = 64;
  CheckError(s, {ErrorType::TypeError, Phase::Tracing,
                 "sub got incompatible shapes for broadcasting: (128, 64), (128, 0).", "dkv.run.p", "dkv"});
}
