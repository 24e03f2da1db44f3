#include "base/child_core.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <filesystem>
#include <string>
#include <vector>

#include "base/child_process.hpp"

extern char** environ;

namespace tilewalk::base::detail {
namespace {

// Milliseconds from now until `deadline`, rounded up so that a wait never ends just short of it.
int MillisecondsUntil(ChildCore::Clock::time_point deadline) {
  const auto left = deadline - ChildCore::Clock::now();
  if (left <= ChildCore::Clock::duration::zero()) return 0;
  const auto ms = std::chrono::ceil<std::chrono::milliseconds>(left).count();
  return static_cast<int>(std::min<long long>(ms, 60 * 60 * 1000));
}

void SetNonBlocking(int fd) {
  const int flags = fcntl(fd, F_GETFL);
  if (flags >= 0) fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

// A close-on-exec pipe; false (errno set) when none could be made.
bool OpenPipe(Descriptor& read_end, Descriptor& write_end) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) return false;
  read_end = Descriptor(fds[0]);
  write_end = Descriptor(fds[1]);
  return true;
}

// Makes `fd` the child's descriptor `target`, open across exec (dup2 onto itself would keep close-on-exec).
bool Install(int fd, int target) {
  if (fd == target) return fcntl(fd, F_SETFD, 0) == 0;
  return dup2(fd, target) == target;
}

// The child's side of a spawn, between fork and exec, so only async-signal-safe calls. Its stdin is `in`
// (or /dev/null when it is -1), its stdout and stderr the pipes' write ends. It gets its own process group,
// so that a stop reaches its children too; default dispositions with no blocked signals, whatever tilewalk
// ignores (SIGXFSZ, SIGPIPE) or catches (SIGINT, SIGTERM); and SIGKILL when tilewalk dies, even by SIGKILL,
// so that no curl or ffmpeg outlives it (PR_SET_PDEATHSIG; the spawning thread must live as long as the
// child, which holds: children are waited for by the thread that starts them). An exec that fails writes
// its errno to `report`.
[[noreturn]] void BecomeChild(const char* program, char* const* argv, pid_t parent, int in, int out, int err,
                              int report) {
  setpgid(0, 0);
  struct sigaction defaults {};
  defaults.sa_handler = SIG_DFL;
  for (const int s : {SIGINT, SIGTERM, SIGPIPE, SIGXFSZ, SIGHUP, SIGQUIT}) sigaction(s, &defaults, nullptr);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent) _exit(127);  // the parent is gone
  const int null_in = in >= 0 ? in : open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (null_in < 0 || !Install(null_in, STDIN_FILENO) || !Install(out, STDOUT_FILENO) ||
      !Install(err, STDERR_FILENO)) {
    const int failed = errno;
    [[maybe_unused]] const ssize_t said = write(report, &failed, sizeof failed);
    _exit(127);
  }
  execve(program, argv, environ);
  const int failed = errno;
  [[maybe_unused]] const ssize_t said = write(report, &failed, sizeof failed);
  _exit(127);
}

// Starts `words` as a child and returns its pid, or -1 with the errno of what failed in `failed` (a
// program not on PATH is ENOENT). The program is found on PATH here, before fork, where allocating is safe.
pid_t Spawn(const std::vector<std::string>& words, int in, int out, int err, int& failed) {
  std::string program = words.front();
  if (program.find('/') == std::string::npos) {
    const auto found = FindOnPath(program);
    if (!found) {
      failed = ENOENT;
      return -1;
    }
    program = found->string();
  }
  std::vector<std::string> copies = words;
  std::vector<char*> argv;
  for (std::string& word : copies) argv.push_back(word.data());
  argv.push_back(nullptr);
  Descriptor report_read, report_write;
  if (!OpenPipe(report_read, report_write)) {
    failed = errno;
    return -1;
  }
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid == 0) BecomeChild(program.c_str(), argv.data(), parent, in, out, err, report_write.get());
  if (pid < 0) {
    failed = errno;
    return -1;
  }
  report_write.Reset();
  int exec_errno = 0;
  ssize_t got;
  do {
    got = read(report_read.get(), &exec_errno, sizeof exec_errno);
  } while (got < 0 && errno == EINTR);
  if (got == static_cast<ssize_t>(sizeof exec_errno)) {  // the exec failed: reap the child, report why
    while (waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
    }
    failed = exec_errno;
    return -1;
  }
  return pid;
}

constexpr auto kLinger = std::chrono::milliseconds(100);  // output still open after the child exited

}  // namespace

ChildCore::ChildCore(const ChildSpec& spec, bool stdin_pipe) : m_spec(spec), m_start(Clock::now()) {
  m_run.name = !spec.name.empty()   ? spec.name
               : !spec.argv.empty() ? std::filesystem::path(spec.argv[0]).filename().string()
                                    : std::string("the child process");
  if (spec.argv.empty() || spec.argv[0].empty()) {
    m_run.spawn_errno = EINVAL;
    Finish();
    return;
  }
  if (m_guard.Interrupted()) {
    m_run.end = ChildEnd::Interrupted;
    m_run.interrupt_signal = m_guard.Signal();
    m_done = true;
    return;
  }
  Descriptor in_read, out_write, err_write;
  if ((stdin_pipe && !OpenPipe(in_read, m_in)) || !OpenPipe(m_out, out_write) ||
      !OpenPipe(m_err, err_write)) {
    m_run.spawn_errno = errno;
    Finish();
    return;
  }
  int failed = 0;
  m_pid = Spawn(spec.argv, stdin_pipe ? in_read.get() : -1, out_write.get(), err_write.get(), failed);
  if (m_pid < 0) {
    m_run.spawn_errno = failed;
    Finish();
    return;
  }
  // Our copies of the child's ends go now, so that its exit shows as end of file.
  in_read.Reset();
  out_write.Reset();
  err_write.Reset();
  if (m_in.valid()) SetNonBlocking(m_in.get());
  SetNonBlocking(m_out.get());
  SetNonBlocking(m_err.get());
  // A pidfd is readable when the child exits; without one (an old kernel), Step() polls every 20 ms.
  m_pidfd = Descriptor(static_cast<int>(syscall(SYS_pidfd_open, m_pid, 0)));
}

ChildCore::~ChildCore() {
  if (!m_done) Stop(ChildEnd::Interrupted, "");
}

void ChildCore::Drain(Descriptor& fd, std::string& into, std::size_t cap, bool& truncated) {
  char buffer[65536];
  for (int reads = 0; fd.valid() && reads < 16; ++reads) {
    const ssize_t got = read(fd.get(), buffer, sizeof buffer);
    if (got > 0) {
      const auto count = static_cast<std::size_t>(got);
      const std::size_t keep = std::min(count, cap - std::min(cap, into.size()));
      into.append(buffer, keep);
      if (keep < count) truncated = true;
    } else if (got < 0 && errno == EINTR) {
      continue;
    } else if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      return;
    } else {
      fd.Reset();  // end of file, or an error that will not go away
    }
  }
}

void ChildCore::TryReap(bool block) {
  if (m_reaped || m_pid <= 0) return;
  while (true) {
    const pid_t got = waitpid(m_pid, &m_status, block ? 0 : WNOHANG);
    if (got == m_pid) {
      m_reaped = true;
      m_pidfd.Reset();
      return;
    }
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {  // not our child any more (someone reaped it): treat it as gone
      m_reaped = true;
      m_status = 0;
      m_pidfd.Reset();
    }
    return;
  }
}

void ChildCore::Step(int timeout_ms, bool want_write) {
  pollfd fds[5];
  nfds_t count = 0;
  if (m_out.valid()) fds[count++] = {m_out.get(), POLLIN, 0};
  if (m_err.valid()) fds[count++] = {m_err.get(), POLLIN, 0};
  if (want_write && m_in.valid()) fds[count++] = {m_in.get(), POLLOUT, 0};
  if (m_pidfd.valid() && !m_reaped) fds[count++] = {m_pidfd.get(), POLLIN, 0};
  if (const int wake = InterruptWakeDescriptor(); wake >= 0 && !m_guard.Interrupted())
    fds[count++] = {wake, POLLIN, 0};
  if (!m_reaped && !m_pidfd.valid()) timeout_ms = std::min(timeout_ms, 20);
  if (poll(fds, count, timeout_ms) < 0 && errno != EINTR) {
    // Nothing sensible to wait on; avoid a busy loop.
    poll(nullptr, 0, std::min(timeout_ms, 20));
  }
  Drain(m_out, m_run.out, m_spec.stdout_cap, m_run.out_truncated);
  Drain(m_err, m_run.err, m_spec.stderr_cap, m_run.err_truncated);
  TryReap(false);
}

void ChildCore::WaitUntil(Clock::time_point deadline, std::string_view detail) {
  Clock::time_point linger_end{};
  while (!m_done) {
    if (m_guard.Interrupted()) return Stop(ChildEnd::Interrupted, "");
    if (m_reaped) {
      if (!m_out.valid() && !m_err.valid()) return Finish();
      // The child is gone but something it started holds its output open: read a moment longer, then stop.
      if (linger_end == Clock::time_point{}) linger_end = Clock::now() + kLinger;
      if (Clock::now() >= linger_end) return Finish();
      Step(MillisecondsUntil(linger_end), false);
      continue;
    }
    if (Clock::now() >= deadline) return Stop(ChildEnd::TimedOut, detail);
    Step(MillisecondsUntil(deadline), false);
  }
}

ChildCore::WriteEnd ChildCore::WriteAll(std::string_view bytes, std::chrono::milliseconds stall) {
  std::size_t done_bytes = 0;
  Clock::time_point progress = Clock::now();
  while (done_bytes < bytes.size()) {
    if (m_done)
      return m_run.end == ChildEnd::Interrupted ? WriteEnd::Interrupted
             : m_run.end == ChildEnd::TimedOut  ? WriteEnd::Stalled
                                                : WriteEnd::Closed;
    if (m_guard.Interrupted()) {
      Stop(ChildEnd::Interrupted, "");
      return WriteEnd::Interrupted;
    }
    if (!m_in.valid()) return WriteEnd::Closed;
    const long written =
        WriteWithoutSigpipe(m_in.get(), bytes.data() + done_bytes, bytes.size() - done_bytes);
    if (written > 0) {
      done_bytes += static_cast<std::size_t>(written);
      m_bytes_written += static_cast<std::uint64_t>(written);
      progress = Clock::now();
      continue;
    }
    if (written < 0 && errno == EINTR) continue;
    if (written < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
      m_in.Reset();  // EPIPE: the child closed its input
      return WriteEnd::Closed;
    }
    if (Clock::now() - progress >= stall) {
      Stop(ChildEnd::TimedOut, "took no input for " + DescribeDuration(stall));
      return WriteEnd::Stalled;
    }
    Step(MillisecondsUntil(progress + stall), true);
  }
  return WriteEnd::Written;
}

void ChildCore::Stop(ChildEnd why, std::string_view detail) {
  if (m_done) return;
  if (m_pid > 0) {
    if (!m_reaped) {
      kill(-m_pid, SIGTERM);
      m_run.signal = SIGTERM;
      const Clock::time_point grace_end = Clock::now() + m_spec.kill_grace;
      while (!m_reaped && Clock::now() < grace_end) Step(MillisecondsUntil(grace_end), false);
      if (!m_reaped) {
        kill(-m_pid, SIGKILL);
        m_run.signal = SIGKILL;
        TryReap(true);
      }
    }
    kill(-m_pid, SIGKILL);  // whatever else of its group is left; ESRCH when nothing is
  }
  m_in.Reset();
  m_out.Reset();
  m_err.Reset();
  m_run.end = why;
  m_run.stop_detail = std::string(detail);
  if (why == ChildEnd::Interrupted) m_run.interrupt_signal = m_guard.Signal();
  m_run.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - m_start);
  m_done = true;
}

void ChildCore::Finish() {
  if (m_done) return;
  if (m_pid > 0) {
    TryReap(true);
    kill(-m_pid, SIGKILL);  // when a run ends nothing of its group is left running; ESRCH when nothing is
    if (WIFEXITED(m_status)) {
      m_run.end = ChildEnd::Exited;
      m_run.exit_code = WEXITSTATUS(m_status);
    } else if (WIFSIGNALED(m_status)) {
      m_run.end = ChildEnd::Signaled;
      m_run.signal = WTERMSIG(m_status);
    }
  }
  m_in.Reset();
  m_out.Reset();
  m_err.Reset();
  m_run.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - m_start);
  m_done = true;
}

}  // namespace tilewalk::base::detail
