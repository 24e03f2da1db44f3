// RunSplashForward: the whole forward call from a mask and inputs, with its errors as values.
#include "kernels/splash/run_forward.hpp"

#include <doctest/doctest.h>

#include "tests/kernels/splash/forward_test_support.hpp"
#include "tests/kernels/splash/splash_test_support.hpp"

using namespace tilewalk::splash;
using namespace tilewalk::splash::testing;
using tilewalk::tpu::DType;
using tilewalk::tpu::ErrorType;
using tilewalk::tpu::Phase;

namespace run_forward_test {

struct RunForwardArrays {
  tilewalk::tpu::Array q, k, v;
};

RunForwardArrays SeededQkv(int64_t heads, int64_t q_len, int64_t kv_len) {
  return {SeededArray({heads, q_len, 128}, DType::F32, 1, 0.3f),
          SeededArray({heads, kv_len, 128}, DType::F32, 2, 0.3f),
          SeededArray({heads, kv_len, 128}, DType::F32, 3, 1.0f)};
}

}  // namespace run_forward_test

using namespace run_forward_test;

TEST_CASE("RunSplashForward: a causal call gives the launch's outputs, with the default block sizes") {
  const RunForwardArrays in = SeededQkv(2, 256, 256);
  const Mask mask = SameForEveryHead(2, CausalMask({256, 256}));
  const SplashForwardResult r =
      RunSplashForward({.mask = mask,
                        .inputs = {.q = &in.q, .k = &in.k, .v = &in.v},
                        .save_residuals = true,
                        .launch = {.precision = tilewalk::tpu::Precision::Highest}});
  REQUIRE_FALSE(r.error);
  REQUIRE(r.logsumexp.has_value());
  REQUIRE(r.launch.has_value());
  CHECK(r.launch->stats.steps_run == 2 * 3);  // the blocks on or below the diagonal of 2 x 2, per head
  // The same call through the launch directly.
  const ForwardScenario s{.mask = mask, .num_kv_heads = 2, .seed = 1};
  const auto direct = RunForward(s);
  REQUIRE_FALSE(direct->result.error);
  CHECK(r.out.BitwiseEqual(direct->launch->out));
  CHECK(r.logsumexp->BitwiseEqual(direct->launch->Logsumexp()));
  CHECK(CountMismatches(s, *direct, 2e-5) == 0);
}

TEST_CASE("RunSplashForward: the mask value reaches the launch") {
  // A mask value of -1 leaves masked pairs a real weight, exp(-1 - max): the output moves.
  const RunForwardArrays in = SeededQkv(1, 256, 256);
  const Mask mask = SameForEveryHead(1, CausalMask({256, 256}));
  const SplashForwardRequest request{.mask = mask, .inputs = {.q = &in.q, .k = &in.k, .v = &in.v}};
  SplashForwardRequest mild = request;
  mild.mask_value = -1.0f;
  const SplashForwardResult a = RunSplashForward(request), b = RunSplashForward(mild);
  REQUIRE_FALSE(a.error);
  REQUIRE_FALSE(b.error);
  CHECK_FALSE(a.out.BitwiseEqual(b.out));
}

TEST_CASE("RunSplashForward: without residuals there is no logsumexp") {
  const RunForwardArrays in = SeededQkv(1, 128, 128);
  const SplashForwardResult r = RunSplashForward(
      {.mask = SameForEveryHead(1, FullMask({128, 128})), .inputs = {.q = &in.q, .k = &in.k, .v = &in.v}});
  REQUIRE_FALSE(r.error);
  CHECK_FALSE(r.logsumexp.has_value());
  CHECK(r.out.shape() == tilewalk::tpu::Shape{1, 128, 128});
}

TEST_CASE("RunSplashForward: errors of each phase come back as values") {
  const RunForwardArrays in = SeededQkv(1, 256, 256);
  const SplashForwardInputs inputs{.q = &in.q, .k = &in.k, .v = &in.v};
  SUBCASE("making the kernel: a 2-d mask") {
    const SplashForwardResult r = RunSplashForward({.mask = CausalMask({256, 256}), .inputs = inputs});
    REQUIRE(r.error);
    CHECK(r.error->type == ErrorType::ValueError);
    CHECK(r.error->phase == Phase::ArgumentCheck);
    CHECK(tilewalk::tpu::GetSite(r.error->site).name == "splash.make.mask_rank");
    CHECK_FALSE(r.launch.has_value());
    CHECK(r.out.empty());
  }
  SUBCASE("the call's checks: k's head dim differs from q's") {
    const tilewalk::tpu::Array k64 = SeededArray({1, 256, 64}, DType::F32, 2, 0.3f);
    const SplashForwardResult r = RunSplashForward(
        {.mask = SameForEveryHead(1, CausalMask({256, 256})), .inputs = {.q = &in.q, .k = &k64, .v = &in.v}});
    REQUIRE(r.error);
    CHECK(tilewalk::tpu::GetSite(r.error->site).name == "splash.fwd.k_head_dim");
    CHECK_FALSE(r.launch.has_value());
  }
  SUBCASE("the launch: a mask shorter than q leads the index maps outside the tables") {
    const SplashForwardResult r =
        RunSplashForward({.mask = SameForEveryHead(1, CausalMask({128, 256})), .inputs = inputs});
    REQUIRE(r.error);
    CHECK(r.error->type == ErrorType::IndexMapError);
    CHECK(r.error->phase == Phase::Execution);
    REQUIRE(r.launch.has_value());
    CHECK(r.out.empty());
  }
}
