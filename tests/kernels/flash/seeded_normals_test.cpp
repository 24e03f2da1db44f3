// MakeInputs's normal arrays are bit for bit what they were when each element took one call of
// std::normal_distribution<float> (normals_before.hpp): every preset at its own size in both dtypes, with
// and without a bias; odd sizes, where an array ends on the first value of a pair and the next array starts
// a fresh one; and seeds from 0 to the largest.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <iomanip>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "kernels/flash/scenario.hpp"
#include "kernels/flash/scenario_options.hpp"
#include "kernels/flash/scenario_presets.hpp"
#include "tests/kernels/flash/normals_before.hpp"

using namespace tilewalk;

namespace seeded_normals_test {

flash::Scenario Parse(const std::vector<std::string>& words) {
  const auto s = flash::ParseScenario(words);
  if (!s.ok()) FAIL(s.error().message);
  return *s;
}

// Enough digits to tell floats a unit in the last place apart.
std::string Digits(float value) {
  std::ostringstream out;
  out << std::setprecision(9) << value;
  return out.str();
}

// On a difference, the array and its first element that differs, with both values.
void CheckAsBefore(const flash::Scenario& s, const std::string& label) {
  const std::vector<tpu::Array> before = flash::normals_before::Arrays(s);
  const flash::ScenarioInputs made = flash::MakeInputs(s);
  const std::vector<const tpu::Array*> now = flash::normals_before::Arrays(made);
  REQUIRE(now.size() == before.size());
  const std::vector<std::string> names = s.bias ? std::vector<std::string>{"q", "k", "v", "ab", "do"}
                                                : std::vector<std::string>{"q", "k", "v", "do"};
  for (std::size_t a = 0; a < now.size(); ++a) {
    if (now[a]->BitwiseEqual(before[a])) continue;
    REQUIRE_MESSAGE(now[a]->bytes() == before[a].bytes(), label << ": " << names[a] << " has another size");
    const std::size_t item = tpu::ItemSize(s.dtype);
    int64_t first = 0;
    while (std::memcmp(now[a]->RawData() + first * item, before[a].RawData() + first * item, item) == 0)
      ++first;
    FAIL_CHECK(label << ": " << names[a] << " differs first at element " << first << " of "
                     << before[a].size() << ": " << Digits(now[a]->GetFloat(first)) << " where it was "
                     << Digits(before[a].GetFloat(first)));
  }
}

std::string Label(const flash::Scenario& s, const std::string& name) {
  return name + " in " + std::string(tpu::DTypeName(s.dtype)) +
         (s.bias ? " with a bias" : " without a bias") + ", seed " + std::to_string(s.seed);
}

}  // namespace seeded_normals_test

TEST_CASE("every preset's inputs are as before, at its own size, in both dtypes") {
  const std::vector<std::string> presets = flash::ScenarioPresetNames();
  REQUIRE(presets.size() >= 19);
  for (const std::string& name : presets)
    for (const char* dtype : {"float32", "bfloat16"}) {
      const flash::Scenario s = seeded_normals_test::Parse({"--scenario", name, "--dtype", dtype});
      seeded_normals_test::CheckAsBefore(s, seeded_normals_test::Label(s, name));
    }
}

TEST_CASE("every preset's inputs are as before with its bias switched, lengths at most 512") {
  // bench-step's 2048² bias alone would be 16M values in each dtype.
  for (const std::string& name : flash::ScenarioPresetNames())
    for (const char* dtype : {"float32", "bfloat16"}) {
      flash::Scenario s = seeded_normals_test::Parse({"--scenario", name, "--dtype", dtype});
      s.bias = !s.bias;
      s.q_len = std::min(s.q_len, 512);
      s.kv_len = std::min(s.kv_len, 512);
      seeded_normals_test::CheckAsBefore(s, seeded_normals_test::Label(s, name));
    }
}

TEST_CASE("odd sizes drop the left-over value of a pair at the end of each array, as before") {
  // Arrays of 1 element up, odd and even mixed in one scenario, so that an array ends anywhere in the
  // pairs of one twist of the engine and on either value of a pair.
  for (const int q_len : {1, 2, 3, 37, 129})
    for (const int kv_len : {1, 5, 64})
      for (const int head_dim : {1, 3, 8})
        for (const bool bias : {false, true}) {
          flash::Scenario s = seeded_normals_test::Parse(
              {"--heads", "3", "--q-len", std::to_string(q_len), "--kv-len", std::to_string(kv_len),
               "--head-dim", std::to_string(head_dim), "--seed", std::to_string(q_len * 100 + kv_len)});
          s.bias = bias;
          for (const tpu::DType dtype : {tpu::DType::F32, tpu::DType::BF16}) {
            s.dtype = dtype;
            seeded_normals_test::CheckAsBefore(
                s, seeded_normals_test::Label(s, "q_len " + std::to_string(q_len) + ", kv_len " +
                                                     std::to_string(kv_len) + ", head_dim " +
                                                     std::to_string(head_dim)));
          }
        }
}

TEST_CASE("seeds from 0 to the largest draw as before") {
  flash::Scenario s = seeded_normals_test::Parse(
      {"--heads", "3", "--q-len", "37", "--kv-len", "21", "--head-dim", "5", "--bias"});
  for (const uint64_t seed :
       {uint64_t{0}, uint64_t{1}, uint64_t{5489}, uint64_t{1} << 63, std::numeric_limits<uint64_t>::max()}) {
    s.seed = seed;
    seeded_normals_test::CheckAsBefore(s, seeded_normals_test::Label(s, "a small scenario"));
  }
}
