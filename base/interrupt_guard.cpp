#include "base/interrupt_guard.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <ctime>
#include <mutex>

namespace tilewalk::base {
namespace {

constexpr int kSignals[] = {SIGINT, SIGTERM};

// What the handler touches: lock-free atomics only.
std::atomic<int> g_first_signal{0};
std::atomic<int64_t> g_first_signal_ns{0};  // 0 while the handler that records the first is still at work
std::atomic<int> g_wake_write{-1};
std::atomic<int> g_wake_read{-1};
static_assert(std::atomic<int>::is_always_lock_free, "the signal handler needs lock-free atomics");
static_assert(std::atomic<int64_t>::is_always_lock_free, "the signal handler needs lock-free atomics");

// What construction and destruction touch, under the mutex.
std::mutex g_mutex;
int g_depth = 0;
struct sigaction g_previous[2];

// One Ctrl-C can arrive twice: `timeout` and a shell send it to the process and to its process group, and
// threads let the two copies be delivered one after the other rather than merge, or on two threads at the
// same moment. A repeat of the first signal this soon is that echo, not a person insisting.
constexpr int64_t kEchoNs = 300'000'000;

int64_t MonotonicNs() {
  timespec now{};
  clock_gettime(CLOCK_MONOTONIC, &now);  // async-signal-safe
  return static_cast<int64_t>(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

// The first signal is the one whose handler claims g_first_signal; every other handler, on this thread
// later or on another thread at the same moment, sees it claimed. One that sees its time not yet written
// runs beside the first, so it is the same press.
extern "C" void OnInterruptSignal(int signal) {
  const int saved_errno = errno;
  const int64_t now = MonotonicNs();
  int none = 0;
  if (g_first_signal.compare_exchange_strong(none, signal)) {
    g_first_signal_ns.store(now);
    const int fd = g_wake_write.load();
    if (fd >= 0) {
      const char byte = 1;
      [[maybe_unused]] const ssize_t ignored = write(fd, &byte, 1);  // full pipe: it is readable already
    }
    errno = saved_errno;
    return;
  }
  const int64_t first_ns = g_first_signal_ns.load();
  if (signal == none && (first_ns == 0 || now - first_ns < kEchoNs)) {
    errno = saved_errno;
    return;
  }
  // A second signal: act as if no guard were there.
  struct sigaction fallback {};
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  sigaction(signal, &fallback, nullptr);
  raise(signal);  // blocked while this handler runs, delivered when it returns
  errno = saved_errno;
}

void Install() {
  g_first_signal.store(0);
  g_first_signal_ns.store(0);
  int fds[2];
  if (pipe2(fds, O_CLOEXEC | O_NONBLOCK) == 0) {
    g_wake_read.store(fds[0]);
    g_wake_write.store(fds[1]);
  }
  struct sigaction action {};
  action.sa_handler = OnInterruptSignal;
  sigemptyset(&action.sa_mask);
  for (int s : kSignals) sigaddset(&action.sa_mask, s);  // one handler at a time across both signals
  action.sa_flags = SA_RESTART;
  for (int i = 0; i < 2; ++i) sigaction(kSignals[i], &action, &g_previous[i]);
}

void Uninstall() {
  for (int i = 0; i < 2; ++i) sigaction(kSignals[i], &g_previous[i], nullptr);
  const int write_end = g_wake_write.exchange(-1), read_end = g_wake_read.exchange(-1);
  if (write_end >= 0) close(write_end);
  if (read_end >= 0) close(read_end);
}

}  // namespace

InterruptGuard::InterruptGuard() {
  const std::lock_guard lock(g_mutex);
  if (g_depth++ == 0) Install();
}

InterruptGuard::~InterruptGuard() {
  const std::lock_guard lock(g_mutex);
  if (--g_depth == 0) Uninstall();
}

bool InterruptGuard::Interrupted() const {
  return g_first_signal.load() != 0;
}

int InterruptGuard::Signal() const {
  return g_first_signal.load();
}

std::string_view InterruptGuard::SignalName() const {
  switch (g_first_signal.load()) {
    case SIGINT:
      return "SIGINT";
    case SIGTERM:
      return "SIGTERM";
    default:
      return "";
  }
}

Error InterruptGuard::AsError(std::string_view consequence) const {
  const int signal = Signal();
  const std::string how = signal == SIGTERM  ? "interrupted by SIGTERM"
                          : signal == SIGINT ? "interrupted by Ctrl-C (SIGINT)"
                                             : "interrupted";
  return {Reason::Interrupted, how + "; " + std::string(consequence)};
}

bool InterruptRequested() {
  const std::lock_guard lock(g_mutex);
  return g_depth > 0 && g_first_signal.load() != 0;
}

int InterruptSignal() {
  const std::lock_guard lock(g_mutex);
  return g_depth > 0 ? g_first_signal.load() : 0;
}

int InterruptWakeDescriptor() {
  return g_wake_read.load();
}

}  // namespace tilewalk::base
