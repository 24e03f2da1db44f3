// Locating and reading the Pallas file: the flag wins, then the environment, then the installed jax (a
// python3 that hangs is stopped after its time limit), then the cache; missing, empty, binary and
// unrelated files are errors with advice; a byte-order mark, CR and CRLF endings read as lines.
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>

#include "tests/flash_walk.hpp"
#include "tests/text_search.hpp"
#include "walkthrough/pallas_source.hpp"

using namespace tilewalk::walkthrough;
namespace fs = std::filesystem;

namespace {

using tilewalk::test::Contains;

const fs::path kFixtures = TILEWALK_WALKTHROUGH_FIXTURES;

// A scratch folder removed at the end of the test.
struct Scratch {
  fs::path path = fs::temp_directory_path() / ("tilewalk-pallas-source-" + std::to_string(::getpid()));
  Scratch() { fs::create_directories(path); }
  ~Scratch() { fs::remove_all(path); }
  fs::path Write(const std::string& name, const std::string& bytes) const {
    std::ofstream(path / name, std::ios::binary) << bytes;
    return path / name;
  }
};

// Sets an environment variable for the scope of a test.
struct EnvVar {
  std::string name;
  std::optional<std::string> old;
  EnvVar(std::string n, const std::string& value) : name(std::move(n)) {
    if (const char* v = std::getenv(name.c_str())) old = v;
    setenv(name.c_str(), value.c_str(), 1);
  }
  ~EnvVar() {
    if (old)
      setenv(name.c_str(), old->c_str(), 1);
    else
      unsetenv(name.c_str());
  }
};

}  // namespace

TEST_CASE("a file named by the flag is read line by line") {
  const auto r = FindPallasSource(kFixtures / "fake_flash_attention.py", tilewalk::test::FlashWalk().pinned);
  REQUIRE(r.ok());
  CHECK(r->origin == PallasSourceOrigin::Flag);
  CHECK(r->lines->size() == 5);
  CHECK((*r->lines)[3] == "def _flash_attention_impl(q, k, v):");
  CHECK(r->sha256.size() == 64);
}

TEST_CASE("the environment variable is used when no flag is given") {
  EnvVar env(kPallasSourceEnv, (kFixtures / "fake_flash_attention.py").string());
  const auto r = FindPallasSource(std::nullopt, tilewalk::test::FlashWalk().pinned);
  REQUIRE(r.ok());
  CHECK(r->origin == PallasSourceOrigin::Environment);
}

TEST_CASE("missing, empty, binary and unrelated files are errors that say what to do") {
  Scratch scratch;
  const auto missing = FindPallasSource(kFixtures / "no_such_file.py", tilewalk::test::FlashWalk().pinned);
  REQUIRE_FALSE(missing.ok());
  CHECK(Contains(missing.error().message, "--pallas-source names"));
  const auto empty = FindPallasSource(kFixtures / "empty.py", tilewalk::test::FlashWalk().pinned);
  REQUIRE_FALSE(empty.ok());
  CHECK(Contains(empty.error().message, "is empty"));
  const auto unrelated = FindPallasSource(kFixtures / "unrelated.py", tilewalk::test::FlashWalk().pinned);
  REQUIRE_FALSE(unrelated.ok());
  CHECK(Contains(unrelated.error().message, "does not define _flash_attention_impl"));
  CHECK_FALSE(FindPallasSource(kFixtures, tilewalk::test::FlashWalk().pinned).ok());
  const auto binary =
      FindPallasSource(scratch.Write("nul.py", std::string("def _flash_attention_impl(\0", 28)),
                       tilewalk::test::FlashWalk().pinned);
  REQUIRE_FALSE(binary.ok());
  CHECK(Contains(binary.error().message, "NUL bytes"));
  CHECK_FALSE(FindPallasSource(fs::path("/dev/zero"), tilewalk::test::FlashWalk().pinned).ok());
}

TEST_CASE("a file past the size cap is refused before it is read") {
  Scratch scratch;
  const fs::path huge = scratch.path / "huge.py";
  std::ofstream(huge) << "def _flash_attention_impl():\n";
  fs::resize_file(huge, 200ull << 20);  // sparse: 200 MB that take no disk
  const auto start = std::chrono::steady_clock::now();
  const auto r = FindPallasSource(huge, tilewalk::test::FlashWalk().pinned);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().reason == tilewalk::base::Reason::TooLarge);
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
}

TEST_CASE("a byte-order mark is dropped and CRLF, CR and LF all end lines") {
  CHECK(SplitPythonLines("\xEF\xBB\xBF"
                         "a\r\nb\rc\nd") == std::vector<std::string>{"a", "b", "c", "d"});
  CHECK(SplitPythonLines("a\n\nb\n") == std::vector<std::string>{"a", "", "b"});
  CHECK(SplitPythonLines("") == std::vector<std::string>{});
  Scratch scratch;
  const auto r =
      FindPallasSource(scratch.Write("cr.py", "# a stand-in\rdef _flash_attention_impl(q):\r  return q\r"),
                       tilewalk::test::FlashWalk().pinned);
  REQUIRE(r.ok());
  CHECK(r->lines->size() == 3);
}

TEST_CASE("the cache file lives under XDG_CACHE_HOME, else ~/.cache, named by the pinned commit") {
  const auto xdg = PallasCacheFile(tilewalk::test::FlashWalk().pinned, "/x/cache", "/home/u");
  REQUIRE(xdg);
  CHECK(xdg->parent_path() == fs::path("/x/cache/tilewalk"));
  CHECK(xdg->filename().string().starts_with("flash_attention-15c420602cf2"));
  CHECK(PallasCacheFile(tilewalk::test::FlashWalk().pinned, "relative", "/home/u")->parent_path() ==
        fs::path("/home/u/.cache/tilewalk"));
  CHECK_FALSE(PallasCacheFile(tilewalk::test::FlashWalk().pinned, nullptr, nullptr));
}

TEST_CASE("a python3 on PATH that never answers is stopped after its time limit") {
  Scratch scratch;
  const fs::path python = scratch.Write("python3", "#!/bin/sh\nexec /bin/sleep 60\n");
  ::chmod(python.c_str(), 0755);
  unsetenv(kPallasSourceEnv);
  EnvVar path("PATH", scratch.path.string());
  EnvVar cache("XDG_CACHE_HOME", scratch.path.string());  // and no file of source fetch's
  const auto start = std::chrono::steady_clock::now();
  const auto r = FindPallasSource(std::nullopt, tilewalk::test::FlashWalk().pinned);
  const auto took = std::chrono::steady_clock::now() - start;
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().reason == tilewalk::base::Reason::TimedOut);
  CHECK(Contains(r.error().message, "python3"));
  CHECK(took < std::chrono::seconds(6));
}

TEST_CASE("a python3 that answers nonsense does not hide the file source fetch kept") {
  Scratch scratch;
  const fs::path python = scratch.Write("python3", "#!/bin/sh\necho '\033]0;not a path'\n");
  ::chmod(python.c_str(), 0755);
  unsetenv(kPallasSourceEnv);
  EnvVar path("PATH", scratch.path.string());
  EnvVar cache("XDG_CACHE_HOME", scratch.path.string());
  const fs::path kept = *PallasCacheFileFromEnvironment(tilewalk::test::FlashWalk().pinned);
  fs::create_directories(kept.parent_path());
  fs::copy_file(kFixtures / "fake_flash_attention.py", kept);
  const auto r = FindPallasSource(std::nullopt, tilewalk::test::FlashWalk().pinned);
  REQUIRE_MESSAGE(r.ok(), r.error().message);
  CHECK(r->origin == PallasSourceOrigin::Cache);
}

TEST_CASE("with nothing anywhere, the advice names source fetch") {
  Scratch scratch;
  unsetenv(kPallasSourceEnv);
  EnvVar path("PATH", scratch.path.string());  // no python3
  EnvVar cache("XDG_CACHE_HOME", scratch.path.string());
  const auto r = FindPallasSource(std::nullopt, tilewalk::test::FlashWalk().pinned);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().reason == tilewalk::base::Reason::NotFound);
  CHECK(Contains(r.error().message, "tilewalk source fetch"));
}
