// One progress line for every verb whose work can take more than about a second (check, trace, export,
// tour --print). On a terminal it appears once the work has run for a second, is redrawn in place at most
// ten times a second, says how to stop, and is erased when the work ends, so that what the verb prints
// afterwards starts on a clean line:
//   export: frames [##########----------]  120/240  31.5/s  (Ctrl-C stops)
//   trace: recording the scenario  4 s  (Ctrl-C stops)
// Counted work calls Update(done, total); work that cannot count (one long call into the simulator) names
// its phase with Phase(), and a ticker thread keeps the seconds moving. On anything but a terminal (a log
// file, a test) it draws nothing. After a first Ctrl-C (base::InterruptGuard) the line says the work is
// stopping and that a second Ctrl-C stops it at once.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <ostream>
#include <string>
#include <string_view>
#include <thread>

namespace tilewalk::app {

class ProgressLine {
 public:
  // `label` is the verb ("export"); `is_terminal` whether `out` is a terminal (StderrIsTerminal()).
  ProgressLine(std::ostream& out, std::string label, bool is_terminal);
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;
  ~ProgressLine();  // Finish()

  static bool StderrIsTerminal();

  // Counted work: `done` of `total` `unit` ("stops", "frames", "grid steps").
  void Update(std::int64_t done, std::int64_t total, std::string_view unit);
  // Uncounted work: the line shows `what` and the seconds it has taken so far.
  void Phase(std::string_view what);
  // Erases the line, if one was drawn; Update or Phase may follow.
  void Finish();

  // `done` units over the seconds since the line was made.
  double RatePerSecond(std::int64_t done) const;

 private:
  void DrawLocked();
  void StopTicker();

  std::ostream& m_out;
  std::string m_label;
  bool m_terminal;
  std::chrono::steady_clock::time_point m_start, m_phase_start, m_last_draw;
  std::mutex m_mutex;
  std::condition_variable m_wake;
  std::string m_text;                     // the phase, or the unit of counted work
  std::int64_t m_done = 0, m_total = -1;  // m_total < 0: a phase
  std::size_t m_drawn = 0;                // characters on screen, to erase
  bool m_stopping = false;
  std::thread m_ticker;
};

}  // namespace tilewalk::app
