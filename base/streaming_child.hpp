// A child process whose stdin we write to while it runs: ffmpeg reading raw frames for `export --video`.
// The rules of child_process.hpp apply (no shell, own process group, capped stdout and stderr, SIGTERM then
// SIGKILL), plus two for the input pipe:
// - a Write() never blocks forever: it waits for the child to take input at most the stall limit at a time
//   (while still draining the child's output, so neither side can block the other), and a child that takes
//   nothing for that long is stopped and the Write() fails with TimedOut;
// - a child that closes its input (it failed, or needs no more) makes Write() fail with ChildFailed, never
//   kill tilewalk with SIGPIPE; Finish() then tells how the child ended and what it printed.
// Ctrl-C or SIGTERM stops the child and makes the next Write() or Finish() report Interrupted.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "base/child_process.hpp"
#include "base/result.hpp"

namespace tilewalk::base {

namespace detail {
class ChildCore;
}

class StreamingChild {
 public:
  // Starts the child with a pipe on its stdin. Fails when it cannot be run (NotFound when it is not on
  // PATH) or when an interrupt was already recorded.
  static Result<StreamingChild> Start(const ChildSpec& spec);

  StreamingChild(StreamingChild&&) noexcept;
  StreamingChild& operator=(StreamingChild&&) noexcept;
  StreamingChild(const StreamingChild&) = delete;
  StreamingChild& operator=(const StreamingChild&) = delete;
  // Unfinished: the child's process group is stopped (SIGTERM, then SIGKILL after the grace) and reaped.
  ~StreamingChild();

  // Writes all of `bytes` to the child's stdin, or fails as described above.
  Result<void> Write(std::string_view bytes);
  // Closes the child's stdin and waits for it to exit, at most the spec's time limit.
  ChildRun Finish();

  const std::string& name() const;

 private:
  explicit StreamingChild(std::unique_ptr<detail::ChildCore> core);
  std::unique_ptr<detail::ChildCore> m_core;
};

}  // namespace tilewalk::base
