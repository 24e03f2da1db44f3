// The headless renderer the frame benchmarks draw with: EGL, no display, at 1920x1080 with the window's font
// for that height. Null, with the benchmark skipped and the reason given, when it cannot open. And the tour
// screen they draw.
#pragma once

#include <benchmark/benchmark.h>

#include <memory>
#include <sstream>

#include "app/export/headless_renderer.hpp"
#include "app/screen/tour_screen.hpp"
#include "app/session/tour_session.hpp"

namespace tilewalk::bench {

inline std::unique_ptr<app::HeadlessRenderer> OpenBenchRenderer(benchmark::State& state) {
  std::ostringstream warnings;
  auto opened = app::HeadlessRenderer::Open(
      {.layout = {.width = 1920, .height = 1080}, .look = {.font_pixels = app::FontPixelsForHeight(1080)}},
      warnings);
  if (!opened) {
    state.SkipWithError(opened.error().message.c_str());
    return nullptr;
  }
  return std::move(*opened);
}

// The tour screen over the benchmarks' GUI library (a causal S = 1024 step), drawn as the window draws it:
// the renderer clears to the window colour, so the panes paint no ground of their own.
struct BenchTour {
  BenchTour() { screen.pane_backgrounds = false; }
  session::TourSession session{{.library_folder = TILEWALK_BENCH_GUI_LIBRARY}};
  app::TourScreenState screen;
};

}  // namespace tilewalk::bench
