#include "base/output_folder.hpp"

#include <doctest/doctest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>

#include "scratch.hpp"
#include "tests/text_search.hpp"

using namespace tilewalk::base;
using tilewalk::base::testing::ScratchFolder;
using tilewalk::base::testing::WorkingFolder;

namespace fs = std::filesystem;

namespace {

using tilewalk::test::Contains;

// The dump's marker, as `check --dump` would give it.
FolderOptions DumpOptions(bool replace) {
  return {
      .replace = replace,
      .marker = {
          .file_name = "config.json",
          .accepts = [](std::string_view text) { return text.find("\"tool\": \"tilewalk\"") != text.npos; },
          .description = "an earlier dump"}};
}

void MakeDump(const fs::path& folder, const std::string& tag) {
  fs::create_directories(folder);
  testing::Spit(folder / "config.json", "{\"tool\": \"tilewalk\", \"tag\": \"" + tag + "\"}");
  testing::Spit(folder / "q.npy", tag);
}

Result<void> WriteDump(const fs::path& destination, const FolderOptions& options, const std::string& tag) {
  auto folder = OutputFolder::Create(destination, options);
  if (!folder) return folder.error();
  MakeDump(folder->path(), tag);
  return folder->Commit();
}

}  // namespace

TEST_CASE("a new folder appears only at Commit, from a hidden sibling") {
  const ScratchFolder scratch;
  auto folder = OutputFolder::Create(scratch / "frames", {});
  REQUIRE(folder.ok());
  CHECK(folder->path().parent_path() == scratch.path());
  CHECK(folder->path().filename().string().starts_with(".frames.tilewalk-partial-"));
  testing::Spit(folder->path() / "manifest.json", "{}");
  CHECK_FALSE(fs::exists(scratch / "frames"));
  REQUIRE(folder->Commit().ok());
  CHECK(testing::Slurp(scratch / "frames" / "manifest.json") == "{}");
  CHECK(scratch.Names() == std::vector<std::string>{"frames"});
}

TEST_CASE("an uncommitted folder is removed with everything in it") {
  const ScratchFolder scratch;
  {
    auto folder = OutputFolder::Create(scratch / "frames/", {});
    REQUIRE(folder.ok());
    CHECK(folder->destination() == scratch / "frames");
    fs::create_directory(folder->path() / "frames");
    testing::Spit(folder->path() / "frames" / "00001.png", "png");
  }
  CHECK(scratch.Names().empty());
}

TEST_CASE("an existing folder is refused unless replacing was asked for") {
  const ScratchFolder scratch;
  MakeDump(scratch / "dump", "old");
  const auto refused = WriteDump(scratch / "dump", DumpOptions(false), "new");
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().reason == Reason::Exists);
  CHECK(Contains(refused.error().message, "it already exists; pass --force to replace it"));
  CHECK(testing::Slurp(scratch / "dump" / "q.npy") == "old");
  CHECK(scratch.Names() == std::vector<std::string>{"dump"});
}

TEST_CASE("an earlier folder of ours is replaced when asked, and nothing else is left") {
  const ScratchFolder scratch;
  MakeDump(scratch / "dump", "old");
  testing::Spit(scratch / "dump" / "dq.npy", "only in the old dump");
  REQUIRE(WriteDump(scratch / "dump", DumpOptions(true), "new").ok());
  CHECK(testing::Slurp(scratch / "dump" / "q.npy") == "new");
  CHECK_FALSE(fs::exists(scratch / "dump" / "dq.npy"));
  CHECK(scratch.Names() == std::vector<std::string>{"dump"});
}

TEST_CASE("a folder without our marker is never replaced, even a folder of .npy files") {
  const ScratchFolder scratch;
  fs::create_directory(scratch / "weights");
  testing::Spit(scratch / "weights" / "weights.npy", "the user's own");
  const auto refused = WriteDump(scratch / "weights", DumpOptions(true), "new");
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().reason == Reason::Refused);
  CHECK(Contains(refused.error().message,
                 "it is not an earlier dump (it holds no config.json), so --force does not "
                 "replace it; choose another folder"));
  CHECK(testing::Slurp(scratch / "weights" / "weights.npy") == "the user's own");
  CHECK(scratch.Names() == std::vector<std::string>{"weights"});
}

TEST_CASE("a marker whose content is not ours, or which is a link, does not count") {
  const ScratchFolder scratch;
  fs::create_directory(scratch / "other");
  testing::Spit(scratch / "other" / "config.json", "{\"tool\": \"someone else\"}");
  const auto foreign = WriteDump(scratch / "other", DumpOptions(true), "new");
  REQUIRE_FALSE(foreign.ok());
  CHECK(Contains(foreign.error().message, "its config.json is not one tilewalk wrote"));

  MakeDump(scratch / "real", "real");
  fs::create_directory(scratch / "linked");
  fs::create_symlink(scratch / "real" / "config.json", scratch / "linked" / "config.json");
  CHECK(WriteDump(scratch / "linked", DumpOptions(true), "new").error().reason == Reason::Refused);
  CHECK(fs::is_symlink(scratch / "linked" / "config.json"));
}

TEST_CASE("replacing without a marker to recognise our folders is refused") {
  const ScratchFolder scratch;
  MakeDump(scratch / "dump", "old");
  const auto refused = WriteDump(scratch / "dump", {.replace = true}, "new");
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().reason == Reason::Refused);
  CHECK(testing::Slurp(scratch / "dump" / "q.npy") == "old");
}

TEST_CASE("'.', '..', '/' and paths ending in '/.' are refused before anything happens") {
  const ScratchFolder scratch;
  MakeDump(scratch / "dd1", "old");
  const WorkingFolder here(scratch / "dd1");
  const std::vector<std::string> names = {".",     "./",     "..",       "/",
                                          "dd1/.", "dd1/..", "../dd1/.", scratch.path().string() + "/dd1/."};
  for (const std::string& name : names) {
    CAPTURE(name);
    const auto refused = OutputFolder::Create(name, DumpOptions(true));
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().reason == Reason::Refused);
  }
  CHECK(OutputFolder::Create("", {}).error().reason == Reason::Usage);
  CHECK(testing::Slurp(scratch / "dd1" / "q.npy") == "old");
}

TEST_CASE("the working folder and any folder holding it are never replaced") {
  const ScratchFolder scratch;
  MakeDump(scratch / "outer", "outer");
  MakeDump(scratch / "outer" / "dump", "inner");
  const WorkingFolder here(scratch / "outer" / "dump");
  const std::vector<fs::path> names = {"../dump", scratch / "outer" / "dump", "..", scratch / "outer"};
  for (const fs::path& name : names) {
    CAPTURE(name);
    const auto refused = WriteDump(name, DumpOptions(true), "new");
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().reason == Reason::Refused);
  }
  const auto message = WriteDump("../dump", DumpOptions(true), "new").error().message;
  CHECK(Contains(message, "it is the working folder or holds it"));
  CHECK(testing::Slurp(scratch / "outer" / "dump" / "q.npy") == "inner");
  CHECK(testing::Slurp(scratch / "outer" / "q.npy") == "outer");
}

TEST_CASE("a link, a file and a missing parent are refused") {
  const ScratchFolder scratch;
  MakeDump(scratch / "dump", "old");
  fs::create_directory_symlink("dump", scratch / "link");
  const auto link = WriteDump(scratch / "link", DumpOptions(true), "new");
  REQUIRE_FALSE(link.ok());
  CHECK(Contains(link.error().message, "it is a link"));
  CHECK(fs::is_symlink(scratch / "link"));

  testing::Spit(scratch / "file", "x");
  CHECK(Contains(WriteDump(scratch / "file", DumpOptions(true), "new").error().message, "is not a folder"));

  const auto missing = WriteDump(scratch / "no" / "dump", {}, "new");
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().reason == Reason::NotFound);
  CHECK(Contains(missing.error().message, "the folder '" + (scratch / "no").string() + "' does not exist"));
  CHECK(scratch.Names() == std::vector<std::string>{"dump", "file", "link"});
}

TEST_CASE("a destination that appeared during the run is not replaced at Commit") {
  const ScratchFolder scratch;
  auto folder = OutputFolder::Create(scratch / "frames", {});
  REQUIRE(folder.ok());
  fs::create_directory(scratch / "frames");
  testing::Spit(scratch / "frames" / "mine", "mine");
  const auto committed = folder->Commit();
  REQUIRE_FALSE(committed.ok());
  CHECK(committed.error().reason == Reason::Exists);
  CHECK(testing::Slurp(scratch / "frames" / "mine") == "mine");
}

TEST_CASE("a marker that vanished during the run stops the replacement") {
  const ScratchFolder scratch;
  MakeDump(scratch / "dump", "old");
  auto folder = OutputFolder::Create(scratch / "dump", DumpOptions(true));
  REQUIRE(folder.ok());
  MakeDump(folder->path(), "new");
  fs::remove(scratch / "dump" / "config.json");
  REQUIRE_FALSE(folder->Commit().ok());
  CHECK(testing::Slurp(scratch / "dump" / "q.npy") == "old");
}

TEST_CASE("stale staging folders of a dead run are removed when a folder is made beside them") {
  const ScratchFolder scratch;
  const std::string stale = ".frames.tilewalk-partial-" + std::to_string(testing::DeadProcessId()) + "-8-0";
  fs::create_directories(scratch / stale / "frames");
  fs::last_write_time(scratch / stale, fs::file_time_type::clock::now() - std::chrono::hours(1));
  REQUIRE(OutputFolder::Create(scratch / "frames", {}).ok());
  CHECK(scratch.Names().empty());
}

TEST_CASE("the checks can run before the work, creating nothing") {
  const ScratchFolder scratch;
  CHECK(CheckOutputFolder(scratch / "new", {}).ok());
  MakeDump(scratch / "dump", "old");
  CHECK(CheckOutputFolder(scratch / "dump", DumpOptions(true)).ok());
  CHECK(CheckOutputFolder(scratch / "dump", DumpOptions(false)).error().reason == Reason::Exists);
  CHECK(CheckOutputFolder("/dev/full", DumpOptions(true)).error().reason == Reason::Refused);
  CHECK(scratch.Names() == std::vector<std::string>{"dump"});
  // A parent that exists but takes no new folders is caught by the check too, not after the run.
  CHECK_FALSE(CheckOutputFolder("/proc/tilewalk-dump", {}).ok());
  // /proc answers "no such file" for a folder made in it: said as a folder that takes no new folders.
  const auto in_proc = OutputFolder::Create("/proc/self/tilewalk-dump", {});
  REQUIRE_FALSE(in_proc.ok());
  CHECK(in_proc.error().reason == Reason::Unwritable);
  CHECK(in_proc.error().message.find("the folder '/proc/self' takes no new folders") != std::string::npos);
}
