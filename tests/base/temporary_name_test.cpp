#include "base/temporary_name.hpp"

#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "scratch.hpp"

using namespace tilewalk::base;
using tilewalk::base::testing::ScratchFolder;

namespace fs = std::filesystem;

namespace {

std::string NameFor(const std::string& target, pid_t pid, std::uint64_t start,
                    std::string_view kind = "partial") {
  return "." + target + ".tilewalk-" + std::string(kind) + "-" + std::to_string(pid) + "-" +
         std::to_string(start) + "-0";
}

}  // namespace

TEST_CASE("a temporary's name says whose it is, and parses back") {
  const std::string name = MakeTemporaryName("trace.json", TemporaryKind::Partial);
  CHECK(name.starts_with(".trace.json.tilewalk-partial-" + std::to_string(getpid()) + "-"));
  const auto parsed = ParseTemporaryName(name);
  REQUIRE(parsed.has_value());
  CHECK(parsed->target == "trace.json");
  CHECK(parsed->kind == TemporaryKind::Partial);
  CHECK(parsed->pid == getpid());
  REQUIRE(parsed->start_time.has_value());
  CHECK(*parsed->start_time == ProcessStartTime(getpid()).value());
  CHECK(MakeTemporaryName("trace.json", TemporaryKind::Partial) != name);  // a serial tells them apart
  CHECK(ParseTemporaryName(MakeTemporaryName("a-b.c", TemporaryKind::Old))->kind == TemporaryKind::Old);
}

TEST_CASE("names that are not ours do not parse") {
  for (const char* other :
       {"notes.txt", ".hidden", ".x.tilewalk-partial-", ".x.tilewalk-partial-12-ab-3",
        ".tilewalk-partial-1-2-3", ".x.tilewalk-new-1-2-3", ".x.tilewalk-partial-0-1-2",
        "x.tilewalk-partial-1-2-3", ".x.tilewalk-partial-1-2", ".x.tmp-123-0", ".x.partial-99"}) {
    CAPTURE(other);
    CHECK_FALSE(ParseTemporaryName(other).has_value());
  }
}

TEST_CASE("names of the export's previous scheme are recognised, without a start time") {
  const auto legacy = ParseTemporaryName(".frames.tilewalk-partial-4242");
  REQUIRE(legacy.has_value());
  CHECK(legacy->target == "frames");
  CHECK(legacy->pid == 4242);
  CHECK_FALSE(legacy->start_time.has_value());
}

TEST_CASE("a process's start time comes from /proc, and a gone process has none") {
  REQUIRE(ProcessStartTime(getpid()).has_value());
  CHECK(ProcessStartTime(getppid()).has_value());
  CHECK_FALSE(ProcessStartTime(testing::DeadProcessId()).has_value());
  CHECK_FALSE(ProcessStartTime(0).has_value());
}

TEST_CASE("a temporary is stale when its process is gone or its pid was reused") {
  const std::uint64_t start = ProcessStartTime(getpid()).value();
  CHECK_FALSE(IsStale(*ParseTemporaryName(NameFor("t", getpid(), start))));
  CHECK(IsStale(*ParseTemporaryName(NameFor("t", getpid(), start + 1))));  // an older process had our pid
  CHECK(IsStale(*ParseTemporaryName(NameFor("t", testing::DeadProcessId(), 1))));
  CHECK_FALSE(IsStale(*ParseTemporaryName(".t.tilewalk-partial-" + std::to_string(getpid()))));
}

TEST_CASE("stale temporaries are removed while live ones, links and other files stay") {
  const ScratchFolder scratch;
  const std::uint64_t start = ProcessStartTime(getpid()).value();
  const pid_t dead = testing::DeadProcessId();
  const std::string stale_file = NameFor("trace.json", dead, 77);
  const std::string stale_folder = NameFor("frames", getpid(), start + 5);
  const std::string live = NameFor("trace.json", getpid(), start);
  const std::string legacy_dead = ".frames.tilewalk-partial-" + std::to_string(dead);
  const std::string legacy_live = ".frames.tilewalk-old-" + std::to_string(getpid());
  const std::string stale_link = NameFor("link", dead, 3);
  testing::Spit(scratch / stale_file, "half a trace");
  fs::create_directories(scratch / stale_folder / "frames");
  testing::Spit(scratch / stale_folder / "frames" / "00001.png", "png");
  testing::Spit(scratch / live, "being written");
  fs::create_directory(scratch / legacy_dead);
  fs::create_directory(scratch / legacy_live);
  fs::create_symlink(scratch / "user", scratch / stale_link);
  fs::create_directory(scratch / "user");
  testing::Spit(scratch / "user" / "weights.npy", "mine");
  testing::Spit(scratch / "notes.txt", "mine");

  const StaleCleanup done = RemoveStaleTemporaries(scratch.path());
  CHECK(done.removed == 3);
  CHECK(done.restored == 0);
  CHECK_FALSE(fs::exists(scratch / stale_file));
  CHECK_FALSE(fs::exists(scratch / stale_folder));
  CHECK_FALSE(fs::exists(scratch / legacy_dead));
  CHECK(fs::exists(scratch / live));
  CHECK(fs::exists(scratch / legacy_live));
  CHECK(fs::is_symlink(scratch / stale_link));
  CHECK(testing::Slurp(scratch / "user" / "weights.npy") == "mine");
  CHECK(fs::exists(scratch / "notes.txt"));
}

TEST_CASE("a stale old folder is put back when its destination is missing, and removed when not") {
  const ScratchFolder scratch;
  const pid_t dead = testing::DeadProcessId();
  fs::create_directory(scratch / NameFor("export", dead, 9, "old"));
  testing::Spit(scratch / NameFor("export", dead, 9, "old") / "manifest.json", "the only copy");
  fs::create_directory(scratch / "dump");
  testing::Spit(scratch / "dump" / "config.json", "new");
  fs::create_directory(scratch / NameFor("dump", dead, 9, "old"));

  const StaleCleanup done = RemoveStaleTemporaries(scratch.path());
  CHECK(done.restored == 1);
  CHECK(done.removed == 1);
  CHECK(testing::Slurp(scratch / "export" / "manifest.json") == "the only copy");
  CHECK(testing::Slurp(scratch / "dump" / "config.json") == "new");
  CHECK(scratch.Names() == std::vector<std::string>{"dump", "export"});
}
