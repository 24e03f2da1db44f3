#include "app/session/recording_job.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <utility>

namespace tilewalk::session {
namespace {

// Of the job's own thread. Pool threads it is the first to need are started from it and inherit it (an
// unprivileged thread cannot lower it again), so they stay behind the window too, for later recordings.
constexpr int kJobNiceness = 5;

}  // namespace

RecordingJob::RecordingJob(walkthrough::StopLander& lander, walkthrough::TourStop stop,
                           std::vector<std::string> flags)
    : m_flags(std::move(flags)), m_thread([this, &lander, stop = std::move(stop)] {
        // Behind the window's thread when the two want the same core: a frame is never late for a recording.
        setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), kJobNiceness);
        const walkthrough::RecordOptions options{.progress =
                                                     [this](int64_t done, int64_t total) {
                                                       m_total = total;
                                                       m_done = done;
                                                     },
                                                 .cancelled = [this] { return m_cancel.load(); }};
        m_landing = lander.Land(stop, options);
        if (m_landing.recording && !m_landing.cancelled)
          m_yardsticks = MeasureYardsticks(*m_landing.recording);
        m_finished = true;
      }) {}

RecordingJob::~RecordingJob() {
  Cancel();
  m_thread.join();
}

int RecordingJob::Percent() const {
  const int64_t total = m_total;
  return total > 0 ? static_cast<int>(100 * m_done / total) : 0;
}

}  // namespace tilewalk::session
