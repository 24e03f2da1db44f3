#include "base/child_process.hpp"

#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "base/interrupt_guard.hpp"
#include "scratch.hpp"

using namespace tilewalk::base;
using tilewalk::base::testing::MillisecondsSince;
using tilewalk::base::testing::ScratchFolder;

namespace fs = std::filesystem;

namespace {

// Sets PATH for the object's lifetime.
class PathVariable {
 public:
  explicit PathVariable(const std::string& value) : m_old(std::getenv("PATH") ? std::getenv("PATH") : "") {
    setenv("PATH", value.c_str(), 1);
  }
  ~PathVariable() { setenv("PATH", m_old.c_str(), 1); }
  PathVariable(const PathVariable&) = delete;
  PathVariable& operator=(const PathVariable&) = delete;

 private:
  std::string m_old;
};

// Sends this process `signal` after `delay`, from another thread.
std::thread SignalLater(int signal, std::chrono::milliseconds delay) {
  return std::thread([signal, delay] {
    std::this_thread::sleep_for(delay);
    kill(getpid(), signal);
  });
}

}  // namespace

TEST_CASE("a child's exit code, stdout and stderr are captured") {
  const ChildRun run = RunChild({.argv = {"sh", "-c", "echo out; echo err >&2; exit 3"}});
  CHECK(run.name == "sh");
  CHECK(run.end == ChildEnd::Exited);
  CHECK(run.exit_code == 3);
  CHECK(run.out == "out\n");
  CHECK(run.err == "err\n");
  CHECK_FALSE(run.Succeeded());
  const auto status = run.Status();
  REQUIRE_FALSE(status.ok());
  CHECK(status.error().reason == Reason::ChildFailed);
  CHECK(status.error().message == "sh exited with code 3: err");
}

TEST_CASE("a child that succeeds reports success, and its stdin is /dev/null") {
  const ChildRun run = RunChild({.argv = {"cat"}, .name = "cat on stdin"});
  CHECK(run.Succeeded());
  CHECK(run.Status().ok());
  CHECK(run.out.empty());
  CHECK(run.Describe() == "cat on stdin finished");
}

TEST_CASE("a program that is not on PATH is said to be missing") {
  const ChildRun run = RunChild({.argv = {"tilewalk-no-such-program"}});
  CHECK(run.end == ChildEnd::NotStarted);
  const auto status = run.Status();
  REQUIRE_FALSE(status.ok());
  CHECK(status.error().reason == Reason::NotFound);
  CHECK(status.error().message == "there is no tilewalk-no-such-program on PATH");
  CHECK(RunChild({}).end == ChildEnd::NotStarted);
}

TEST_CASE("a hung child is stopped within its time limit") {
  const auto start = std::chrono::steady_clock::now();
  const ChildRun run = RunChild({.argv = {"sleep", "30"}, .time_limit = std::chrono::milliseconds(300)});
  CHECK(MillisecondsSince(start) < 2000);
  CHECK(run.end == ChildEnd::TimedOut);
  CHECK(run.signal == SIGTERM);
  const auto status = run.Status();
  REQUIRE_FALSE(status.ok());
  CHECK(status.error().reason == Reason::TimedOut);
  CHECK(status.error().message == "sleep did not finish within 300 ms and was stopped");
}

TEST_CASE("a child that ignores SIGTERM gets SIGKILL after the grace, with its whole group") {
  const auto start = std::chrono::steady_clock::now();
  const ChildRun run = RunChild({.argv = {"sh", "-c", "trap '' TERM; sleep 30; sleep 30"},
                                 .time_limit = std::chrono::milliseconds(200),
                                 .kill_grace = std::chrono::milliseconds(200)});
  CHECK(MillisecondsSince(start) < 2000);
  CHECK(run.end == ChildEnd::TimedOut);
  CHECK(run.signal == SIGKILL);
}

TEST_CASE("a hung python3 on PATH is stopped after the limit (installed-jax discovery)") {
  const ScratchFolder scratch;
  testing::Spit(scratch / "python3", "#!/bin/sh\nexec sleep 1000\n");
  fs::permissions(scratch / "python3", fs::perms::owner_all);
  const PathVariable path(scratch.path().string() + ":" + std::getenv("PATH"));
  CHECK(ChildSpec{}.time_limit == std::chrono::seconds(3));  // the default discovery uses
  const auto start = std::chrono::steady_clock::now();
  const ChildRun run =
      RunChild({.argv = {"python3", "-c", "import jax"}, .time_limit = std::chrono::milliseconds(400)});
  CHECK(MillisecondsSince(start) < 2000);
  CHECK(run.Status().error().message == "python3 did not finish within 400 ms and was stopped");
}

TEST_CASE("a child spewing 100 MB keeps only the cap, says so, and is not blocked") {
  const auto start = std::chrono::steady_clock::now();
  const ChildRun run = RunChild(
      {.argv = {"sh", "-c", "head -c 100000000 /dev/zero; head -c 100000 /dev/zero >&2; echo done >&2"},
       .time_limit = std::chrono::milliseconds(10000),
       .stdout_cap = 1 << 20,
       .stderr_cap = 1000});
  CHECK(MillisecondsSince(start) < 8000);
  CHECK(run.Succeeded());
  CHECK(run.out.size() == 1u << 20);
  CHECK(run.out_truncated);
  CHECK(run.err.size() == 1000);
  CHECK(run.err_truncated);
}

TEST_CASE("a child killed by a signal it did not get from us says which") {
  const ChildRun run = RunChild({.argv = {"sh", "-c", "kill -SEGV $$"}});
  CHECK(run.end == ChildEnd::Signaled);
  CHECK(run.signal == SIGSEGV);
  CHECK(run.Describe() == "sh was killed by SIGSEGV");
  CHECK(run.Status().error().reason == Reason::ChildFailed);
}

TEST_CASE("a grandchild holding the output open does not hold the run, and does not outlive it") {
  const auto start = std::chrono::steady_clock::now();
  const ChildRun run = RunChild(
      {.argv = {"sh", "-c", "sleep 30 & echo started"}, .time_limit = std::chrono::milliseconds(5000)});
  CHECK(MillisecondsSince(start) < 2000);
  CHECK(run.Succeeded());
  CHECK(run.out == "started\n");
}

TEST_CASE("Ctrl-C while a child runs stops it, and the run says interrupted, not failed") {
  const InterruptGuard guard;
  std::thread ctrl_c = SignalLater(SIGINT, std::chrono::milliseconds(200));
  const auto start = std::chrono::steady_clock::now();
  const ChildRun run = RunChild({.argv = {"sleep", "30"}, .time_limit = std::chrono::milliseconds(10000)});
  ctrl_c.join();
  CHECK(MillisecondsSince(start) < 3000);
  CHECK(run.end == ChildEnd::Interrupted);
  CHECK(run.interrupt_signal == SIGINT);
  const auto status = run.Status();
  REQUIRE_FALSE(status.ok());
  CHECK(status.error().reason == Reason::Interrupted);
  CHECK(status.error().message == "interrupted by Ctrl-C (SIGINT) while sleep ran; it was stopped");
  CHECK(guard.Interrupted());

  // Later work under the same guard does not start.
  const ChildRun after = RunChild({.argv = {"true"}});
  CHECK(after.end == ChildEnd::Interrupted);
}

TEST_CASE("without a guard of the caller's, Ctrl-C still stops the child and not the process") {
  const auto end = testing::RunForked(
      [] {
        std::thread ctrl_c = SignalLater(SIGINT, std::chrono::milliseconds(300));
        const ChildRun run =
            RunChild({.argv = {"sleep", "30"}, .time_limit = std::chrono::milliseconds(10000)});
        ctrl_c.join();
        return run.end == ChildEnd::Interrupted ? 0 : 3;
      },
      std::chrono::milliseconds(5000));
  CHECK(end.exited);
  CHECK(end.code == 0);
}

TEST_CASE("SIGTERM while a child runs is reported as SIGTERM") {
  const InterruptGuard guard;
  std::thread term = SignalLater(SIGTERM, std::chrono::milliseconds(100));
  const ChildRun run = RunChild({.argv = {"sleep", "30"}, .time_limit = std::chrono::milliseconds(10000)});
  term.join();
  CHECK(run.Describe() == "interrupted by SIGTERM while sleep ran; it was stopped");
}

TEST_CASE("programs are found on PATH as posix_spawnp finds them") {
  CHECK(FindOnPath("sh").has_value());
  CHECK_FALSE(FindOnPath("tilewalk-no-such-program").has_value());
  CHECK(FindOnPath("/bin/sh").has_value());
  CHECK_FALSE(FindOnPath("").has_value());
  const ScratchFolder scratch;
  testing::Spit(scratch / "ffmpeg", "not executable");
  const PathVariable path(scratch.path().string());
  CHECK_FALSE(FindOnPath("ffmpeg").has_value());
}

TEST_CASE("limits read as people say them") {
  CHECK(DescribeDuration(std::chrono::milliseconds(250)) == "250 ms");
  CHECK(DescribeDuration(std::chrono::milliseconds(3000)) == "3 s");
  CHECK(DescribeDuration(std::chrono::milliseconds(1500)) == "1.5 s");
}

namespace {

// True once /proc says process `pid` is gone or a zombie.
bool ProcessGone(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return true;
  const std::size_t close = line.rfind(')');
  return close != std::string::npos && close + 2 < line.size() && line[close + 2] == 'Z';
}

}  // namespace

TEST_CASE("a child does not outlive tilewalk, even when tilewalk is killed by SIGKILL") {
  ScratchFolder scratch;
  const fs::path pid_file = scratch / "pid";
  const pid_t tilewalk = fork();
  REQUIRE(tilewalk >= 0);
  if (tilewalk == 0) {  // stands for tilewalk: starts a child that would run for a minute
    const std::string script = "echo $$ > '" + pid_file.string() + ".new' && mv '" + pid_file.string() +
                               ".new' '" + pid_file.string() + "' && exec sleep 60";
    RunChild({.argv = {"sh", "-c", script}, .time_limit = std::chrono::seconds(90)});
    _exit(0);
  }
  const auto start = std::chrono::steady_clock::now();
  while (!fs::exists(pid_file) && MillisecondsSince(start) < 10000)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  REQUIRE(fs::exists(pid_file));
  const pid_t child = std::stoi(tilewalk::base::testing::Slurp(pid_file));
  CHECK_FALSE(ProcessGone(child));
  kill(tilewalk, SIGKILL);
  waitpid(tilewalk, nullptr, 0);
  const auto killed = std::chrono::steady_clock::now();
  while (!ProcessGone(child) && MillisecondsSince(killed) < 5000)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  const bool gone = ProcessGone(child);
  if (!gone) kill(child, SIGKILL);
  CHECK(gone);
}
