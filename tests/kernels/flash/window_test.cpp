// --window: a sliding window carried by the bias, as projects give one to flash. The bias holds 0 (or the
// --bias values) at keys i − window through i of row i and the mask value elsewhere, the other inputs stay
// as they were, and the step agrees with the dense reference, causal or not.
#include <cmath>

#include "kernels/flash/constants.hpp"
#include "kernels/flash/scenario_options.hpp"
#include "tests/kernels/flash/flash_test_support.hpp"

using namespace tilewalk::flash;
using tilewalk::flash::testing::RequireAgreement;

namespace {
Scenario WindowScenario(int window) {
  Scenario s;
  s.q_len = 256;
  s.kv_len = 256;
  s.heads = 2;
  s.precision = tilewalk::tpu::Precision::Highest;
  s.window = window;
  return s;
}

bool InWindow(int64_t row, int64_t col, int window) {
  return col >= row - window && col <= row;
}
}  // namespace

TEST_CASE("window: the bias is 0 inside the window and the mask value outside, in every head") {
  const Scenario s = WindowScenario(40);
  CHECK(s.HasBias());
  const ScenarioInputs data = MakeInputs(s);
  REQUIRE(data.inputs.ab);
  const tilewalk::tpu::Array& ab = *data.inputs.ab;
  REQUIRE(ab.shape() == tilewalk::tpu::Shape{1, 2, 256, 256});
  int inside = 0;
  for (int64_t h = 0; h < 2; ++h)
    for (int64_t i = 0; i < 256; ++i)
      for (int64_t j = 0; j < 256; ++j) {
        const float v = ab.GetFloat((h * 256 + i) * 256 + j);
        if (InWindow(i, j, 40)) {
          ++inside;
          REQUIRE(v == 0.0f);
        } else {
          REQUIRE(v == kMaskValue);
        }
      }
  CHECK(inside == 2 * (41 * 256 - 40 * 41 / 2));  // 41 keys a row, fewer in the first 40 rows
}

TEST_CASE("window: with --bias the window keeps the bias's values inside it, and q, k, v stay as they were") {
  Scenario biased = WindowScenario(0);
  biased.bias = true;
  Scenario windowed = biased;
  windowed.window = 16;
  const ScenarioInputs plain = MakeInputs(biased), masked = MakeInputs(windowed);
  CHECK(plain.inputs.q.BitwiseEqual(masked.inputs.q));
  CHECK(plain.inputs.v.BitwiseEqual(masked.inputs.v));
  CHECK(plain.d_o.BitwiseEqual(masked.d_o));
  for (int64_t i : {0, 17, 255})
    for (int64_t j : {0, 1, 16, 200, 255}) {
      const int64_t at = i * 256 + j;
      CHECK(masked.inputs.ab->GetFloat(at) ==
            (InWindow(i, j, 16) ? plain.inputs.ab->GetFloat(at) : kMaskValue));
    }
  const Scenario none = WindowScenario(0);
  CHECK_FALSE(none.HasBias());
  CHECK_FALSE(MakeInputs(none).inputs.ab);
}

TEST_CASE("window: a windowed step agrees with the dense reference, causal or not") {
  for (bool causal : {false, true}) {
    Scenario s = WindowScenario(100);
    s.causal = causal;
    CAPTURE(causal);
    RequireAgreement(s);
  }
}

TEST_CASE("window: the flag, its text when unset, and its bounds") {
  const std::vector<std::string> words = {"--window", "64", "--q-len", "128", "--kv-len", "128"};
  const auto parsed = ParseScenario(words);
  REQUIRE(parsed);
  CHECK(parsed->window == 64);
  CHECK(CanonicalScenario(*parsed).find("--window 64") != std::string::npos);
  CHECK(CanonicalScenario(Scenario{}).find("--window") == std::string::npos);  // titles and keys unchanged
  Scenario wide = WindowScenario(257);
  const auto refused = CheckScenario(wide);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().message == "--window must be from 0 (none) to kv_len (256), got 257");
  wide.window = 256;
  CHECK(CheckScenario(wide));
}
