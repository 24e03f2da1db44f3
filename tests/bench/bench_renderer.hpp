// The headless renderer the frame benchmarks draw with: EGL, no display, at 1920x1080 with the window's font
// for that height. Null, with the benchmark skipped and the reason given, when it cannot open.
#pragma once

#include <benchmark/benchmark.h>

#include <memory>
#include <sstream>

#include "app/export/headless_renderer.hpp"

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

}  // namespace tilewalk::bench
