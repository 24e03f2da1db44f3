#include "base/result.hpp"

#include <doctest/doctest.h>
#include <fcntl.h>
#include <unistd.h>

#include <csignal>
#include <set>
#include <string>

#include "base/byte_size.hpp"
#include "scratch.hpp"

using namespace tilewalk::base;

namespace {

Result<int> Half(int n) {
  if (n % 2 != 0)
    return Error{Reason::Malformed, "the number " + std::to_string(n) + " is odd; give an even one"};
  return n / 2;
}

void QuietStderr() {
  const int null = open("/dev/null", O_WRONLY);
  dup2(null, STDERR_FILENO);
}

}  // namespace

TEST_CASE("a Result holds a value or an error") {
  const Result<int> good = Half(8);
  REQUIRE(good.ok());
  CHECK(static_cast<bool>(good));
  CHECK(*good == 4);
  CHECK(good.value() == 4);

  const Result<int> bad = Half(7);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().reason == Reason::Malformed);
  CHECK(bad.error().message == "the number 7 is odd; give an even one");
  CHECK(bad.value_or(-1) == -1);
}

TEST_CASE("a Result of a string is built from anything convertible, and moves its value out") {
  Result<std::string> text = "hello";
  REQUIRE(text.ok());
  CHECK(text->size() == 5);
  const std::string taken = std::move(text).value();
  CHECK(taken == "hello");
}

TEST_CASE("Result<void> is success by default and carries an error otherwise") {
  const Result<void> fine = Ok();
  CHECK(fine.ok());
  const Result<void> failed = Error{Reason::Refused, "no"};
  REQUIRE_FALSE(failed.ok());
  CHECK(failed.error().reason == Reason::Refused);
}

TEST_CASE("value() of an error aborts with a sentence instead of returning garbage") {
  const auto end = testing::RunForked([] {
    QuietStderr();
    const Result<int> bad = Half(3);
    return bad.value();  // aborts
  });
  CHECK(end.signal == SIGABRT);
}

TEST_CASE("error() of a value aborts too") {
  const auto end = testing::RunForked([] {
    QuietStderr();
    const Result<void> fine = Ok();
    return static_cast<int>(fine.error().reason);
  });
  CHECK(end.signal == SIGABRT);
}

TEST_CASE("every reason has its own name and a description, from one table") {
  std::set<std::string_view> names;
  for (int i = 0; i < kReasonCount; ++i) {
    const auto reason = static_cast<Reason>(i);
    CHECK_FALSE(ReasonDescription(reason).empty());
    names.insert(ReasonName(reason));
  }
  CHECK(names.size() == static_cast<std::size_t>(kReasonCount));
  CHECK(ReasonName(Reason::DiskFull) == "DiskFull");
  CHECK(ReasonName(static_cast<Reason>(200)) == "Unknown");
}

TEST_CASE("byte counts read as people say them, rounded down") {
  CHECK(DescribeBytes(0) == "0 bytes");
  CHECK(DescribeBytes(1) == "1 byte");
  CHECK(DescribeBytes(1023) == "1023 bytes");
  CHECK(DescribeBytes(1024) == "1.0 KiB");
  CHECK(DescribeBytes(2047) == "1.9 KiB");
  CHECK(DescribeBytes(64 * 1024) == "64 KiB");
  CHECK(DescribeBytes(4 * 1024 * 1024 + 1) == "4.0 MiB");
  CHECK(DescribeBytes(20ULL << 30) == "20 GiB");
  CHECK(DescribeBytes(~0ULL) == "15 EiB");
  CHECK(DescribeBytes(9ULL << 60) == "9.0 EiB");
}

TEST_CASE("sizes read in bytes or with a binary unit, within their range") {
  using tilewalk::base::ParseByteSize;
  CHECK(*ParseByteSize("536870912", 1, 1ULL << 40) == 536870912);
  CHECK(*ParseByteSize("512MiB", 1, 1ULL << 40) == 512ULL << 20);
  CHECK(*ParseByteSize("4GiB", 1, 1ULL << 40) == 4ULL << 30);
  CHECK(*ParseByteSize("3KiB", 1, 1ULL << 40) == 3072);
  CHECK(*ParseByteSize("1TiB", 1, 1ULL << 40) == 1ULL << 40);
  CHECK(*ParseByteSize("1PiB", 1, 1ULL << 50) == 1ULL << 50);  // --max-memory's stated maximum
  for (const char* bad : {"", "GiB", "4 GiB", "4gib", "4G", "1.5GiB", "-1", "+4", "4GiBKiB", "2TiB",
                          "99999999999999999999", "16777216TiB", "0"}) {
    const auto parsed = ParseByteSize(bad, 1, 1ULL << 40);
    CHECK_MESSAGE(!parsed.ok(), bad);
    if (!parsed.ok())
      CHECK(
          parsed.error().message ==
          "expected a size from 1 byte to 1.0 TiB, in bytes or with KiB, MiB, GiB, TiB or PiB, such as 4GiB");
  }
}
