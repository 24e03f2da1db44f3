// The machinery under RunChild and StreamingChild: spawning into a process group, one poll loop that
// drains stdout and stderr within their caps, feeds stdin, notices the child's exit (a pidfd) and an
// interrupt (the guard's wake descriptor), and the SIGTERM-then-SIGKILL stop. When a run ends, by itself or
// stopped, the rest of its process group (a grandchild left running) is killed. Internal to base/.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <memory>
#include <string_view>

#include "base/child_process.hpp"
#include "base/file_ops.hpp"
#include "base/interrupt_guard.hpp"
#include "base/result.hpp"

namespace tilewalk::base::detail {

class ChildCore {
 public:
  using Clock = std::chrono::steady_clock;

  // Starts spec.argv; stdin is a pipe when `stdin_pipe`, else /dev/null. An already recorded interrupt
  // or a failed spawn gives a run that has ended (done() is true).
  ChildCore(const ChildSpec& spec, bool stdin_pipe);
  ~ChildCore();
  ChildCore(const ChildCore&) = delete;
  ChildCore& operator=(const ChildCore&) = delete;

  bool done() const { return m_done; }
  const ChildRun& run() const { return m_run; }
  const ChildSpec& spec() const { return m_spec; }

  // Waits until the child exits and its output ends, until `deadline` (then it is stopped as TimedOut with
  // `detail`), or until an interrupt (stopped as Interrupted). Ends the run.
  void WaitUntil(Clock::time_point deadline, std::string_view detail);

  enum class WriteEnd : std::uint8_t { Written, Closed, Stalled, Interrupted };
  // Feeds all of `bytes` to stdin, waiting at most `stall` for each bit of progress.
  WriteEnd WriteAll(std::string_view bytes, std::chrono::milliseconds stall);
  void CloseStdin() { m_in.Reset(); }
  std::uint64_t bytes_written() const { return m_bytes_written; }

  // Stops the child's process group (SIGTERM, the grace, SIGKILL), reaps it and ends the run as `why`.
  void Stop(ChildEnd why, std::string_view detail);

 private:
  // One wait of at most `timeout_ms` for output, room on stdin (when `want_write`), the child's exit or an
  // interrupt; then reads what output there is and reaps the child if it exited.
  void Step(int timeout_ms, bool want_write);
  void Drain(Descriptor& fd, std::string& into, std::size_t cap, bool& truncated);
  void TryReap(bool block);
  void Finish();

  InterruptGuard m_guard;
  ChildSpec m_spec;
  ChildRun m_run;
  Clock::time_point m_start;
  pid_t m_pid = -1;
  Descriptor m_in, m_out, m_err, m_pidfd;
  int m_status = 0;
  bool m_reaped = false;
  bool m_done = false;
  std::uint64_t m_bytes_written = 0;
};

}  // namespace tilewalk::base::detail
