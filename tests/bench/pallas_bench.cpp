// The goals: resolving a Pallas file (outline, fingerprint, alignment to the pinned file, every
// site and passage) takes ≤ 100 ms for a 1 MB file, a crafted one included; and a frame costs nothing
// extra for it (the GUI frame with and without a 1 MB Pallas file, in the same run). The files are made
// here, of our own text: a module of generated kernels, and one of deep nesting and long bracketed lines.
#include <benchmark/benchmark.h>
#include <glad/gl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/export/headless_renderer.hpp"
#include "app/screen/tour_screen.hpp"
#include "kernels/flash/entry/kernel_entry.hpp"
#include "tests/bench/bench_renderer.hpp"
#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/library.hpp"
#include "walkthrough/pallas_index.hpp"

namespace {

using namespace tilewalk;
namespace fs = std::filesystem;

// About `bytes` of Python: many small kernels with loads, arithmetic, branches and docstrings, and the
// launch function the locator looks for.
std::vector<std::string> GeneratedModule(std::size_t bytes) {
  std::vector<std::string> lines = {
      "import functools", "LANES = 128", "", "def _flash_attention_impl(q, k, v):", "  return q", ""};
  std::size_t size = 0;
  for (int f = 0; size < bytes; ++f) {
    const std::string n = std::to_string(f);
    for (const std::string& line : std::vector<std::string>{
             "@functools.partial(jax.jit, static_argnums=(" + n + ",))",
             "def kernel_" + n + "(x_ref, m_ref, l_ref):",
             "  \"\"\"Kernel " + n + ": a running max and sum over one block.\"\"\"", "  m_prev = m_ref[...]",
             "  m_curr = x_ref[...].max(axis=1)  # row max",
             "  m_next = jnp.maximum(m_prev, m_curr + " + n + ")", "  alpha = jnp.exp(m_prev - m_next)",
             "  if alpha is None:", "    raise ValueError(f'block " + n + "')",
             "  l_ref[...] = alpha * l_ref[...] + jnp.sum(x_ref[...], axis=1)", "  m_ref[...] = m_next",
             ""}) {
      size += line.size() + 1;
      lines.push_back(line);
    }
  }
  return lines;
}

// About `bytes` of hostile Python: defs nested a thousand deep, lines of thousands of brackets, and an
// unterminated string at the end.
std::vector<std::string> CraftedModule(std::size_t bytes) {
  std::vector<std::string> lines = {"def _flash_attention_impl(q):"};
  std::size_t size = 0;
  for (int depth = 1; size < bytes / 2; ++depth) {
    lines.push_back(std::string(static_cast<std::size_t>(depth % 1000) + 1, ' ') + "def f(a):");
    size += lines.back().size() + 1;
  }
  while (size < bytes) {
    lines.push_back("x = " + std::string(2000, '(') + std::string(2000, ')'));
    size += lines.back().size() + 1;
  }
  lines.push_back("s = '''never closed");
  return lines;
}

walkthrough::PallasSource Source(std::vector<std::string> lines) {
  walkthrough::PallasSource source;
  source.path = "generated.py";
  source.lines = std::make_shared<const std::vector<std::string>>(std::move(lines));
  return source;
}

void ResolveFile(benchmark::State& state, std::vector<std::string> lines) {
  const walkthrough::KernelWalk& walk = walkthrough::WalkOf(flash::KernelEntry());
  const walkthrough::Library library = walkthrough::LoadLibrary(walk);
  const walkthrough::PallasSource source = Source(std::move(lines));
  std::size_t bytes = 0;
  for (const std::string& line : *source.lines) bytes += line.size() + 1;
  for (auto _ : state) {
    const walkthrough::PallasIndex index(source, walk.sites, library.passages, walk.pinned);
    benchmark::DoNotOptimize(index.sites().size());
  }
  state.counters["MiB"] = static_cast<double>(bytes) / (1 << 20);
}

void BM_ResolvePallasFile(benchmark::State& state) {
  ResolveFile(state, GeneratedModule(1 << 20));
}
BENCHMARK(BM_ResolvePallasFile)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_ResolveCraftedPallasFile(benchmark::State& state) {
  ResolveFile(state, CraftedModule(1 << 20));
}
BENCHMARK(BM_ResolveCraftedPallasFile)->Unit(benchmark::kMillisecond)->UseRealTime();

// The GUI frame at 1920x1080, stepping a statement a frame, with the 1 MB file in the source pane
// (range 1) or none (range 0): the file is resolved once, so the two should cost the same.
void BM_GuiFrameWithPallasFile(benchmark::State& state) {
  const fs::path file =
      fs::temp_directory_path() / ("tilewalk-bench-pallas-" + std::to_string(getpid()) + ".py");
  {
    std::ofstream out(file);
    for (const std::string& line : GeneratedModule(1 << 20)) out << line << "\n";
  }
  const std::unique_ptr<app::HeadlessRenderer> opened = bench::OpenBenchRenderer(state);
  if (!opened) return;
  app::HeadlessRenderer& renderer = *opened;
  session::SessionOptions options{.library_folder = TILEWALK_BENCH_GUI_LIBRARY};
  if (state.range(0) != 0) options.pallas_source = file;
  session::TourSession session(options);
  app::TourScreenState screen;
  screen.pane_backgrounds = false;
  std::vector<double> ms;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    renderer.BeginFrame();
    app::DrawTourScreen(session, screen, 0.0f, 0.0);
    renderer.Render();
    glFinish();
    session.Apply({.kind = views::IntentKind::StepStatement, .value = 1});
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  fs::remove(file);
  std::sort(ms.begin(), ms.end());
  double sum = 0;
  for (double m : ms) sum += m;
  state.counters["mean_ms"] = sum / static_cast<double>(ms.size());
  state.counters["p95_ms"] = ms[std::min(ms.size() - 1, ms.size() * 95 / 100)];
}
BENCHMARK(BM_GuiFrameWithPallasFile)
    ->Arg(0)
    ->Arg(1)
    ->Iterations(150)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
