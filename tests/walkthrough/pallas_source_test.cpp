// Locating and reading the Pallas file: the flag wins, then the environment, then the installed jax (a
// python3 that hangs is stopped after its time limit), then the cache; missing, empty, binary and
// unrelated files are errors with advice; a byte-order mark, CR and CRLF endings read as lines.
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>

#include "base/sha256.hpp"
#include "tests/flash_walk.hpp"
#include "tests/text_search.hpp"
#include "walkthrough/pallas_source.hpp"

using namespace tilewalk::walkthrough;
namespace fs = std::filesystem;

namespace {

using tilewalk::test::Contains;

const fs::path kFixtures = TILEWALK_WALKTHROUGH_FIXTURES;
constexpr const char* kFlashSourceEnv = "TILEWALK_PALLAS_SOURCE";

const tilewalk::kernel::PythonFile& FlashPython() {
  return tilewalk::test::FlashWalk().kernel->info().python;
}

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
  const auto r = FindPallasSource(tilewalk::test::FlashWalk(), kFixtures / "fake_flash_attention.py");
  REQUIRE(r.ok());
  CHECK(r->origin == PallasSourceOrigin::Flag);
  CHECK(r->lines->size() == 5);
  CHECK((*r->lines)[3] == "def _flash_attention_impl(q, k, v):");
  CHECK(r->sha256.size() == 64);
}

TEST_CASE("the environment variable is used when no flag is given") {
  EnvVar env(kFlashSourceEnv, (kFixtures / "fake_flash_attention.py").string());
  const auto r = FindPallasSource(tilewalk::test::FlashWalk(), std::nullopt);
  REQUIRE(r.ok());
  CHECK(r->origin == PallasSourceOrigin::Environment);
}

TEST_CASE("missing, empty, binary and unrelated files are errors that say what to do") {
  Scratch scratch;
  const auto missing = FindPallasSource(tilewalk::test::FlashWalk(), kFixtures / "no_such_file.py");
  REQUIRE_FALSE(missing.ok());
  CHECK(Contains(missing.error().message, "--pallas-source names"));
  const auto empty = FindPallasSource(tilewalk::test::FlashWalk(), kFixtures / "empty.py");
  REQUIRE_FALSE(empty.ok());
  CHECK(Contains(empty.error().message, "is empty"));
  const auto unrelated = FindPallasSource(tilewalk::test::FlashWalk(), kFixtures / "unrelated.py");
  REQUIRE_FALSE(unrelated.ok());
  CHECK(Contains(unrelated.error().message, "does not define _flash_attention_impl"));
  CHECK_FALSE(FindPallasSource(tilewalk::test::FlashWalk(), kFixtures).ok());
  const auto binary = FindPallasSource(
      tilewalk::test::FlashWalk(), scratch.Write("nul.py", std::string("def _flash_attention_impl(\0", 28)));
  REQUIRE_FALSE(binary.ok());
  CHECK(Contains(binary.error().message, "NUL bytes"));
  CHECK_FALSE(FindPallasSource(tilewalk::test::FlashWalk(), fs::path("/dev/zero")).ok());
}

TEST_CASE("a file past the size cap is refused before it is read") {
  Scratch scratch;
  const fs::path huge = scratch.path / "huge.py";
  std::ofstream(huge) << "def _flash_attention_impl():\n";
  fs::resize_file(huge, 200ull << 20);  // sparse: 200 MB that take no disk
  const auto start = std::chrono::steady_clock::now();
  const auto r = FindPallasSource(tilewalk::test::FlashWalk(), huge);
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
      FindPallasSource(tilewalk::test::FlashWalk(),
                       scratch.Write("cr.py", "# a stand-in\rdef _flash_attention_impl(q):\r  return q\r"));
  REQUIRE(r.ok());
  CHECK(r->lines->size() == 3);
}

TEST_CASE("the cache file lives under XDG_CACHE_HOME, else ~/.cache, named by the pinned commit") {
  const auto xdg = PallasCacheFile(FlashPython(), tilewalk::test::FlashWalk().pinned, "/x/cache", "/home/u");
  REQUIRE(xdg);
  CHECK(xdg->parent_path() == fs::path("/x/cache/tilewalk"));
  CHECK(xdg->filename().string().starts_with("flash_attention-15c420602cf2"));
  CHECK(PallasCacheFile(FlashPython(), tilewalk::test::FlashWalk().pinned, "relative", "/home/u")
            ->parent_path() == fs::path("/home/u/.cache/tilewalk"));
  CHECK_FALSE(PallasCacheFile(FlashPython(), tilewalk::test::FlashWalk().pinned, nullptr, nullptr));
}

TEST_CASE("a python3 on PATH that never answers is stopped after its time limit") {
  Scratch scratch;
  const fs::path python = scratch.Write("python3", "#!/bin/sh\nexec /bin/sleep 60\n");
  ::chmod(python.c_str(), 0755);
  unsetenv(kFlashSourceEnv);
  EnvVar path("PATH", scratch.path.string());
  EnvVar cache("XDG_CACHE_HOME", scratch.path.string());  // and no file of source fetch's
  const auto start = std::chrono::steady_clock::now();
  const auto r = FindPallasSource(tilewalk::test::FlashWalk(), std::nullopt);
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
  unsetenv(kFlashSourceEnv);
  EnvVar path("PATH", scratch.path.string());
  EnvVar cache("XDG_CACHE_HOME", scratch.path.string());
  const fs::path kept = *PallasCacheFileFromEnvironment(tilewalk::test::FlashWalk());
  fs::create_directories(kept.parent_path());
  fs::copy_file(kFixtures / "fake_flash_attention.py", kept);
  const auto r = FindPallasSource(tilewalk::test::FlashWalk(), std::nullopt);
  REQUIRE_MESSAGE(r.ok(), r.error().message);
  CHECK(r->origin == PallasSourceOrigin::Cache);
}

TEST_CASE("with nothing anywhere, the advice names source fetch") {
  Scratch scratch;
  unsetenv(kFlashSourceEnv);
  EnvVar path("PATH", scratch.path.string());  // no python3
  EnvVar cache("XDG_CACHE_HOME", scratch.path.string());
  const auto r = FindPallasSource(tilewalk::test::FlashWalk(), std::nullopt);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().reason == tilewalk::base::Reason::NotFound);
  CHECK(Contains(r.error().message, "tilewalk source fetch"));
}

namespace {

// A second kernel, known only by its KernelInfo: its Python file and the fingerprint of the file it pins,
// whose SHA-256 is that of `pinned_bytes`.
struct OtherKernel {
  std::string fingerprint_text;
  tilewalk::EmbeddedFile fingerprint;
  tilewalk::kernel::KernelInfo info;
  explicit OtherKernel(const std::string& pinned_bytes) {
    PinnedFile pinned;
    pinned.commit = std::string(40, 'a');
    pinned.path = "jax/experimental/pallas/ops/tpu/other/other_kernel.py";
    pinned.sha256 = tilewalk::base::Sha256Hex(pinned_bytes);
    pinned.url = "https://example.invalid/other_kernel.py";
    pinned.fingerprint = FingerprintLines(SplitPythonLines(pinned_bytes));
    fingerprint_text = FormatPinnedFile(pinned);
    fingerprint = {"other_kernel.fingerprint", fingerprint_text};
    info.name = "other";
    info.title = "a kernel of the test";
    info.python = {.file_name = "other_kernel.py",
                   .jax_path = "pallas/ops/tpu/other/other_kernel.py",
                   .module = "other",
                   .defines = "_other_impl",
                   .env_var = "TILEWALK_OTHER_SOURCE"};
    info.assets.fingerprint = std::span(&fingerprint, 1);
  }
};

}  // namespace

TEST_CASE("another kernel's pinned file is named as that kernel's, with the file this kernel expects") {
  Scratch scratch;
  const std::string bytes = "# another kernel's file\ndef _other_impl(q):\n  return q\n";
  const fs::path path = scratch.Write("other_kernel.py", bytes);
  const OtherKernel other(bytes);
  const tilewalk::kernel::KernelInfo& flash = tilewalk::test::FlashWalk().kernel->info();
  const tilewalk::kernel::KernelInfo* registered[] = {&flash, &other.info};

  CHECK(KernelWithPinnedFile(tilewalk::base::Sha256Hex(bytes), flash, registered) == &other.info);
  CHECK(KernelWithPinnedFile(tilewalk::base::Sha256Hex(bytes), other.info, registered) == nullptr);
  CHECK(KernelWithPinnedFile(tilewalk::test::FlashWalk().pinned.sha256, other.info, registered) == &flash);

  const auto recognised = ReadPallasSource(flash, path, PallasSourceOrigin::Flag, registered);
  REQUIRE_FALSE(recognised.ok());
  CHECK(recognised.error().message ==
        "--pallas-source names '" + path.string() +
            "', which is other's other_kernel.py (its pinned file); flash expects "
            "flash_attention.py; give the path of jax's "
            "pallas/ops/tpu/flash_attention.py, or choose the kernel other "
            "(--kernel other)");
  // The same file, with no kernel that pins it: the kernel's own words about a wrong file.
  const auto unknown = ReadPallasSource(flash, path, PallasSourceOrigin::Flag);
  REQUIRE_FALSE(unknown.ok());
  CHECK(unknown.error().message ==
        "--pallas-source names '" + path.string() +
            "', which does not define _flash_attention_impl, so it is not the Pallas "
            "TPU flash attention file; give the path of jax's "
            "pallas/ops/tpu/flash_attention.py");
  // Read as the other kernel's, the file is its own; the origin names that kernel's variable.
  const auto own = ReadPallasSource(other.info, path, PallasSourceOrigin::Environment, registered);
  REQUIRE_MESSAGE(own.ok(), own.error().message);
  CHECK(PallasSourceOriginName(*own) == "TILEWALK_OTHER_SOURCE");
}

TEST_CASE("each kernel's cache file is named after its own Python file") {
  const OtherKernel other("def _other_impl():\n  pass\n");
  const auto kept =
      PallasCacheFile(other.info.python, tilewalk::test::FlashWalk().pinned, "/x/cache", nullptr);
  REQUIRE(kept);
  CHECK(kept->filename().string() == "other_kernel-15c420602cf2.py");
}

TEST_CASE("a kernel that declares no Python file is told so, not searched for") {
  tilewalk::kernel::KernelInfo bare;
  bare.name = "bare";
  const auto r = ReadPallasSource(bare, kFixtures / "fake_flash_attention.py", PallasSourceOrigin::Flag);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().message == "the kernel bare declares no Pallas file, so there is none to read");
}

TEST_CASE("with no file, the hint and the advice name the kernel's file, variable and fetch command") {
  const tilewalk::kernel::KernelInfo& flash = tilewalk::test::FlashWalk().kernel->info();
  CHECK(
      NoPallasHint(flash, true) ==
      "No Pallas file: give one with --pallas-source PATH or TILEWALK_PALLAS_SOURCE, or download the pinned "
      "one with 'tilewalk source fetch', to show flash_attention.py beside the mirror.");
  CHECK(PallasSourceAdvice(flash, true) ==
        "no Pallas flash_attention.py was found: run 'tilewalk source fetch' to download the pinned one, or "
        "pass --pallas-source PATH (or set TILEWALK_PALLAS_SOURCE, or install jax for python3). tilewalk "
        "works without it, on its C++ mirror");
  const OtherKernel other("def _other_impl(q):\n  return q\n");
  CHECK(NoPallasHint(other.info, false) ==
        "No Pallas file: give one with --pallas-source PATH or TILEWALK_OTHER_SOURCE, or download the pinned "
        "one with 'tilewalk source fetch --kernel other', to show other_kernel.py beside the mirror.");
  CHECK(Contains(PallasSourceAdvice(other.info, false), "run 'tilewalk source fetch --kernel other'"));
  CHECK(Contains(PallasSourceAdvice(other.info, false), "TILEWALK_OTHER_SOURCE"));
}
