#include "app/gui/frame_timer.hpp"

#include <time.h>

#include <algorithm>
#include <cstdio>
#include <numeric>

namespace tilewalk::app {
namespace {

double ProcessCpuMs() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

}  // namespace

void FrameTimer::FrameStarts() {
  m_start = std::chrono::steady_clock::now();
  if (m_seen < kWarmUp) return;
  const double cpu = ProcessCpuMs();
  if (m_cpu_from < 0) {
    m_cpu_from = cpu;
    m_wall_from = m_start;
    m_cycles = 0;
  } else {
    ++m_cycles;
  }
  m_cpu_to = cpu;
  m_wall_to = m_start;
}

void FrameTimer::Restart() {
  m_ms.clear();
  m_cpu_from = -1;
}

double FrameTimer::CpuMsPerFrame() const {
  return m_cycles > 0 ? (m_cpu_to - m_cpu_from) / m_cycles : 0.0;
}

double FrameTimer::CoreShare() const {
  const double wall = std::chrono::duration<double, std::milli>(m_wall_to - m_wall_from).count();
  return m_cycles > 0 && wall > 0 ? (m_cpu_to - m_cpu_from) / wall : 0.0;
}

bool FrameTimer::FrameEnds() {
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - m_start).count();
  if (++m_seen > kWarmUp) m_ms.push_back(ms);
  return static_cast<int>(m_ms.size()) >= m_frames;
}

double FrameTimer::PercentileMs(int percent) const {
  if (m_ms.empty()) return 0.0;
  std::vector<double> sorted = m_ms;
  std::sort(sorted.begin(), sorted.end());
  return sorted[std::min(sorted.size() - 1, sorted.size() * static_cast<std::size_t>(percent) / 100)];
}

double FrameTimer::MaxMs() const {
  return m_ms.empty() ? 0.0 : *std::max_element(m_ms.begin(), m_ms.end());
}

std::string FrameTimer::Report(PixelSize size) const {
  const double mean = m_ms.empty() ? 0 : std::accumulate(m_ms.begin(), m_ms.end(), 0.0) / m_ms.size();
  char text[256];
  std::snprintf(
      text, sizeof text,
      "%zu frames at %dx%d: mean %.1f ms, p95 %.1f ms  p95_ms=%.1f max_ms=%.1f cpu_ms_per_frame=%.1f "
      "core_share=%.2f",
      m_ms.size(), size.width, size.height, mean, PercentileMs(95), PercentileMs(95), MaxMs(),
      CpuMsPerFrame(), CoreShare());
  return text;
}

}  // namespace tilewalk::app
