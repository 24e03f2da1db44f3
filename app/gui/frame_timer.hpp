// Frame times for `gui --benchmark-frames N` and a script's `stats`: the wall time of each frame, from
// input to the swap, after a short warm-up, reported as mean, 95th percentile and maximum; and the process's
// CPU time from one frame's start to the next (every thread: the software rasteriser's too), as a mean per
// frame and as a share of one core over the wall time it took.
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
  // "300 frames at 1920x1080: mean 9.1 ms, p95 12.4 ms  p95_ms=12.4 max_ms=20.3 cpu_ms_per_frame=15.0
  // core_share=0.62"
  std::string Report(PixelSize size) const;
  double CpuMsPerFrame() const;  // 0 before two frames have started
  double CoreShare() const;      // CPU time over wall time across those frames: 1.0 is one core busy
  // Of the frames measured so far.
  int Measured() const { return static_cast<int>(m_ms.size()); }
  double PercentileMs(int percent) const;
  double MaxMs() const;
  // Forgets the frames measured so far (a script's `stats` reports the frames since the previous one).
  void Restart();

  static constexpr int kWarmUp = 5;  // fonts and textures are built during the first frames

 private:
  int m_frames;
  int m_seen = 0;
  std::chrono::steady_clock::time_point m_start;
  std::vector<double> m_ms;
  // From the first frame start after the warm-up (or a restart) to the latest: CPU and wall time, frames.
  double m_cpu_from = -1, m_cpu_to = 0;
  std::chrono::steady_clock::time_point m_wall_from, m_wall_to;
  int m_cycles = 0;
};

}  // namespace tilewalk::app
