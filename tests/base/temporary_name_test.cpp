#include "base/temporary_name.hpp"

#include <doctest/doctest.h>
#include <fcntl.h>
#include <unistd.h>

#include <chrono>

#include <filesystem>
#include <string>

#include "scratch.hpp"

using namespace tilewalk::base;
using tilewalk::base::testing::ScratchFolder;

namespace fs = std::filesystem;

namespace {

// Dates `path` an hour back, past kStaleAge.
void MakeOld(const fs::path& path) {
  fs::last_write_time(path, fs::file_time_type::clock::now() - std::chrono::hours(1));
}

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

TEST_CASE("a temporary is stale only when its lock can be taken and it is old, whatever its pid says") {
  const ScratchFolder scratch;
  const std::uint64_t start = ProcessStartTime(getpid()).value();
  const fs::path ours_alive = scratch / NameFor("t", getpid(), start);
  testing::Spit(ours_alive, "x");
  CHECK_FALSE(TakeIfStale(ours_alive));  // young, though unlocked
  MakeOld(ours_alive);
  CHECK(TakeIfStale(ours_alive));  // old and unlocked: stale, though its pid is this live process
  // A writer in another PID namespace names a pid that means another process here, or none: its lock
  // keeps its temporary alive all the same.
  const fs::path elsewhere = scratch / NameFor("t", testing::DeadProcessId(), 1);
  testing::Spit(elsewhere, "x");
  MakeOld(elsewhere);
  {
    const Descriptor writer(open(elsewhere.c_str(), O_RDONLY | O_CLOEXEC));
    HoldTemporary(writer.get());
    CHECK_FALSE(TakeIfStale(elsewhere));
  }
  CHECK(TakeIfStale(elsewhere));  // its writer is gone
}

TEST_CASE("stale temporaries are removed while live and young ones, links and other files stay") {
  const ScratchFolder scratch;
  const pid_t dead = testing::DeadProcessId();
  const std::string stale_file = NameFor("trace.json", dead, 77);
  const std::string stale_folder = NameFor("frames", getpid(), 5);
  const std::string live = NameFor("trace.json", dead, 78);
  const std::string young = NameFor("trace.json", dead, 79);
  const std::string legacy_dead = ".frames.tilewalk-partial-" + std::to_string(dead);
  const std::string legacy_live = ".frames.tilewalk-old-" + std::to_string(getpid());
  const std::string stale_link = NameFor("link", dead, 3);
  testing::Spit(scratch / stale_file, "half a trace");
  fs::create_directories(scratch / stale_folder / "frames");
  testing::Spit(scratch / stale_folder / "frames" / "00001.png", "png");
  testing::Spit(scratch / live, "being written");
  testing::Spit(scratch / young, "just made");
  fs::create_directory(scratch / legacy_dead);
  fs::create_directory(scratch / legacy_live);
  fs::create_symlink(scratch / "user", scratch / stale_link);
  fs::create_directory(scratch / "user");
  testing::Spit(scratch / "user" / "weights.npy", "mine");
  testing::Spit(scratch / "notes.txt", "mine");
  for (const std::string& name :
       {stale_file, stale_folder, live, legacy_dead, legacy_live, std::string("user")})
    MakeOld(scratch / name);
  const Descriptor live_writer(open((scratch / live).c_str(), O_RDONLY | O_CLOEXEC));
  HoldTemporary(live_writer.get());
  const Descriptor legacy_writer(open((scratch / legacy_live).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  HoldTemporary(legacy_writer.get());

  const StaleCleanup done = RemoveStaleTemporaries(scratch.path());
  CHECK(done.removed == 3);
  CHECK(done.restored == 0);
  CHECK_FALSE(fs::exists(scratch / stale_file));
  CHECK_FALSE(fs::exists(scratch / stale_folder));
  CHECK_FALSE(fs::exists(scratch / legacy_dead));
  CHECK(fs::exists(scratch / live));
  CHECK(fs::exists(scratch / young));
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
  MakeOld(scratch / NameFor("export", dead, 9, "old"));
  MakeOld(scratch / NameFor("dump", dead, 9, "old"));

  const StaleCleanup done = RemoveStaleTemporaries(scratch.path());
  CHECK(done.restored == 1);
  CHECK(done.removed == 1);
  CHECK(testing::Slurp(scratch / "export" / "manifest.json") == "the only copy");
  CHECK(testing::Slurp(scratch / "dump" / "config.json") == "new");
  CHECK(scratch.Names() == std::vector<std::string>{"dump", "export"});
}

TEST_CASE("a name near the 255-byte limit gets a temporary that fits, cut and marked so") {
  for (const std::size_t length : {200u, 245u, 255u}) {
    const std::string target(length, 'n');
    for (const TemporaryKind kind : {TemporaryKind::Partial, TemporaryKind::Old}) {
      const std::string made = MakeTemporaryName(target, kind);
      CAPTURE(length);
      CHECK(made.size() <= 255);
      const auto parsed = ParseTemporaryName(made);
      REQUIRE(parsed);
      CHECK(parsed->kind == kind);
      CHECK(parsed->cut == (length > 200));
      CHECK(target.starts_with(parsed->target));
    }
  }
  // Cut between whole UTF-8 sequences: 'é' is two bytes.
  std::string accents;
  while (accents.size() < 250) accents += "é";
  const auto parsed = ParseTemporaryName(MakeTemporaryName(accents, TemporaryKind::Partial));
  REQUIRE(parsed);
  CHECK(parsed->target.size() % 2 == 0);
}
