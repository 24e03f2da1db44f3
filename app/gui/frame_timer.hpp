// Frame times for `gui --benchmark-frames N`: the wall time of each frame, from input to the swap, over N
// frames after a short warm-up, reported as mean and 95th percentile.
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

  static constexpr int kWarmUp = 5;  // fonts and textures are built during the first frames

 private:
  int m_frames;
  int m_seen = 0;
  std::chrono::steady_clock::time_point m_start;
  std::vector<double> m_ms;
};

}  // namespace tilewalk::app
