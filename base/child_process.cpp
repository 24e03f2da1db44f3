#include "base/child_process.hpp"

#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>

#include "base/child_core.hpp"
#include "base/os_error.hpp"
#include "base/terminal_text.hpp"

namespace tilewalk::base {
namespace {

std::string SignalText(int signal) {
  const char* abbreviation = sigabbrev_np(signal);
  return abbreviation != nullptr ? "SIG" + std::string(abbreviation) : "signal " + std::to_string(signal);
}

// The last few lines of a child's stderr, terminal-safe, for "python3 exited with code 1: ...".
std::string StderrTail(const std::string& err) {
  constexpr std::size_t kMost = 400;
  std::string_view text = err;
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
    text.remove_suffix(1);
  if (text.size() > kMost) {
    text = text.substr(text.size() - kMost);
    if (const std::size_t newline = text.find('\n'); newline != std::string_view::npos)
      text.remove_prefix(newline + 1);
  }
  return TerminalSafe(text);
}

}  // namespace

std::string DescribeDuration(std::chrono::milliseconds duration) {
  const long long ms = duration.count();
  if (ms < 1000) return std::to_string(ms) + " ms";
  if (ms % 1000 == 0) return std::to_string(ms / 1000) + " s";
  return std::to_string(ms / 1000) + "." + std::to_string(ms % 1000 / 100) + " s";
}

std::string ChildRun::Describe() const {
  switch (end) {
    case ChildEnd::NotStarted:
      if (spawn_errno == ENOENT) return "there is no " + name + " on PATH";
      return "could not run " + name + " (" + SystemText(spawn_errno) + ")";
    case ChildEnd::Exited:
      return exit_code == 0 ? name + " finished" : name + " exited with code " + std::to_string(exit_code);
    case ChildEnd::Signaled:
      return name + " was killed by " + SignalText(signal);
    case ChildEnd::TimedOut:
      return name + " " + (stop_detail.empty() ? std::string("ran too long") : stop_detail) +
             " and was stopped";
    case ChildEnd::Interrupted: {
      const std::string how = interrupt_signal == SIGTERM  ? "interrupted by SIGTERM"
                              : interrupt_signal == SIGINT ? "interrupted by Ctrl-C (SIGINT)"
                                                           : "interrupted";
      return how + " while " + name + " ran; it was stopped";
    }
  }
  return name + " ended in an unknown way";
}

Result<void> ChildRun::Status() const {
  switch (end) {
    case ChildEnd::Exited:
      if (exit_code == 0) return Ok();
      [[fallthrough]];
    case ChildEnd::Signaled: {
      const std::string tail = StderrTail(err);
      return Error{Reason::ChildFailed, Describe() + (tail.empty() ? "" : ": " + tail)};
    }
    case ChildEnd::NotStarted:
      return Error{spawn_errno == ENOENT ? Reason::NotFound : Reason::ChildFailed, Describe()};
    case ChildEnd::TimedOut:
      return Error{Reason::TimedOut, Describe()};
    case ChildEnd::Interrupted:
      return Error{Reason::Interrupted, Describe()};
  }
  return Error{Reason::ChildFailed, Describe()};
}

ChildRun RunChild(const ChildSpec& spec) {
  const auto deadline = detail::ChildCore::Clock::now() + spec.time_limit;
  detail::ChildCore core(spec, false);
  core.WaitUntil(deadline, "did not finish within " + DescribeDuration(spec.time_limit));
  return core.run();
}

std::optional<std::filesystem::path> FindOnPath(std::string_view program) {
  if (program.empty()) return std::nullopt;
  const auto executable = [](const std::filesystem::path& candidate) {
    struct stat info {};
    return stat(candidate.c_str(), &info) == 0 && S_ISREG(info.st_mode) &&
           access(candidate.c_str(), X_OK) == 0;
  };
  if (program.find('/') != std::string_view::npos) {
    if (executable(std::filesystem::path(program))) return std::filesystem::path(program);
    return std::nullopt;
  }
  const char* path = std::getenv("PATH");
  std::string_view rest = path != nullptr ? path : "/bin:/usr/bin";
  while (true) {
    const std::size_t colon = rest.find(':');
    const std::string_view folder = rest.substr(0, colon);
    const std::filesystem::path candidate =
        std::filesystem::path(folder.empty() ? "." : std::string(folder)) / std::string(program);
    if (executable(candidate)) return candidate;
    if (colon == std::string_view::npos) return std::nullopt;
    rest.remove_prefix(colon + 1);
  }
}

}  // namespace tilewalk::base
