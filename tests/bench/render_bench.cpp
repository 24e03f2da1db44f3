// Rendering figures, both through headless EGL (llvmpipe, no display), so anyone can rerun them:
// - the GUI frame time: the tour screen with every pane open at 1920x1080 on a causal S=1024
//   launch, stepping one statement a frame, GL finished each frame; mean and p95 in milliseconds. (The
//   window's own figure, under Xvfb, comes from `tilewalk gui --benchmark-frames`.)
// - the export rate: `tilewalk export` of a causal S=1024 training step, a frame per grid step
//   (193 frames) at 1280x720, PNG writing and the recording included; frames per second.
#include <benchmark/benchmark.h>
#include <glad/gl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <sstream>
#include <vector>

#include "app/export/export_run.hpp"
#include "app/export/headless_renderer.hpp"
#include "app/screen/tour_screen.hpp"

namespace {

using namespace tilewalk;
using Clock = std::chrono::steady_clock;

void BM_GuiFrameHeadless(benchmark::State& state) {
  std::ostringstream warnings;
  auto opened = app::HeadlessRenderer::Open(
      {.layout = {.width = 1920, .height = 1080}, .look = {.font_pixels = app::FontPixelsForHeight(1080)}},
      warnings);
  if (!opened) {
    state.SkipWithError(opened.error().message.c_str());
    return;
  }
  app::HeadlessRenderer& renderer = **opened;
  session::TourSession session({.library_folder = TILEWALK_BENCH_GUI_LIBRARY});
  app::TourScreenState screen;
  screen.pane_backgrounds = false;  // as the window draws them
  std::vector<double> ms;
  for (auto _ : state) {
    const auto start = Clock::now();
    renderer.BeginFrame();
    app::DrawTourScreen(session, screen, 0.0f, 0.0);
    renderer.Render();
    glFinish();
    session.Apply({.kind = views::IntentKind::StepStatement, .value = 1});
    ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
  }
  std::sort(ms.begin(), ms.end());
  double sum = 0;
  for (double m : ms) sum += m;
  state.counters["mean_ms"] = sum / static_cast<double>(ms.size());
  state.counters["p95_ms"] = ms[std::min(ms.size() - 1, ms.size() * 95 / 100)];
}
BENCHMARK(BM_GuiFrameHeadless)->Iterations(200)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_ExportFrames(benchmark::State& state) {
  const std::filesystem::path out =
      std::filesystem::temp_directory_path() / ("tilewalk-bench-export-" + std::to_string(getpid()));
  int frames = 0;
  double seconds = 0;
  for (auto _ : state) {
    std::filesystem::remove_all(out);
    std::ostringstream err;
    const auto start = Clock::now();
    const app::VerbResult code =
        app::RunExport({.scenario = flash::Scenario{.q_len = 1024, .kv_len = 1024, .causal = true},
                        .out = out,
                        .size = {.width = 1280, .height = 720},
                        .every = app::FrameEvery::Step},
                       err);
    seconds += std::chrono::duration<double>(Clock::now() - start).count();
    if (!code || *code != app::ExitCode::Ok) {
      state.SkipWithError((err.str() + (code ? "" : code.error().message)).c_str());
      break;
    }
    frames += static_cast<int>(std::distance(std::filesystem::directory_iterator(out / "frames"),
                                             std::filesystem::directory_iterator()));
  }
  std::filesystem::remove_all(out);
  state.counters["frames"] = frames;
  state.counters["frames_per_second"] = seconds > 0 ? frames / seconds : 0;
}
BENCHMARK(BM_ExportFrames)->Iterations(1)->Unit(benchmark::kSecond)->UseRealTime();

}  // namespace
