// bfloat16 rounding against values worked out by hand from the bit patterns, and against Eigen::bfloat16.
#include <doctest/doctest.h>

#include <Eigen/Core>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "kernels/tpu/array.hpp"
#include "kernels/tpu/dtype.hpp"

using namespace tilewalk::tpu;

namespace {
float FromBits(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}
}  // namespace

TEST_CASE("bf16 keeps values it can represent") {
  CHECK(RoundToBf16(1.0f) == 1.0f);
  CHECK(RoundToBf16(-2.5f) == -2.5f);
  CHECK(RoundToBf16(0.0f) == 0.0f);
  CHECK(std::isinf(RoundToBf16(std::numeric_limits<float>::infinity())));
  CHECK(std::isnan(RoundToBf16(std::numeric_limits<float>::quiet_NaN())));
}

TEST_CASE("bf16 rounds to nearest, ties to even") {
  // 1 + 2^-8 lies exactly halfway between 1 and 1 + 2^-7: ties go to the even mantissa, 1.0.
  CHECK(RoundToBf16(1.0f + 1.0f / 256) == 1.0f);
  // 1 + 3·2^-8 lies halfway between 1 + 2^-7 (odd) and 1 + 2^-6 (even): rounds up to 1 + 2^-6.
  CHECK(RoundToBf16(1.0f + 3.0f / 256) == 1.0f + 1.0f / 64);
  // Just above the halfway point rounds up.
  CHECK(RoundToBf16(FromBits(0x3F808001u)) == FromBits(0x3F810000u));
  // Just below it rounds down.
  CHECK(RoundToBf16(FromBits(0x3F807FFFu)) == FromBits(0x3F800000u));
  // 1/3 = 0x3EAAAAAB rounds to 0x3EAB0000 (mantissa 0xAAAB, lower half 0xAAAB > 0x8000).
  CHECK(RoundToBf16(1.0f / 3.0f) == FromBits(0x3EAB0000u));
  // The largest float rounds up past bf16's range to infinity.
  CHECK(std::isinf(RoundToBf16(std::numeric_limits<float>::max())));
}

TEST_CASE("bf16 rounding, one value or many, gives Eigen's bits") {
  // Every exponent, with mantissas around the rounding points, the specials and random patterns.
  std::vector<uint32_t> patterns = {0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00001u, 0x7F800001u,
                                    0xFFFFFFFFu, 0x00000001u, 0x807FFFFFu, 0x7F7FFFFFu, 0x00008000u};
  for (uint32_t e = 0; e < 256; ++e)
    for (uint32_t low : {0x0000u, 0x7FFFu, 0x8000u, 0x8001u, 0xFFFFu, 0x18000u})
      for (uint32_t sign : {0u, 0x80000000u}) patterns.push_back(sign | (e << 23) | low);
  std::mt19937 rng(7);
  for (int i = 0; i < 100000; ++i) patterns.push_back(static_cast<uint32_t>(rng()));
  std::vector<float> many;
  for (uint32_t bits : patterns) many.push_back(FromBits(bits));
  RoundToBf16(many.data(), many.size());
  int differing = 0;
  for (std::size_t i = 0; i < patterns.size(); ++i) {
    const float x = FromBits(patterns[i]);
    const float expected = static_cast<float>(Eigen::bfloat16(x));
    const float one = RoundToBf16(x);
    differing += std::memcmp(&one, &expected, 4) != 0 || std::memcmp(&many[i], &expected, 4) != 0;
  }
  CHECK(differing == 0);
}

TEST_CASE("a bf16 array stores two bytes per element and rounds on write") {
  Array a(Shape{2, 3}, DType::BF16);
  CHECK(a.bytes() == 12);
  a.SetFloat(4, 1.0f / 3.0f);
  CHECK(a.GetFloat(4) == FromBits(0x3EAB0000u));
  CHECK(a.Offset(Dims{1, 1}) == 4);
}

TEST_CASE("integer arrays saturate a float out of their range and store NaN as 0") {
  Array i8(Shape{4}, DType::I8), i16(Shape{3}, DType::I16), i32(Shape{3}, DType::I32);
  i8.SetFloat(0, 300.0f);
  i8.SetFloat(1, -300.0f);
  i8.SetFloat(2, std::numeric_limits<float>::quiet_NaN());
  i8.SetFloat(3, -7.9f);
  CHECK(i8.Data<int8_t>()[0] == 127);
  CHECK(i8.Data<int8_t>()[1] == -128);
  CHECK(i8.Data<int8_t>()[2] == 0);
  CHECK(i8.Data<int8_t>()[3] == -7);
  i16.SetFloat(0, 1e6f);
  i16.SetFloat(1, -1e6f);
  i16.SetFloat(2, 12345.0f);
  CHECK(i16.Data<int16_t>()[0] == 32767);
  CHECK(i16.Data<int16_t>()[1] == -32768);
  CHECK(i16.Data<int16_t>()[2] == 12345);
  i32.SetFloat(0, 3e9f);
  i32.SetFloat(1, -3e9f);
  i32.SetFloat(2, 16777216.0f);
  CHECK(i32.Data<int32_t>()[0] == std::numeric_limits<int32_t>::max());
  CHECK(i32.Data<int32_t>()[1] == std::numeric_limits<int32_t>::min());
  CHECK(i32.Data<int32_t>()[2] == 16777216);
}

TEST_CASE("promotion follows jnp for our dtypes") {
  CHECK(Promote(DType::BF16, DType::F32) == DType::F32);
  CHECK(Promote(DType::BF16, DType::BF16) == DType::BF16);
  CHECK(Promote(DType::I32, DType::Bool) == DType::I32);
}
