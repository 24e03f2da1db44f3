#include "base/memory_limits.hpp"

#include <doctest/doctest.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include <filesystem>

#include "tests/base/scratch.hpp"

namespace {

namespace fs = std::filesystem;
using tilewalk::base::CgroupMemoryRoom;
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

TEST_CASE("CgroupMemoryRoom: v2 takes the least room under memory.max over the cgroup and its parents") {
  ScratchFolder root;
  PutLimit(root / "user.slice", "memory.max", "max\n");
  PutLimit(root / "user.slice/job", "memory.max", "1500000000\n");
  PutLimit(root / "user.slice/job/step", "memory.max", "max\n");
  // No usage files: 80 % of the limit less what the process itself uses.
  CHECK(CgroupMemoryRoom("0::/user.slice/job/step\n", root.path(), 0) == 1200000000);
  CHECK(CgroupMemoryRoom("0::/user.slice/job/step\n", root.path(), 200000000) == 1000000000);
  PutLimit(root / "user.slice", "memory.max", "1000000000\n");  // a parent's tighter limit holds too
  CHECK(CgroupMemoryRoom("0::/user.slice/job/step\n", root.path(), 0) == 800000000);
  CHECK(CgroupMemoryRoom("0::/elsewhere\n", root.path(), 0) == std::nullopt);
  CHECK(CgroupMemoryRoom("0::/\n", root.path(), 0) == std::nullopt);
  CHECK(CgroupMemoryRoom("0::/user.slice/job\n", root.path(), 900000000) == 0);  // none left
}

TEST_CASE("CgroupMemoryRoom: what the whole cgroup uses counts, less the file cache the kernel reclaims") {
  ScratchFolder root;
  PutLimit(root / "job", "memory.max", "1000000000\n");
  // A sibling process in the container holds 500 MB, 100 MB of it inactive file cache.
  PutLimit(root / "job", "memory.current", "500000000\n");
  PutLimit(root / "job", "memory.stat", "anon 390000000\nfile 110000000\ninactive_file 100000000\n");
  CHECK(CgroupMemoryRoom("0::/job\n", root.path(), 10000000) == 400000000);  // 800 − (500 − 100) MB
  // A parent's usage under its own limit may be the tighter.
  PutLimit(root.path(), "memory.max", "2000000000\n");
  PutLimit(root.path(), "memory.current", "1500000000\n");
  CHECK(CgroupMemoryRoom("0::/job\n", root.path(), 10000000) == 100000000);
}

TEST_CASE("CgroupMemoryRoom: v1 reads the memory controller's files, and its 'unlimited' is none") {
  ScratchFolder root;
  PutLimit(root / "memory/docker/abc", "memory.limit_in_bytes", "2147483648\n");
  const char* lines = "12:cpu,cpuacct:/docker/abc\n4:memory:/docker/abc\n1:name=systemd:/docker/abc\n";
  CHECK(CgroupMemoryRoom(lines, root.path(), 0) == 1717986918);  // 80 % of 2 GiB
  PutLimit(root / "memory/docker/abc", "memory.usage_in_bytes", "1073741824\n");
  PutLimit(root / "memory/docker/abc", "memory.stat", "cache 1\ntotal_inactive_file 536870912\n");
  CHECK(CgroupMemoryRoom(lines, root.path(), 0) == 1717986918 - 536870912);
  PutLimit(root / "memory/docker/abc", "memory.limit_in_bytes", "9223372036854771712\n");
  CHECK(CgroupMemoryRoom(lines, root.path(), 0) == std::nullopt);
}

TEST_CASE("CgroupMemoryRoom: garbage, a path that climbs out and a FIFO in place of a file are no limit") {
  ScratchFolder root;
  PutLimit(root / "a", "memory.max", "12abc\n");
  CHECK(CgroupMemoryRoom("0::/a\n", root.path(), 0) == std::nullopt);
  CHECK(CgroupMemoryRoom("0::/../../etc\n", root.path(), 0) == std::nullopt);
  CHECK(CgroupMemoryRoom("no colons at all\n::\n", root.path(), 0) == std::nullopt);
  fs::create_directories(root / "f");
  REQUIRE(mkfifo((root / "f/memory.max").c_str(), 0600) == 0);
  CHECK(CgroupMemoryRoom("0::/f\n", root.path(), 0) == std::nullopt);  // refused without blocking
  // A garbage or FIFO usage falls back to the process's own.
  PutLimit(root / "g", "memory.max", "1000\n");
  REQUIRE(mkfifo((root / "g/memory.current").c_str(), 0600) == 0);
  CHECK(CgroupMemoryRoom("0::/g\n", root.path(), 300) == 500);
}

TEST_CASE("TightestMemoryLimit: an address-space limit below half the machine sets the cap and names it" *
          doctest::skip(kUnderAddressSanitizer)) {
  const auto end = RunForked([] {
    // A machine or container with less room than the limit set here has its own tightest limit already.
    if (TightestMemoryLimit().bytes < (std::uint64_t{3} << 29)) return 0;
    const rlimit limit{.rlim_cur = rlim_t{3} << 29, .rlim_max = rlim_t{3} << 29};
    if (setrlimit(RLIMIT_AS, &limit) != 0) return 2;
    const auto tightest = TightestMemoryLimit();
    if (tightest.source != "the address-space limit (ulimit -v)") return 3;
    return tightest.bytes < (std::uint64_t{3} << 29) * 8 / 10 ? 0 : 4;  // its share, less what is mapped
  });
  CHECK(end.exited);
  CHECK(end.code == 0);
}
