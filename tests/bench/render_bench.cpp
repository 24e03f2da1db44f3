// Rendering figures, both through headless EGL (llvmpipe, no display), so anyone can rerun them:
// - the GUI frame time: the tour screen with every pane open at 1920x1080 on a causal S=1024
//   launch, stepping one statement a frame, GL finished each frame; mean and p95 in milliseconds. (The
//   window's own figure, under Xvfb, comes from `tilewalk gui --benchmark-frames`.)
// - the export rate: `tilewalk export` of a causal S=1024 training step, a frame per grid step
//   (193 frames) at 1280x720, PNG writing and the recording included; frames per second.
// - the grid at 256x256: the grid view alone filling a 1920x1080 frame, a third of a causal grid done;
//   wall time and process CPU time (which counts llvmpipe's threads) per frame in milliseconds, and the
//   vertices drawn. Argument 0: without the execution path; 1: with it; 2: an empty frame, the baseline.
#include <benchmark/benchmark.h>
#include <glad/gl.h>
#include <imgui.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <sstream>
#include <vector>

#include "app/export/export_run.hpp"
#include "app/export/headless_renderer.hpp"
#include "app/screen/tour_screen.hpp"
#include "app/views/grid_view.hpp"
#include "kernels/flash/scenario_options.hpp"
#include "tests/bench/bench_renderer.hpp"

namespace {

using namespace tilewalk;
using Clock = std::chrono::steady_clock;

void BM_GuiFrameHeadless(benchmark::State& state) {
  const std::unique_ptr<app::HeadlessRenderer> opened = bench::OpenBenchRenderer(state);
  if (!opened) return;
  app::HeadlessRenderer& renderer = *opened;
  bench::BenchTour tour;
  session::TourSession& session = tour.session;
  std::vector<double> ms;
  for (auto _ : state) {
    const auto start = Clock::now();
    renderer.BeginFrame();
    app::DrawTourScreen(session, tour.screen, 0.0f, 0.0);
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
    const app::VerbResult code = app::RunExport(
        {.scenario = flash::Erased(flash::Scenario{.q_len = 1024, .kv_len = 1024, .causal = true}),
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

views::GridPicture CausalGrid(int side) {
  views::GridPicture picture{
      .title = "Forward grid", .row_label = "q block", .col_label = "kv block", .rows = side, .cols = side};
  std::vector<views::CellState> cells(static_cast<std::size_t>(side) * static_cast<std::size_t>(side));
  const int done = side / 3;
  for (int r = 0; r < done; ++r)
    for (int c = 0; c < side; ++c)
      cells[static_cast<std::size_t>(r * side + c)] =
          c <= r ? views::CellState::Ran : views::CellState::Skipped;
  picture.slices.push_back({.batch = 0, .head = 0, .cells = std::move(cells)});
  picture.current = views::GridCell{0, done, 0};
  return picture;
}

void BM_Grid256Frame(benchmark::State& state) {
  const std::unique_ptr<app::HeadlessRenderer> opened = bench::OpenBenchRenderer(state);
  if (!opened) return;
  app::HeadlessRenderer& renderer = *opened;
  const views::GridPicture picture = CausalGrid(256);
  views::GridViewState view;
  view.show_order = state.range(0) != 0;
  double wall_ms = 0, cpu_ms = 0;
  for (auto _ : state) {
    const auto start = Clock::now();
    const std::clock_t cpu_start = std::clock();
    renderer.BeginFrame();
    ImGui::SetNextWindowPos({0, 0});
    ImGui::SetNextWindowSize(ImGui::GetIO().DisplaySize);
    ImGui::Begin("grid", nullptr, ImGuiWindowFlags_NoDecoration);
    if (state.range(0) < 2) views::DrawGridView(picture, view);
    ImGui::End();
    renderer.Render();
    glFinish();
    state.counters["vtx"] = ImGui::GetDrawData() ? ImGui::GetDrawData()->TotalVtxCount : -1;
    cpu_ms += 1000.0 * static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
    wall_ms += std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  }
  state.counters["wall_ms"] = wall_ms / static_cast<double>(state.iterations());
  state.counters["cpu_ms"] = cpu_ms / static_cast<double>(state.iterations());
}
BENCHMARK(BM_Grid256Frame)
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->Iterations(100)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
