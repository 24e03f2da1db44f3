#include "base/memory_limits.hpp"

#include <doctest/doctest.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include <filesystem>

#include "tests/base/scratch.hpp"

namespace {

namespace fs = std::filesystem;
using tilewalk::base::CgroupMemoryLimit;
using tilewalk::base::TightestMemoryLimit;
using tilewalk::base::testing::RunForked;
using tilewalk::base::testing::ScratchFolder;
using tilewalk::base::testing::Spit;

void PutLimit(const fs::path& folder, const char* file, const char* value) {
  fs::create_directories(folder);
  Spit(folder / file, value);
}

// AddressSanitizer maps terabytes of shadow memory, so an address-space limit stops it, not the code.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kUnderAddressSanitizer = true;
#else
constexpr bool kUnderAddressSanitizer = false;
#endif
#else
constexpr bool kUnderAddressSanitizer = false;
#endif

}  // namespace

TEST_CASE("CgroupMemoryLimit: v2 takes the least memory.max over the cgroup and its parents") {
  ScratchFolder root;
  PutLimit(root / "user.slice", "memory.max", "max\n");
  PutLimit(root / "user.slice/job", "memory.max", "1500000000\n");
  PutLimit(root / "user.slice/job/step", "memory.max", "max\n");
  CHECK(CgroupMemoryLimit("0::/user.slice/job/step\n", root.path()) == 1500000000);
  PutLimit(root / "user.slice", "memory.max", "1000000000\n");  // a parent's tighter limit holds too
  CHECK(CgroupMemoryLimit("0::/user.slice/job/step\n", root.path()) == 1000000000);
  CHECK(CgroupMemoryLimit("0::/elsewhere\n", root.path()) == std::nullopt);
  CHECK(CgroupMemoryLimit("0::/\n", root.path()) == std::nullopt);
}

TEST_CASE("CgroupMemoryLimit: v1 reads the memory controller's limit, and its 'unlimited' is none") {
  ScratchFolder root;
  PutLimit(root / "memory/docker/abc", "memory.limit_in_bytes", "2147483648\n");
  const char* lines = "12:cpu,cpuacct:/docker/abc\n4:memory:/docker/abc\n1:name=systemd:/docker/abc\n";
  CHECK(CgroupMemoryLimit(lines, root.path()) == 2147483648ULL);
  PutLimit(root / "memory/docker/abc", "memory.limit_in_bytes", "9223372036854771712\n");
  CHECK(CgroupMemoryLimit(lines, root.path()) == std::nullopt);
}

TEST_CASE("CgroupMemoryLimit: garbage, a path that climbs out and a FIFO in place of a file are no limit") {
  ScratchFolder root;
  PutLimit(root / "a", "memory.max", "12abc\n");
  CHECK(CgroupMemoryLimit("0::/a\n", root.path()) == std::nullopt);
  CHECK(CgroupMemoryLimit("0::/../../etc\n", root.path()) == std::nullopt);
  CHECK(CgroupMemoryLimit("no colons at all\n::\n", root.path()) == std::nullopt);
  fs::create_directories(root / "f");
  REQUIRE(mkfifo((root / "f/memory.max").c_str(), 0600) == 0);
  CHECK(CgroupMemoryLimit("0::/f\n", root.path()) == std::nullopt);  // refused without blocking
}

TEST_CASE("TightestMemoryLimit: an address-space limit below half the machine sets the cap and names it" *
          doctest::skip(kUnderAddressSanitizer)) {
  const auto end = RunForked([] {
    const rlimit limit{.rlim_cur = rlim_t{3} << 29, .rlim_max = rlim_t{3} << 29};
    if (setrlimit(RLIMIT_AS, &limit) != 0) return 2;
    const auto tightest = TightestMemoryLimit();
    if (tightest.source != "the address-space limit (ulimit -v)") return 3;
    return tightest.bytes < (std::uint64_t{3} << 29) * 8 / 10 ? 0 : 4;  // its share, less what is mapped
  });
  CHECK(end.exited);
  CHECK(end.code == 0);
}
