#include "base/interrupt_guard.hpp"

#include <doctest/doctest.h>

#include <poll.h>

#include <atomic>
#include <chrono>
#include <thread>

#include <csignal>

#include "scratch.hpp"

using namespace tilewalk::base;

namespace {

extern "C" void CountingHandler(int) {}

using Handler = void (*)(int);

Handler CurrentHandler(int signal) {
  struct sigaction now {};
  sigaction(signal, nullptr, &now);
  return now.sa_handler;
}

bool Readable(int fd) {
  pollfd p{.fd = fd, .events = POLLIN, .revents = 0};
  return poll(&p, 1, 0) == 1 && (p.revents & POLLIN) != 0;
}

}  // namespace

TEST_CASE("without a guard nothing is recorded and there is nothing to wait on") {
  CHECK_FALSE(InterruptRequested());
  CHECK(InterruptSignal() == 0);
  CHECK(InterruptWakeDescriptor() == -1);
}

TEST_CASE("a guard records Ctrl-C instead of dying, and wakes a poll loop") {
  const InterruptGuard guard;
  CHECK_FALSE(guard.Interrupted());
  CHECK(guard.SignalName() == "");
  const int wake = InterruptWakeDescriptor();
  REQUIRE(wake >= 0);
  CHECK_FALSE(Readable(wake));
  raise(SIGINT);
  CHECK(guard.Interrupted());
  CHECK(guard.Signal() == SIGINT);
  CHECK(guard.SignalName() == "SIGINT");
  CHECK(InterruptRequested());
  CHECK(Readable(wake));
  const Error error = guard.AsError("nothing was written to 'frames'");
  CHECK(error.reason == Reason::Interrupted);
  CHECK(error.message == "interrupted by Ctrl-C (SIGINT); nothing was written to 'frames'");
}

TEST_CASE("SIGTERM is recorded too, and said as such") {
  const InterruptGuard guard;
  raise(SIGTERM);
  CHECK(guard.SignalName() == "SIGTERM");
  CHECK(guard.AsError("the dump was removed").message == "interrupted by SIGTERM; the dump was removed");
}

TEST_CASE("the handlers that were there before come back when the guard goes") {
  struct sigaction mine {};
  mine.sa_handler = CountingHandler;
  sigemptyset(&mine.sa_mask);
  struct sigaction old_int {
  }, old_term{};
  sigaction(SIGINT, &mine, &old_int);
  sigaction(SIGTERM, &mine, &old_term);
  {
    const InterruptGuard guard;
    CHECK((CurrentHandler(SIGINT) != CountingHandler));
    CHECK((CurrentHandler(SIGTERM) != CountingHandler));
  }
  CHECK((CurrentHandler(SIGINT) == CountingHandler));
  CHECK((CurrentHandler(SIGTERM) == CountingHandler));
  CHECK(InterruptWakeDescriptor() == -1);
  sigaction(SIGINT, &old_int, nullptr);
  sigaction(SIGTERM, &old_term, nullptr);
}

TEST_CASE("guards nest: inner guards share the record, and only the last one restores") {
  const Handler before = CurrentHandler(SIGINT);
  {
    const InterruptGuard outer;
    const Handler guarded = CurrentHandler(SIGINT);
    CHECK((guarded != before));
    {
      const InterruptGuard inner;
      CHECK((CurrentHandler(SIGINT) == guarded));
      raise(SIGINT);
      CHECK(inner.Interrupted());
      CHECK(outer.Interrupted());
    }
    CHECK((CurrentHandler(SIGINT) == guarded));  // the outer guard still holds
    CHECK(outer.Interrupted());
    const InterruptGuard later;  // work started after the Ctrl-C sees it
    CHECK(later.Interrupted());
  }
  CHECK((CurrentHandler(SIGINT) == before));
  CHECK_FALSE(InterruptRequested());
}

TEST_CASE("a new outermost guard starts with a clean record") {
  {
    const InterruptGuard first;
    raise(SIGINT);
    CHECK(first.Interrupted());
  }
  const InterruptGuard second;
  CHECK_FALSE(second.Interrupted());
  CHECK(second.Signal() == 0);
}

TEST_CASE("a second Ctrl-C kills the process as if there were no guard") {
  const auto end = testing::RunForked([] {
    const InterruptGuard guard;
    raise(SIGINT);
    if (!guard.Interrupted()) return 3;
    std::this_thread::sleep_for(std::chrono::milliseconds(400));  // a person's second press, not an echo
    raise(SIGINT);
    return 4;  // not reached: the second signal kills
  });
  CHECK(end.signal == SIGINT);
  CHECK_FALSE(end.exited);
}

TEST_CASE("the echo of one Ctrl-C (sent to the process and to its group at once) is not a second press") {
  const auto end = testing::RunForked([] {
    const InterruptGuard guard;
    raise(SIGINT);
    raise(SIGINT);  // as `timeout -s INT` or a terminal delivers it: twice, at once
    return guard.Interrupted() ? 0 : 3;
  });
  CHECK(end.exited);
  CHECK(end.code == 0);
}

TEST_CASE("the two copies of one Ctrl-C, handled on two threads at the same moment, are one press") {
  // A process-wide signal goes to any thread that does not block it, so while one thread runs the handler
  // for the first copy, another can run it for the echo. Each round raises SIGINT on two threads released
  // together; a handler that took the second for a person's second press would kill the child.
  const auto end = testing::RunForked(
      [] {
        for (int round = 0; round < 2000; ++round) {
          const InterruptGuard guard;
          std::atomic<int> ready{0};
          auto press = [&] {
            ready.fetch_add(1);
            while (ready.load() < 2) {
            }
            raise(SIGINT);
          };
          std::thread a(press), b(press);
          a.join();
          b.join();
          if (!guard.Interrupted()) return 3;
        }
        return 0;
      },
      std::chrono::milliseconds(60000));
  CHECK(end.exited);
  CHECK(end.code == 0);
}

TEST_CASE("a first Ctrl-C leaves the process running") {
  const auto end = testing::RunForked([] {
    const InterruptGuard guard;
    raise(SIGINT);
    return guard.Interrupted() ? 0 : 3;
  });
  CHECK(end.exited);
  CHECK(end.code == 0);
}
