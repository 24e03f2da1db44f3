// Splash through the registry only: found by name, scenarios parsed from words, prepared, run to the end
// and compared with the dense reference; stepped grid step by grid step to the same outputs; its bad input
// refused with a message naming what was wrong; and an error of a later launch's trace leaving nothing run.
#include <doctest/doctest.h>
#include <sys/stat.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "kernels/api/memory_guard.hpp"
#include "kernels/api/scenario_args.hpp"
#include "kernels/registry/registry.hpp"
#include "walkthrough/kernel_walk.hpp"

using namespace tilewalk;

namespace {

const kernel::Kernel& Splash() {
  const kernel::Kernel* k = kernel::FindKernel("splash");
  REQUIRE(k != nullptr);
  return *k;
}

kernel::Scenario SplashWords(const std::vector<std::string>& words) {
  auto parsed = kernel::ParseScenario(Splash(), words);
  REQUIRE_MESSAGE(parsed.ok(), (parsed.ok() ? "" : parsed.error().message));
  return *parsed;
}

std::filesystem::path SplashTempDir() {
  const auto dir =
      std::filesystem::temp_directory_path() / ("tilewalk_splash_entry_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  return dir;
}

std::string WriteSplashFile(const std::string& name, const std::string& text) {
  const auto path = SplashTempDir() / name;
  std::ofstream(path) << text;
  return path.string();
}

// A banded mask: query r attends keys r-40 .. r+3 and the first 8 keys (a "sink" column block).
std::string BandedMaskText(int q_len, int kv_len) {
  std::string text;
  for (int r = 0; r < q_len; ++r) {
    for (int c = 0; c < kv_len; ++c) text += (c < 8 || (c >= r - 40 && c <= r + 3)) ? '1' : '0';
    text += '\n';
  }
  return text;
}

struct SplashEnded {
  kernel::RunResult result;
  kernel::ReferenceComparison comparison;
};

SplashEnded RunSplashToEnd(const kernel::Scenario& s) {
  REQUIRE(kernel::CheckRunnable(s, {.record = false}).ok());
  auto run = Splash().Prepare(s, {.record_events = false});
  REQUIRE_MESSAGE(!run->error(), (run->error() ? run->error()->message : ""));
  SplashEnded ended;
  ended.result = run->RunToEnd();
  REQUIRE_MESSAGE(!ended.result.error, (ended.result.error ? ended.result.error->message : ""));
  ended.comparison = run->CompareWithReference(ended.result.outputs);
  return ended;
}

}  // namespace

TEST_CASE("the registry lists splash beside flash") {
  const kernel::KernelInfo& info = Splash().info();
  CHECK(info.name == "splash");
  CHECK(info.title == "Pallas TPU splash attention");
  CHECK(info.source_folder == "kernels/splash/");
  CHECK(info.launches.size() == 3);
  CHECK(info.FindLaunch("dkv")->axes.rows == 2);
  CHECK(kernel::KernelNames() == "flash, splash");
  for (const char* key : {"heads", "kv_heads", "q_len", "kv_len", "head_dim", "dtype", "precision", "chip",
                          "pad", "seed", "segments", "forward_only", "vmem_limit_bytes"}) {
    const kernel::ScenarioField* mine = info.scenario.Find(key);
    const kernel::ScenarioField* flash = kernel::FindKernel("flash")->info().scenario.Find(key);
    REQUIRE_MESSAGE(mine, key);
    REQUIRE_MESSAGE(flash, key);
    CHECK(mine->flag == flash->flag);
    CHECK(mine->kind == flash->kind);
  }
  CHECK(info.assets.fingerprint.size() == 1);
  CHECK(!info.assets.sites.empty());
  for (const char* preset : {"causal-4096", "window-512-4096", "small", "mqa"})
    CHECK_MESSAGE(kernel::ParseScenario(Splash(), std::vector<std::string>{"--scenario", preset}).ok(),
                  preset);
}

TEST_CASE("a scenario's words write back as the same scenario") {
  const kernel::Scenario s = SplashWords({"--mask", "local", "--window", "64", "--window-right", "8",
                                          "--fused-bwd", "--soft-cap", "20", "--block-kv-compute", "64"});
  const auto again = kernel::ParseScenario(Splash(), s.ToFlags());
  REQUIRE(again.ok());
  CHECK(again->Canonical() == s.Canonical());
  CHECK(s.Canonical().find("--mask local --window 64 --window-right 8") != std::string::npos);
  CHECK(kernel::Scenario(Splash()).Canonical().find("--mask full") != std::string::npos);
}

TEST_CASE("splash runs to the end and agrees with the dense reference, scenario by scenario") {
  const std::string banded = WriteSplashFile("banded.txt", BandedMaskText(256, 384));
  const std::vector<std::vector<std::string>> scenarios = {
      {"--mask", "full", "--q-len", "256", "--kv-len", "256"},
      {"--mask", "causal", "--q-len", "384", "--kv-len", "384", "--heads", "2"},
      {"--mask", "local", "--window", "100", "--window-right", "20", "--q-len", "512", "--kv-len", "512"},
      {"--mask", "array", "--mask-file", banded, "--q-len", "256", "--kv-len", "384"},
      {"--mask", "causal", "--heads", "4", "--kv-heads", "1", "--q-len", "256", "--kv-len", "256"},
      {"--mask", "causal", "--heads", "4", "--kv-heads", "2", "--q-len", "256", "--kv-len", "256"},
      {"--mask", "causal", "--dtype", "bfloat16", "--q-len", "256", "--kv-len", "256"},
      {"--mask", "causal", "--q-len", "256", "--kv-len", "512"},
      {"--mask", "causal", "--fused-bwd", "--q-len", "384", "--kv-len", "384", "--heads", "2"},
      {"--mask", "full", "--soft-cap", "5", "--segments", "3", "--q-len", "256", "--kv-len", "256"},
      {"--mask", "causal", "--precision", "highest", "--block-kv", "256", "--block-kv-compute", "128",
       "--q-len", "256", "--kv-len", "256"},
  };
  for (const auto& words : scenarios) {
    const kernel::Scenario s = SplashWords(words);
    CAPTURE(s.Canonical());
    const SplashEnded ended = RunSplashToEnd(s);
    const kernel::ReferenceComparison& c = ended.comparison;
    REQUIRE(c.outputs.size() == 5);
    std::string figures;
    for (const kernel::OutputError& e : c.outputs) {
      figures +=
          " " + e.name + " " + std::to_string(e.max_abs) + "/" + std::to_string(e.tolerance * e.magnitude);
      CHECK_MESSAGE(e.pass, e.name);
    }
    MESSAGE(s.Canonical() << " |" << figures);
    CHECK(ended.result.outputs.Find("logsumexp") != nullptr);
    CHECK(ended.result.launches.size() == (s.Canonical().find("--fused-bwd") == std::string::npos ? 3u : 2u));
  }
}

TEST_CASE("forward only runs one launch, with o alone") {
  const SplashEnded ended = RunSplashToEnd(
      SplashWords({"--mask", "causal", "--forward-only", "--q-len", "256", "--kv-len", "256"}));
  CHECK(ended.result.launches.size() == 1);
  CHECK(ended.result.outputs.named.size() == 1);
  REQUIRE(ended.comparison.outputs.size() == 1);
  CHECK(ended.comparison.pass);
}

TEST_CASE("stepping each launch grid step by grid step gives the outputs of a run to the end") {
  for (const char* mask : {"causal", "local"}) {
    const kernel::Scenario s =
        SplashWords({"--mask", mask, "--window", "130", "--heads", "2", "--q-len", "384", "--kv-len", "384"});
    auto stepped = Splash().Prepare(s, {.record_events = true, .threads = 1});
    REQUIRE(!stepped->error());
    REQUIRE(stepped->LaunchCount() == 3);
    const char* names[] = {"fwd", "dkv", "dq"};
    for (int i = 0; i < stepped->LaunchCount(); ++i) {
      stepped->BeforeLaunch(i);
      tpu::LaunchRunner& runner = stepped->Runner(i);
      CHECK(runner.spec().name == names[i]);
      while (!runner.Finished()) runner.RunStep();
      CHECK(!runner.error());
    }
    const kernel::Outputs by_steps = stepped->CollectOutputs();
    const kernel::RunResult to_end = Splash().Prepare(s, {.record_events = false})->RunToEnd();
    REQUIRE(!to_end.error);
    REQUIRE(by_steps.named.size() == 5);
    for (const auto& [name, array] : by_steps.named) {
      CAPTURE(name);
      REQUIRE(to_end.outputs.Find(name));
      CHECK(array->BitwiseEqual(*to_end.outputs.Find(name)));
    }
  }
}

namespace {

std::string SplashRefusal(const std::vector<std::string>& words) {
  const auto parsed = kernel::ParseScenario(Splash(), words);
  REQUIRE(parsed.ok());
  const base::Status checked = kernel::CheckRunnable(*parsed, {.record = false});
  REQUIRE(!checked.ok());
  CHECK(checked.error().reason == base::Reason::Usage);
  return checked.error().message;
}

bool SplashSays(const std::string& message, const std::string& part) {
  return message.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("a bad window or mask file is refused when the scenario is checked, naming what was wrong") {
  const std::string window0 = SplashRefusal({"--mask", "local", "--window", "0"});
  CHECK(SplashSays(window0, "--window must be at least 1"));
  const std::string too_long = SplashRefusal({"--mask", "local", "--window", "600", "--kv-len", "512"});
  CHECK(SplashSays(too_long, "--window 600 is longer than the keys (--kv-len 512)"));
  CHECK(SplashSays(SplashRefusal({"--mask", "local", "--window-right", "513"}), "--window-right 513"));
  CHECK(SplashSays(SplashRefusal({"--mask", "array"}), "--mask array needs --mask-file FILE"));
  CHECK(SplashSays(SplashRefusal({"--mask-file", "x.txt"}), "add --mask array"));

  const std::string expected = "expected q_len = 4 lines of kv_len = 3 characters 0 or 1";
  const auto refusal_of = [&](const std::string& path) {
    return SplashRefusal({"--mask", "array", "--mask-file", path, "--q-len", "4", "--kv-len", "3"});
  };
  const std::string short_line = WriteSplashFile("short.txt", "111\n11\n111\n111\n");
  const std::string message = refusal_of(short_line);
  CHECK(SplashSays(message, short_line));
  CHECK(SplashSays(message, "line 2 has 2 characters; " + expected));
  CHECK(SplashSays(refusal_of(WriteSplashFile("rows.txt", "111\n111\n111\n")), "3 lines; " + expected));
  CHECK(SplashSays(refusal_of(WriteSplashFile("many.txt", "111\n111\n111\n111\n111\n")),
                   "more than 4 lines; " + expected));
  CHECK(SplashSays(refusal_of(WriteSplashFile("char.txt", "111\n1x1\n111\n111\n")),
                   "line 2, column 2 holds 'x'; " + expected));
  CHECK(SplashSays(refusal_of(WriteSplashFile("huge.txt", std::string(4096, '1'))), expected));
  const std::string missing = (SplashTempDir() / "missing.txt").string();
  CHECK(SplashSays(refusal_of(missing), "--mask-file " + missing + ": "));
  const std::string fifo = (SplashTempDir() / "fifo").string();
  std::filesystem::remove(fifo);
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  const std::string fifo_message = refusal_of(fifo);
  CHECK(SplashSays(fifo_message, fifo));
  CHECK(SplashSays(fifo_message, expected));
  // CRLF line ends read as the same mask.
  const std::string crlf = WriteSplashFile("crlf.txt", "111\r\n011\r\n001\r\n000\r\n");
  CHECK(kernel::CheckRunnable(
            SplashWords({"--mask", "array", "--mask-file", crlf, "--q-len", "4", "--kv-len", "3"}),
            {.record = false})
            .ok());
}

TEST_CASE("the original's own errors come back from the library calls with their types and phases") {
  // A block that does not divide the sequence: MaskInfo's check, before any launch.
  auto run = Splash().Prepare(SplashWords({"--q-len", "200", "--kv-len", "256"}), {.record_events = false});
  REQUIRE(run->error());
  CHECK(run->error()->type == tpu::ErrorType::ValueError);
  CHECK(run->error()->phase == tpu::Phase::ArgumentCheck);
  CHECK(run->error_launch().empty());
  CHECK(run->RunToEnd().launches.empty());
}

TEST_CASE("an error of a later launch's trace leaves every launch unexecuted") {
  // Segment ids with a dK/dV q block that is not a multiple of 128: the dkv body's trace refuses it, after
  // the forward launch was traced and lowered but before it ran.
  auto run = Splash().Prepare(
      SplashWords({"--segments", "2", "--block-q-dkv", "64", "--q-len", "256", "--kv-len", "256"}),
      {.record_events = true});
  REQUIRE(run->error());
  CHECK(run->error()->type == tpu::ErrorType::NotImplementedError);
  CHECK(run->error()->phase == tpu::Phase::Tracing);
  CHECK(run->error_launch() == "dkv");
  REQUIRE(run->LaunchCount() >= 1);
  CHECK(run->Runner(0).next_step() == 0);
  CHECK(run->Runner(0).events().size() == 0);
  CHECK(run->CollectOutputs().named.empty());
  const kernel::RunResult result = run->RunToEnd();
  CHECK(result.error);
  CHECK(result.launches.empty());
  CHECK(result.outputs.named.empty());
}

TEST_CASE("splash's walkthrough assets load: a row for every site its C++ names, and one fingerprint") {
  const walkthrough::KernelWalk& walk = walkthrough::WalkOf(Splash());
  for (const walkthrough::Diagnostic& problem : walk.problems) MESSAGE(problem.ToString());
  CHECK(walk.problems.empty());
  CHECK(walk.pinned.commit == "15c420602cf29fc9a163efcb1f22d25443f8bbae");
  CHECK(walk.pinned.path.find("splash_attention_kernel.py") != std::string::npos);
  // Every literal site name of the mirror has its row (the pseudo-sites too: a step, copy and writeback row
  // per launch).
  const std::regex literal("\"(splash\\.[a-z_.0-9]*[a-z_0-9])\"");
  std::set<std::string> names;
  for (const EmbeddedFile& file : Splash().info().assets.mirror) {
    const std::string text(file.text);
    for (auto it = std::sregex_iterator(text.begin(), text.end(), literal); it != std::sregex_iterator();
         ++it)
      names.insert((*it)[1].str());
  }
  CHECK(names.size() > 250);
  for (const std::string& name : names) CHECK_MESSAGE(walk.sites.Find(name) != nullptr, name);
  for (const char* launch : {"fwd", "dkv", "dq"}) {
    CHECK(walk.sites.StepOf(launch) != nullptr);
    CHECK(walk.sites.CopyOf(launch, "q") != nullptr);
  }
  CHECK(walk.sites.WritebackOf("fwd", "logsumexp") != nullptr);
  CHECK(walk.sites.WritebackOf("dkv", "dk") != nullptr);
}

TEST_CASE("the memory guard refuses a huge splash scenario before making its tables") {
  const kernel::Scenario huge = SplashWords({"--mask", "causal", "--heads", "64", "--q-len", "1048576",
                                             "--kv-len", "1048576", "--block-q", "8", "--block-kv", "8"});
  const base::Status checked = kernel::CheckRunnable(huge, {.record = false});
  REQUIRE(!checked.ok());
  CHECK(checked.error().reason == base::Reason::TooLarge);
  CHECK(SplashSays(checked.error().message, "--q-len"));
  // A small one is estimated from its made kernel, and the estimate covers what the prepared run holds.
  const kernel::Scenario small = SplashWords({"--mask", "causal", "--q-len", "512", "--kv-len", "512"});
  const double estimate = Splash().EstimateHostMemory(small, {.record = false}).Total();
  CHECK(estimate >= double(Splash().Prepare(small, {.record_events = false})->HeldBytes()));
}
