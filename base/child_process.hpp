// Child processes with time limits and output caps (python3 for jax discovery, ffmpeg for video, curl).
// A child is run from an argv, never through a shell, with stdin from /dev/null, its stdout and stderr
// captured each up to a cap (the rest is read and dropped, so the child never blocks on a full pipe, and
// the run says it was cut), in its own process group. When the time limit passes, or when the user presses
// Ctrl-C or a SIGTERM arrives, the whole group gets SIGTERM and, after a grace period, SIGKILL, and the
// run says which child it was and why it stopped: "python3 did not finish within 3 s and was stopped", or
// "interrupted", never a child failure. RunChild holds an InterruptGuard while the child runs, so a Ctrl-C
// without an outer guard stops the child too, and the caller learns of it from the run.
// When a run ends, by itself or stopped, whatever is left of its process group is killed, so a grandchild
// cannot outlive it. StreamingChild (streaming_child.hpp) is the same with a stdin we write to.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.hpp"

namespace tilewalk::base {

struct ChildSpec {
  std::vector<std::string> argv{};               // argv[0] is looked up on PATH unless it holds a '/'
  std::string name = "";                         // how messages call the child; empty: argv[0]'s file name
  std::chrono::milliseconds time_limit{3000};    // RunChild: start to exit. StreamingChild: Finish() to exit
  std::chrono::milliseconds stall_limit{10000};  // StreamingChild: the longest a Write() waits for the child
  std::size_t stdout_cap = 1024 * 1024;          // bytes of stdout kept; the rest is read and dropped
  std::size_t stderr_cap = 64 * 1024;            // bytes of stderr kept
  std::chrono::milliseconds kill_grace{500};     // between SIGTERM and SIGKILL to the child's process group
};

enum class ChildEnd : std::uint8_t {
  NotStarted,   // it could not be run (spawn_errno says why: ENOENT when it is not on PATH)
  Exited,       // it exited by itself (exit_code)
  Signaled,     // a signal we did not send ended it (signal)
  TimedOut,     // we stopped it: its time limit passed, or it took no input for the stall limit
  Interrupted,  // we stopped it because the user pressed Ctrl-C or a SIGTERM arrived
};

struct ChildRun {
  std::string name;  // the child, as messages call it
  ChildEnd end = ChildEnd::NotStarted;
  int exit_code = -1;                    // when Exited
  int signal = 0;                        // Signaled: the signal; TimedOut, Interrupted: the last one we sent
  int spawn_errno = 0;                   // when NotStarted
  int interrupt_signal = 0;              // when Interrupted: SIGINT or SIGTERM
  std::string stop_detail = "";          // when TimedOut: "did not finish within 3 s"
  std::string out = "", err = "";        // captured output, each within its cap
  bool out_truncated = false;            // stdout went past stdout_cap
  bool err_truncated = false;            // stderr went past stderr_cap
  std::chrono::milliseconds elapsed{0};  // from start to the end of the run

  // Exited with code 0.
  bool Succeeded() const { return end == ChildEnd::Exited && exit_code == 0; }
  // "python3 exited with code 1", "ffmpeg was killed by SIGSEGV", "python3 did not finish within 3 s and
  // was stopped", "interrupted by Ctrl-C (SIGINT) while python3 ran; it was stopped".
  std::string Describe() const;
  // Ok when Succeeded(); else an Error whose message is Describe() and, for a failure, the last lines of
  // stderr (terminal-safe). Reasons: NotFound (not on PATH), ChildFailed, TimedOut, Interrupted.
  Result<void> Status() const;
};

// Runs the child to its end, or until its time limit or an interrupt stops it.
ChildRun RunChild(const ChildSpec& spec);

// The first executable file called `program` on PATH, as posix_spawnp would find it.
std::optional<std::filesystem::path> FindOnPath(std::string_view program);

// "3 s", "1.5 s", "250 ms": a limit as messages state it.
std::string DescribeDuration(std::chrono::milliseconds duration);

}  // namespace tilewalk::base
