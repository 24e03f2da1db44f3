#include "app/gui/frame_timer.hpp"

#include <algorithm>
#include <cstdio>
#include <numeric>

namespace tilewalk::app {

void FrameTimer::FrameStarts() {
  m_start = std::chrono::steady_clock::now();
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
  char text[160];
  std::snprintf(text, sizeof text, "%zu frames at %dx%d: mean %.1f ms, p95 %.1f ms", m_ms.size(), size.width,
                size.height, mean, PercentileMs(95));
  return text;
}

}  // namespace tilewalk::app
