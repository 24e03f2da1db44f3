// The tour screen while it plays in model time, drawn headless (EGL, llvmpipe, no display) at 1920x1080 with
// every pane open, GL finished each frame: a causal S = 1024 launch at 1 µs of TPU time a second of screen,
// 1/60 s of playback a frame. Per frame: wall time (mean, p95) and process CPU time (std::clock, which
// counts llvmpipe's threads), and the pixels the frame's triangles cover. Argument 0: the tour layout;
// 1: classroom mode.
#include <benchmark/benchmark.h>
#include <glad/gl.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <vector>

#include "app/gui/draw_cost.hpp"
#include "app/screen/tour_screen.hpp"
#include "app/views/play_rate.hpp"
#include "tests/bench/bench_renderer.hpp"

namespace {

using namespace tilewalk;

void BM_GuiFramePlaying(benchmark::State& state) {
  const std::unique_ptr<app::HeadlessRenderer> opened = bench::OpenBenchRenderer(state);
  if (!opened) return;
  app::HeadlessRenderer& renderer = *opened;
  bench::BenchTour tour;
  session::TourSession& session = tour.session;
  tour.screen.classroom = state.range(0) == 1;
  session.Apply(
      {.kind = views::IntentKind::SetPlayClock, .value = static_cast<int>(views::PlayClock::ModelTime)});
  session.Apply({.kind = views::IntentKind::SetPlayRate, .value = views::PlayRateValue(1.0)});
  session.Apply({.kind = views::IntentKind::TogglePlay});
  std::vector<double> wall;
  double cpu_ms = 0, pixels = 0;
  for (auto _ : state) {
    if (!session.playing()) session.Apply({.kind = views::IntentKind::TogglePlay});  // again from the start
    const auto start = std::chrono::steady_clock::now();
    const std::clock_t cpu_start = std::clock();
    renderer.BeginFrame();
    app::DrawTourScreen(session, tour.screen, 0.0f, 1.0 / 60.0);
    renderer.Render();
    glFinish();
    cpu_ms += 1000.0 * static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
    wall.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    if (const ImDrawData* data = ImGui::GetDrawData()) pixels += app::MeasureDrawCost(*data).pixels;
  }
  const auto frames = static_cast<double>(wall.size());
  std::sort(wall.begin(), wall.end());
  double sum = 0;
  for (double ms : wall) sum += ms;
  state.counters["mean_ms"] = sum / frames;
  state.counters["p95_ms"] = wall[std::min(wall.size() - 1, wall.size() * 95 / 100)];
  state.counters["cpu_ms"] = cpu_ms / frames;
  state.counters["fill_mpx"] = pixels / frames / 1e6;
}
BENCHMARK(BM_GuiFramePlaying)->Arg(0)->Arg(1)->Iterations(200)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
