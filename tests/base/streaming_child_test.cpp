#include "base/streaming_child.hpp"

#include <doctest/doctest.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <string>
#include <thread>

#include "base/interrupt_guard.hpp"
#include "scratch.hpp"
#include "tests/text_search.hpp"

using namespace tilewalk::base;
using tilewalk::base::testing::MillisecondsSince;

namespace {

using tilewalk::test::Contains;

bool SigpipeKills() {
  struct sigaction now {};
  sigaction(SIGPIPE, nullptr, &now);
  return now.sa_handler == SIG_DFL;
}

}  // namespace

TEST_CASE("a streaming child takes its input while its output is drained, so neither side blocks") {
  auto child = StreamingChild::Start({.argv = {"cat"}, .stdout_cap = 4 << 20});
  REQUIRE(child.ok());
  const std::string frame(256 * 1024, 'f');
  for (int i = 0; i < 8; ++i) REQUIRE(child->Write(frame).ok());
  const ChildRun run = child->Finish();
  CHECK(run.Succeeded());
  CHECK(run.out.size() == 8 * frame.size());
}

TEST_CASE("a child that closes its input early is an error, not a SIGPIPE that kills tilewalk") {
  REQUIRE(SigpipeKills());  // so the test would die if the write raised SIGPIPE
  auto child = StreamingChild::Start({.argv = {"head", "-c", "10"}, .name = "ffmpeg"});
  REQUIRE(child.ok());
  const std::string frame(64 * 1024, 'f');
  Result<void> written = Ok();
  for (int i = 0; i < 200 && written.ok(); ++i) written = child->Write(frame);
  REQUIRE_FALSE(written.ok());
  CHECK(written.error().reason == Reason::ChildFailed);
  CHECK(Contains(written.error().message, "ffmpeg closed its input after"));
  const ChildRun run = child->Finish();
  CHECK(run.Succeeded());
  CHECK(run.out == std::string(10, 'f'));
}

TEST_CASE("a child that exits at once makes the first large write fail cleanly") {
  auto child = StreamingChild::Start({.argv = {"sh", "-c", "echo bad input >&2; exit 1"}, .name = "ffmpeg"});
  REQUIRE(child.ok());
  Result<void> written = Ok();
  for (int i = 0; i < 100 && written.ok(); ++i) written = child->Write(std::string(64 * 1024, 'f'));
  CHECK_FALSE(written.ok());
  const ChildRun run = child->Finish();
  CHECK(run.exit_code == 1);
  CHECK(run.Status().error().message == "ffmpeg exited with code 1: bad input");
}

TEST_CASE("a hung child that takes no input is stopped after the stall limit") {
  auto child = StreamingChild::Start(
      {.argv = {"sleep", "30"}, .name = "ffmpeg", .stall_limit = std::chrono::milliseconds(300)});
  REQUIRE(child.ok());
  const auto start = std::chrono::steady_clock::now();
  const auto written = child->Write(std::string(4 << 20, 'f'));
  CHECK(MillisecondsSince(start) < 2500);
  REQUIRE_FALSE(written.ok());
  CHECK(written.error().reason == Reason::TimedOut);
  CHECK(written.error().message == "ffmpeg took no input for 300 ms and was stopped");
  CHECK(child->Finish().end == ChildEnd::TimedOut);
}

TEST_CASE("a child that hangs after its input ends is stopped by the time limit") {
  auto child = StreamingChild::Start({.argv = {"sh", "-c", "cat >/dev/null; sleep 30"},
                                      .name = "ffmpeg",
                                      .time_limit = std::chrono::milliseconds(300)});
  REQUIRE(child.ok());
  REQUIRE(child->Write("frames").ok());
  const auto start = std::chrono::steady_clock::now();
  const ChildRun run = child->Finish();
  CHECK(MillisecondsSince(start) < 2000);
  CHECK(run.end == ChildEnd::TimedOut);
  CHECK(run.Describe() == "ffmpeg did not finish within 300 ms after its input ended and was stopped");
}

TEST_CASE("Ctrl-C during a write stops the child and says interrupted") {
  const InterruptGuard guard;
  auto child = StreamingChild::Start({.argv = {"sleep", "30"}, .name = "ffmpeg"});
  REQUIRE(child.ok());
  std::thread ctrl_c([] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    kill(getpid(), SIGINT);
  });
  const auto start = std::chrono::steady_clock::now();
  const auto written = child->Write(std::string(4 << 20, 'f'));
  ctrl_c.join();
  CHECK(MillisecondsSince(start) < 3000);
  REQUIRE_FALSE(written.ok());
  CHECK(written.error().reason == Reason::Interrupted);
  CHECK(Contains(written.error().message, "interrupted by Ctrl-C (SIGINT) while ffmpeg ran"));
  CHECK(StreamingChild::Start({.argv = {"cat"}}).error().reason == Reason::Interrupted);
}

TEST_CASE("a streaming child that cannot start is refused at Start") {
  const auto missing = StreamingChild::Start({.argv = {"tilewalk-no-such-ffmpeg"}});
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().reason == Reason::NotFound);
}

TEST_CASE("an unfinished streaming child is stopped when dropped") {
  const auto start = std::chrono::steady_clock::now();
  {
    auto child =
        StreamingChild::Start({.argv = {"sleep", "30"}, .kill_grace = std::chrono::milliseconds(200)});
    REQUIRE(child.ok());
  }
  CHECK(MillisecondsSince(start) < 2000);
}
