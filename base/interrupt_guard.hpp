// The one interrupt guard. While an InterruptGuard lives, SIGINT (Ctrl-C) and SIGTERM do not kill the
// process: the handler only records the first signal in an atomic and writes a byte to a self-pipe (both
// async-signal-safe), and long work asks Interrupted() between steps, cleans up (removes its temporaries)
// and reports "interrupted". A poll loop (a child process, a window) can wait on WakeDescriptor() too, so it
// wakes at once rather than at its next timeout.
//
// Rules:
// - Guards nest. The outermost guard installs the handlers (sigaction, SA_RESTART) and clears the record;
//   inner guards share them; when the last guard dies the handlers that were there before are restored.
//   Make and destroy guards on one thread (the main one); the handler may run on any thread.
// - The same signal again within 300 ms of the first is its echo (`timeout` and shells send one Ctrl-C to
//   the process and to its group) and is ignored, also when the two copies are handled on two threads at
//   the same moment.
// - A second signal while guarded is the user insisting: the handler restores the default action and
//   raises the signal again, so the second Ctrl-C kills the process as if there were no guard. Temporaries
//   left then are named so that the next run removes them (temporary_name.hpp).
// - Once a signal is recorded it stays recorded until a new outermost guard is made, so inner work started
//   after the first Ctrl-C (a child process, say) sees it and does not start.
#pragma once

#include <string>
#include <string_view>

#include "base/result.hpp"

namespace tilewalk::base {

class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

  // True once SIGINT or SIGTERM arrived since the outermost guard was made.
  bool Interrupted() const;
  // The first signal that arrived (SIGINT or SIGTERM), or 0.
  int Signal() const;
  // "SIGINT", "SIGTERM", or "" before any signal.
  std::string_view SignalName() const;
  // Reason::Interrupted with "interrupted by Ctrl-C (SIGINT); " and then `consequence`, such as
  // "nothing was written to 'out'".
  Error AsError(std::string_view consequence) const;
};

// The same questions for code that holds no guard (a poll loop deep in a library): false and 0 when no
// guard lives.
bool InterruptRequested();
int InterruptSignal();
// A descriptor that becomes readable once a signal has been recorded, for poll(); -1 when no guard lives.
// Never read from it or close it.
int InterruptWakeDescriptor();

}  // namespace tilewalk::base
