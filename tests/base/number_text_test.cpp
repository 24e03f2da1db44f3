// The one number parser: whole numbers and reals within a range, refused with the expectation; and the
// shortest text that reads back as the same float.
#include "base/number_text.hpp"

#include <doctest/doctest.h>

#include <cstring>
#include <limits>

using namespace tilewalk::base;

TEST_CASE("number text: whole numbers within the range, nothing else") {
  CHECK(*ParseWhole("7", 3, 10) == 7);
  CHECK(*ParseWhole("-4", -5, 5) == -4);
  for (const char* bad : {"", "7.5", "+7", " 7", "7 ", "0x10", "2", "11", "99999999999999999999999"}) {
    CAPTURE(bad);
    const auto parsed = ParseWhole(bad, 3, 10);
    REQUIRE_FALSE(parsed.ok());
    CHECK(parsed.error().reason == Reason::Usage);
    CHECK(parsed.error().message == "expected a whole number from 3 to 10");
  }
}

TEST_CASE("number text: reals within the range, and NaN, infinities and trailing text refused") {
  CHECK(*ParseReal("0.125", 1e-6, 1e6) == 0.125);
  CHECK(*ParseReal("1e-3", 1e-6, 1e6) == 1e-3);
  for (const char* bad : {"", "nan", "inf", "-inf", "1e30", "0", "1.5x", "--5", "0x1p3"}) {
    CAPTURE(bad);
    const auto parsed = ParseReal(bad, 1e-6, 1e6);
    REQUIRE_FALSE(parsed.ok());
    CHECK(parsed.error().message == "expected a number from 1e-06 to 1000000");
  }
}

TEST_CASE("number text: the shortest text reads back bit for bit") {
  for (float x : {0.1234567f, 1.0f, 3.0e-7f, std::numeric_limits<float>::max(), 0.1f}) {
    CAPTURE(x);
    const float back = static_cast<float>(*ParseReal(ShortestText(x), -1e39, 1e39));
    CHECK(std::memcmp(&back, &x, sizeof x) == 0);
  }
  CHECK(ShortestText(0.5f) == "0.5");
  CHECK(RangeText(1048576) == "1048576");
  CHECK(RangeText(1e-6) == "1e-06");
}
