// The errors of the splash forward launch, by phase: the entry checks it makes first, the tiling rule when
// it lowers, and index maps that the tables lead astray when it runs.
#include <memory>
#include <optional>
#include <string>

#include <doctest/doctest.h>

#include "tests/kernels/splash/forward_test_support.hpp"
#include "tests/kernels/splash/splash_test_support.hpp"

using namespace tilewalk::splash;
using namespace tilewalk::splash::testing;
using tilewalk::tpu::DType;
using tilewalk::tpu::ErrorType;
using tilewalk::tpu::Phase;

namespace splash_forward_errors_test {

// Builds the forward launch of `mask` for q, k and v of the given lengths (which may differ from the mask's),
// and runs it; an error of the build comes back as the result's error.
std::optional<tilewalk::tpu::KernelError> ForwardError(const Mask& mask, int64_t q_len, int64_t kv_len,
                                                       const BlockSizes& fields) {
  const int64_t heads = mask.shape()[0];
  const tilewalk::tpu::Array q = SeededArray({heads, q_len, 128}, DType::F32, 5, 0.3f);
  const tilewalk::tpu::Array k = SeededArray({heads, kv_len, 128}, DType::F32, 6, 0.3f);
  const tilewalk::tpu::Array v = SeededArray({heads, kv_len, 128}, DType::F32, 7, 1.0f);
  std::unique_ptr<SplashForwardLaunch> launch;
  if (auto e = CatchSplashError([&] {
        const BlockSizes bs = MakeBlockSizes(fields);
        const MaskInfo info = MakeSplashMaskInfos(mask, {.block_sizes = bs}).fwd;
        launch = BuildSplashForwardLaunch(info, {.q = &q, .k = &k, .v = &v}, {.block_sizes = bs});
      }))
    return e;
  return tilewalk::tpu::RunLaunch(launch->spec, {}).error;
}

}  // namespace splash_forward_errors_test

using namespace splash_forward_errors_test;

TEST_CASE("splash forward errors: the launch makes the entry checks first") {
  CheckRaised(
      ForwardError(Causal(1, 256, 256), 256, 256, {.block_q = 128, .block_kv = 128, .block_kv_compute = 64}),
      {ErrorType::ValueError, Phase::ArgumentCheck, "bkv_compute=64 must be a multiple of 128.",
       "splash.fwd.kv_compute_lanes"});
}

TEST_CASE("splash forward errors: a q block of 4 rows breaks the tiling rule when the launch lowers") {
  // MaskInfo takes block_q = 4 (it divides 8), and so do the entry checks; the q block (1, 4, 128) does not.
  const auto e = ForwardError(Causal(1, 8, 128), 8, 128, {.block_q = 4, .block_kv = 128});
  REQUIRE(e.has_value());
  CHECK(e->type == ErrorType::BlockShapeError);
  CHECK(e->phase == Phase::Lowering);
  CHECK(e->message.find("operand 'q'") != std::string::npos);
}

TEST_CASE("splash forward errors: q longer than the mask leads the index maps outside the tables") {
  // Nothing in the original compares q's length with the mask's: the grid gets 4 q blocks, the tables 2.
  const auto e = ForwardError(Causal(1, 256, 256), 512, 256, {.block_q = 128, .block_kv = 128});
  REQUIRE(e.has_value());
  CHECK(e->type == ErrorType::IndexMapError);
  CHECK(e->phase == Phase::Execution);
  CHECK(e->message.find("out of bounds") != std::string::npos);
}
