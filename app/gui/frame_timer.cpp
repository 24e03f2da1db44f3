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

std::string FrameTimer::Report(PixelSize size) const {
  std::vector<double> sorted = m_ms;
  std::sort(sorted.begin(), sorted.end());
  const double mean = sorted.empty() ? 0 : std::accumulate(sorted.begin(), sorted.end(), 0.0) / sorted.size();
  const double p95 = sorted.empty() ? 0 : sorted[std::min(sorted.size() - 1, sorted.size() * 95 / 100)];
  char text[160];
  std::snprintf(text, sizeof text, "%zu frames at %dx%d: mean %.1f ms, p95 %.1f ms", sorted.size(),
                size.width, size.height, mean, p95);
  return text;
}

}  // namespace tilewalk::app
