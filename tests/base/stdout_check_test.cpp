#include "base/stdout_check.hpp"

#include <doctest/doctest.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <iostream>
#include <string>

#include "scratch.hpp"

using namespace tilewalk::base;
using tilewalk::base::testing::ScratchFolder;

namespace {

// In a forked child: stdout to `out`, stderr to `err`, print with `print`, then exit as the CLI would.
testing::ForkedEnd PrintAndExit(const std::string& out, const std::string& err, int code, bool c_stdio) {
  return testing::RunForked([&] {
    const int out_fd = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err_fd = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out_fd < 0 || err_fd < 0) return 90;
    dup2(out_fd, STDOUT_FILENO);
    dup2(err_fd, STDERR_FILENO);
    if (c_stdio) {
      std::printf("{\"ok\": true}\n");
    } else {
      std::cout << "{\"ok\": true}\n";
    }
    return ExitCodeAfterFlush(code);
  });
}

}  // namespace

TEST_CASE("output to /dev/full turns exit 0 into exit 1 with a message") {
  const ScratchFolder scratch;
  const auto end = PrintAndExit("/dev/full", (scratch / "err").string(), 0, false);
  CHECK(end.exited);
  CHECK(end.code == 1);
  CHECK(
      testing::Slurp(scratch / "err") ==
      "tilewalk: cannot write to standard output: the disk is full (No space left on device); the output is "
      "incomplete\n");
}

TEST_CASE("a write that failed long before the flush is not given a made-up cause") {
  // More than a buffer's worth: the failing write happens during the run, its errno is long gone at exit.
  const ScratchFolder scratch;
  const auto end = testing::RunForked([&] {
    const int out_fd = open("/dev/full", O_WRONLY);
    const int err_fd = open((scratch / "err").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out_fd < 0 || err_fd < 0) return 90;
    dup2(out_fd, STDOUT_FILENO);
    dup2(err_fd, STDERR_FILENO);
    std::cout << std::string(1 << 20, 'x');
    errno = 0;
    return ExitCodeAfterFlush(0);
  });
  CHECK(end.code == 1);
  const std::string said = testing::Slurp(scratch / "err");
  CHECK(said.find("cannot write to standard output: ") == 10);
  CHECK(said.find("Input/output error") == std::string::npos);
}

TEST_CASE("C stdio output is checked as well") {
  const ScratchFolder scratch;
  const auto end = PrintAndExit("/dev/full", (scratch / "err").string(), 0, true);
  CHECK(end.code == 1);
}

TEST_CASE("a failing exit code stays as it was") {
  const ScratchFolder scratch;
  CHECK(PrintAndExit("/dev/full", (scratch / "err").string(), 2, false).code == 2);
}

TEST_CASE("output that arrives leaves the exit code alone and prints nothing more") {
  const ScratchFolder scratch;
  const auto end = PrintAndExit((scratch / "out").string(), (scratch / "err").string(), 0, false);
  CHECK(end.code == 0);
  CHECK(testing::Slurp(scratch / "out") == "{\"ok\": true}\n");
  CHECK(testing::Slurp(scratch / "err").empty());
}

TEST_CASE("in this process the standard streams flush fine") {
  CHECK(FlushStandardStreams().ok());
}
