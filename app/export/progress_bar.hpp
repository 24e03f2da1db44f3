// A progress bar for a long export, redrawn in place on a terminal at most ten times a second:
//   export [##########----------]  120/240 frames  31.5 frames/s
// On anything but a terminal (a log file, a test) it draws nothing, and the caller prints a summary.
#pragma once

#include <chrono>
#include <ostream>

namespace tilewalk::app {

class ProgressBar {
 public:
  ProgressBar(std::ostream& out, int total, bool is_terminal);

  void Update(int done);
  void Finish();  // the last state, and a newline
  double FramesPerSecond(int done) const;

 private:
  void Draw(int done);

  std::ostream& m_out;
  int m_total;
  bool m_terminal;
  std::chrono::steady_clock::time_point m_start, m_last_draw;
  int m_last_done = 0;
};

}  // namespace tilewalk::app
