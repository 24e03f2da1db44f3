// Issue 35's goal: a splash training step (forward, then backward, unfused and fused) at S = 8192, H = 1,
// D = 128, causal, float32, events recorded, within flash's goals for recording a training step (≤ 3 s,
// peak ≤ 256 MiB), with flash's in the same run for the ratio. And, for context, a sliding window of 512 at
// S = 4096: the grid steps splash runs and the copies it issues, beside flash's causal step at that length
// (flash cannot express the window).
// Each case runs in a forked child, as host_memory_bench.cpp's do, so that no case inherits another's heap;
// its peak is VmHWM over VmRSS at the start, after malloc_trim and a reset of the peak. The "step" cases
// run the library calls with the events each launch records (LaunchOptions::record_events); the
// "recording" cases are Recording::Record (events, step bookkeeping, checkpoints), the goal's own
// measurement (timeline_bench.cpp's RecordTrainingStep for flash), for splash through the registry and the
// scenario words "--q-len 8192 --kv-len 8192 --heads 1 --head-dim 128 --mask causal" (and --fused-bwd).
#include <benchmark/benchmark.h>
#include <malloc.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "kernels/api/scenario_args.hpp"
#include "kernels/flash/host_memory.hpp"
#include "kernels/flash/scenario.hpp"
#include "kernels/flash/scenario_options.hpp"
#include "kernels/flash/training_step.hpp"
#include "kernels/registry/registry.hpp"
#include "kernels/splash/backward.hpp"
#include "kernels/splash/forward_launch.hpp"
#include "kernels/splash/host_memory.hpp"
#include "kernels/splash/make_splash.hpp"
#include "kernels/splash/mask_kinds.hpp"
#include "tests/kernels/splash/backward_blocks.hpp"
#include "walkthrough/recording.hpp"

namespace {

using namespace tilewalk;

// What a case measured, sent back from its child.
struct SplashStepFigures {
  double seconds = 0;
  int64_t peak = -1;  // bytes above the child's resident set at the start
  double events = 0, steps = 0, steps_run = 0, copies = 0;
};

enum class SplashStepCase : int {
  FlashRecording = 0,
  FlashStep = 1,
  SplashUnfused = 2,
  SplashFused = 3,
  SplashRecordingUnfused = 4,
  SplashRecordingFused = 5,
};
enum class SplashStepMask : int { Causal8192 = 0, Window512At4096 = 1 };

int64_t SplashBenchStatusBytes(const std::string& field) {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.starts_with(field + ":")) return std::stoll(line.substr(field.size() + 1)) * 1024;
  return -1;
}

int64_t SplashBenchLength(SplashStepMask mask) {
  return mask == SplashStepMask::Causal8192 ? 8192 : 4096;
}

flash::Scenario SplashBenchFlashScenario(SplashStepMask mask) {
  flash::Scenario s;
  s.q_len = s.kv_len = static_cast<int>(SplashBenchLength(mask));
  s.heads = 1;
  s.head_dim = 128;
  s.causal = true;  // the window has no flash equivalent; causal stands beside it
  return s;
}

splash::Mask SplashBenchMask(SplashStepMask mask) {
  const int64_t n = SplashBenchLength(mask);
  const splash::SeqShape shape{n, n};
  if (mask == SplashStepMask::Causal8192) return splash::MultiHeadMask({splash::CausalMask(shape)});
  return splash::MultiHeadMask({splash::LocalMask(shape, {.left = 512, .right = 0}, 0)});
}

splash::SplashStepShape SplashBenchShape(SplashStepMask mask) {
  const int64_t n = SplashBenchLength(mask);
  return {.num_q_heads = 1, .num_kv_heads = 1, .q_len = n, .kv_len = n, .head_dim = 128, .head_dim_v = 128};
}

tpu::Array SplashBenchNormals(int64_t rows, uint64_t seed, float scale) {
  tpu::Array a(tpu::Shape{1, rows, 128}, tpu::DType::F32);
  std::mt19937_64 rng(seed);
  std::normal_distribution<float> normal(0.0f, scale);
  float* data = a.Data<float>();
  for (int64_t n = 0; n < a.size(); ++n) data[n] = normal(rng);
  return a;
}

void AddLaunchFigures(const tpu::LaunchResult& r, SplashStepFigures& f) {
  f.events += static_cast<double>(r.events.size());
  f.steps += static_cast<double>(r.stats.steps);
  f.steps_run += static_cast<double>(r.stats.steps_run);
  for (const tpu::OperandTraffic& c : r.stats.copies) f.copies += c.issued;
}

// The splash step: made, then its inputs, the forward launch with residuals, the backward.
void RunSplashStep(SplashStepMask mask, bool fused, SplashStepFigures& f) {
  const int64_t n = SplashBenchLength(mask);
  const splash::SplashMaskInfos made = splash::MakeSplashMaskInfos(
      SplashBenchMask(mask), {.block_sizes = splash::testing::BackwardBlocks(fused)});
  const tpu::Array q = SplashBenchNormals(n, 1, 1.0f / std::sqrt(128.0f));
  const tpu::Array k = SplashBenchNormals(n, 2, 1.0f), v = SplashBenchNormals(n, 3, 1.0f);
  const tpu::Array d_o = SplashBenchNormals(n, 4, 1.0f);
  const tpu::LaunchOptions options{.precision = tpu::Precision::Default, .record_events = true};
  const auto fwd = splash::BuildSplashForwardLaunch(
      made.fwd, {.q = &q, .k = &k, .v = &v}, {.block_sizes = made.block_sizes, .save_residuals = true});
  const tpu::LaunchResult forward = tpu::RunLaunch(fwd->spec, options);
  AddLaunchFigures(forward, f);
  const tpu::Array lse = fwd->Logsumexp();
  const splash::SplashBackwardResult backward = splash::RunSplashBackward(
      {.q = &q, .k = &k, .v = &v, .o = &fwd->out, .logsumexp = &lse, .d_o = &d_o}, made, options);
  if (forward.error || backward.error) f.steps = -1;
  for (const tpu::LaunchResult& r : backward.launches) AddLaunchFigures(r, f);
  benchmark::DoNotOptimize(backward.dq.RawData());
}

void RunFlashStep(SplashStepMask mask, bool recording, SplashStepFigures& f) {
  const flash::Scenario s = SplashBenchFlashScenario(mask);
  if (recording) {
    const auto r = walkthrough::Recording::Record(flash::Erased(s));
    f.events = static_cast<double>(r->EventCount());
    return;
  }
  const flash::ScenarioInputs data = flash::MakeInputs(s);
  const flash::TrainingStepResult r = flash::RunTrainingStep(
      data.inputs, data.d_o, s.Config(),
      {.launch = {.chip = s.ChipPreset(), .precision = s.precision, .record_events = true}});
  if (r.error) f.steps = -1;
  for (const flash::LaunchOutcome& l : r.launches) AddLaunchFigures(l.result, f);
}

// The splash scenario of the recording cases, in the words `check --kernel splash` takes.
kernel::Scenario SplashBenchRecordedScenario(SplashStepMask mask, bool fused) {
  const std::string n = std::to_string(SplashBenchLength(mask));
  std::vector<std::string> words = {"--q-len", n, "--kv-len", n, "--heads", "1", "--head-dim", "128"};
  if (mask == SplashStepMask::Causal8192) {
    words.insert(words.end(), {"--mask", "causal"});
  } else {
    words.insert(words.end(), {"--mask", "local", "--window", "512"});
  }
  if (fused) words.push_back("--fused-bwd");
  return *kernel::ParseScenario(*kernel::FindKernel("splash"), words);
}

void RecordSplashStep(SplashStepMask mask, bool fused, SplashStepFigures& f) {
  const auto r = walkthrough::Recording::Record(SplashBenchRecordedScenario(mask, fused));
  if (r == nullptr || r->error()) f.steps = -1;
  if (r != nullptr) f.events = static_cast<double>(r->EventCount());
}

bool IsRecordingCase(SplashStepCase c) {
  return c == SplashStepCase::FlashRecording || c == SplashStepCase::SplashRecordingUnfused ||
         c == SplashStepCase::SplashRecordingFused;
}

SplashStepFigures MeasureInChild(SplashStepCase c, SplashStepMask mask) {
  SplashStepFigures f;
  int fds[2];
  if (pipe(fds) != 0) return f;
  const pid_t child = fork();
  if (child == 0) {
    close(fds[0]);
    malloc_trim(0);
    std::ofstream("/proc/self/clear_refs") << "5";
    const int64_t before = SplashBenchStatusBytes("VmRSS");
    const auto start = std::chrono::steady_clock::now();
    if (c == SplashStepCase::FlashRecording || c == SplashStepCase::FlashStep)
      RunFlashStep(mask, c == SplashStepCase::FlashRecording, f);
    else if (c == SplashStepCase::SplashRecordingUnfused || c == SplashStepCase::SplashRecordingFused)
      RecordSplashStep(mask, c == SplashStepCase::SplashRecordingFused, f);
    else
      RunSplashStep(mask, c == SplashStepCase::SplashFused, f);
    f.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    f.peak = before < 0 ? -1 : SplashBenchStatusBytes("VmHWM") - before;
    const bool sent = write(fds[1], &f, sizeof f) == static_cast<ssize_t>(sizeof f);
    _exit(sent ? 0 : 1);
  }
  close(fds[1]);
  if (child < 0 || read(fds[0], &f, sizeof f) != static_cast<ssize_t>(sizeof f)) f.peak = -1;
  close(fds[0]);
  if (child > 0) waitpid(child, nullptr, 0);
  return f;
}

double SplashBenchEstimate(SplashStepCase c, SplashStepMask mask) {
  if (c == SplashStepCase::FlashRecording || c == SplashStepCase::FlashStep) {
    const kernel::HostMemory m = flash::EstimateHostMemory(SplashBenchFlashScenario(mask), {.record = true});
    // A step with events alone takes no checkpoints.
    return c == SplashStepCase::FlashRecording ? m.Total() : m.Total() - m.checkpoints;
  }
  if (c == SplashStepCase::SplashRecordingUnfused || c == SplashStepCase::SplashRecordingFused) {
    const kernel::Scenario s = SplashBenchRecordedScenario(mask, c == SplashStepCase::SplashRecordingFused);
    return s.kernel().EstimateHostMemory(s, {.record = true}).Total();
  }
  const bool fused = c == SplashStepCase::SplashFused;
  const splash::SplashMaskInfos made = splash::MakeSplashMaskInfos(
      SplashBenchMask(mask), {.block_sizes = splash::testing::BackwardBlocks(fused)});
  const kernel::HostMemory m = splash::EstimateHostMemory(SplashBenchShape(mask), made, {.record = true});
  return m.Total() - m.checkpoints;  // as flash's step: events alone, no checkpoints
}

void ReportSplashStep(benchmark::State& state, SplashStepCase c, SplashStepMask mask) {
  const double estimate = SplashBenchEstimate(c, mask);
  SplashStepFigures f;
  for (auto _ : state) {
    f = MeasureInChild(c, mask);
    state.SetIterationTime(f.seconds);
  }
  if (f.peak < 0 || f.steps < 0) {
    state.SkipWithError("the step failed, or its peak could not be measured (no /proc/self/clear_refs?)");
    return;
  }
  state.counters["seconds"] = f.seconds;
  state.counters["peak_MiB"] = static_cast<double>(f.peak) / (1 << 20);
  state.counters["estimate_MiB"] = estimate / (1 << 20);
  state.counters["estimate/peak"] = estimate / static_cast<double>(f.peak);
  state.counters["events"] = f.events;
  if (!IsRecordingCase(c)) {
    state.counters["steps"] = f.steps;
    state.counters["steps_run"] = f.steps_run;
    state.counters["copies"] = f.copies;
  }
}

// Args: case (0 flash recording, 1 flash step with events, 2 splash unfused, 3 splash fused, 4 splash
// recording unfused, 5 splash recording fused), mask (0 causal at 8192, 1 a window of 512 at 4096; flash
// runs causal there).
void BM_SplashTrainingStep(benchmark::State& state) {
  ReportSplashStep(state, static_cast<SplashStepCase>(state.range(0)),
                   static_cast<SplashStepMask>(state.range(1)));
}
BENCHMARK(BM_SplashTrainingStep)
    ->ArgNames({"case", "mask"})
    ->Args({0, 0})
    ->Args({1, 0})
    ->Args({2, 0})
    ->Args({3, 0})
    ->Args({4, 0})
    ->Args({5, 0})
    ->Args({1, 1})
    ->Args({2, 1})
    ->Args({3, 1})
    ->Iterations(1)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
