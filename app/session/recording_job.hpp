// One stop's scenario recorded on a worker thread, so the window keeps drawing and taking keys meanwhile:
// the job lands the stop through the session's lander, counts the grid steps done, and stops between grid
// steps once cancelled. It also measures the recording's yardsticks, the one derived figure too slow for a
// frame (about 0.1 s at 4096 tokens). Destroying a job cancels it and waits for its thread.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "app/session/yardsticks.hpp"
#include "walkthrough/stop_landing.hpp"

namespace tilewalk::session {

class RecordingJob {
 public:
  RecordingJob(walkthrough::StopLander& lander, walkthrough::TourStop stop, std::vector<std::string> flags);
  ~RecordingJob();
  RecordingJob(const RecordingJob&) = delete;
  RecordingJob& operator=(const RecordingJob&) = delete;

  void Cancel() { m_cancel = true; }
  bool Finished() const { return m_finished; }
  int Percent() const;  // of the grid steps of all launches
  // Once Finished(): where the stop lands, and the flags that were recorded.
  const walkthrough::StopLanding& landing() const { return m_landing; }
  const std::vector<std::string>& flags() const { return m_flags; }
  std::optional<Yardsticks>& yardsticks() { return m_yardsticks; }  // none when nothing was recorded

 private:
  std::vector<std::string> m_flags;
  std::atomic<bool> m_cancel{false};
  std::atomic<bool> m_finished{false};
  std::atomic<int64_t> m_done{0}, m_total{0};
  walkthrough::StopLanding m_landing;      // written by the thread before m_finished, read after
  std::optional<Yardsticks> m_yardsticks;  // likewise
  std::thread m_thread;                    // last: it starts once everything above is ready
};

}  // namespace tilewalk::session
