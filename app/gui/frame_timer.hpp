// Frame times for `gui --benchmark-frames N` and a script's `stats`: the wall time of each frame, from
// input to the swap, after a short warm-up, reported as mean, 95th percentile and maximum.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "app/pixel_size.hpp"

namespace tilewalk::app {

class FrameTimer {
 public:
  explicit FrameTimer(int frames) : m_frames(frames) {}
  void FrameStarts();
  // True when the last measured frame has ended.
  bool FrameEnds();
  // "300 frames at 1920x1080: mean 9.1 ms, p95 12.4 ms"
  std::string Report(PixelSize size) const;
  // Of the frames measured so far.
  int Measured() const { return static_cast<int>(m_ms.size()); }
  double PercentileMs(int percent) const;
  double MaxMs() const;
  // Forgets the frames measured so far (a script's `stats` reports the frames since the previous one).
  void Restart() { m_ms.clear(); }

  static constexpr int kWarmUp = 5;  // fonts and textures are built during the first frames

 private:
  int m_frames;
  int m_seen = 0;
  std::chrono::steady_clock::time_point m_start;
  std::vector<double> m_ms;
};

}  // namespace tilewalk::app
