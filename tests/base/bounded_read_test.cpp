#include "base/bounded_read.hpp"

#include <doctest/doctest.h>
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <string>

#include "base/os_error.hpp"
#include "scratch.hpp"
#include "tests/text_search.hpp"

using namespace tilewalk::base;
using tilewalk::base::testing::ScratchFolder;

namespace fs = std::filesystem;

namespace {

using tilewalk::test::Contains;

}  // namespace

TEST_CASE("a regular file within the cap is read whole") {
  const ScratchFolder scratch;
  testing::Spit(scratch / "settings", "text_scale = 1.5\n");
  const auto text = ReadTextFile(scratch / "settings", 1024);
  REQUIRE(text.ok());
  CHECK(*text == "text_scale = 1.5\n");
  testing::Spit(scratch / "empty", "");
  CHECK(ReadTextFile(scratch / "empty", 1024).value() == "");
}

TEST_CASE("a file of exactly the cap is read and one byte more is refused, stating size and cap") {
  const ScratchFolder scratch;
  testing::Spit(scratch / "ten", "0123456789");
  CHECK(ReadTextFile(scratch / "ten", 10).value() == "0123456789");
  const auto refused = ReadTextFile(scratch / "ten", 9);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().reason == Reason::TooLarge);
  CHECK(Contains(refused.error().message, "is 10 bytes"));
  CHECK(Contains(refused.error().message, "more than the 9 bytes"));
}

TEST_CASE("a missing file says so and names the path") {
  const ScratchFolder scratch;
  const auto missing = ReadTextFile(scratch / "nope.md", 1024);
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().reason == Reason::NotFound);
  CHECK(Contains(missing.error().message, "nope.md'"));
  CHECK(Contains(missing.error().message, "there is no such file"));
  CHECK(ReadTextFile("", 10).error().reason == Reason::Usage);
}

TEST_CASE("a folder is refused as a folder") {
  const ScratchFolder scratch;
  const auto folder = ReadTextFile(scratch.path(), 1024);
  REQUIRE_FALSE(folder.ok());
  CHECK(folder.error().reason == Reason::NotRegularFile);
  CHECK(Contains(folder.error().message, "it is a folder, not a file"));
}

TEST_CASE("a FIFO with no writer is refused at once rather than blocking") {
  const ScratchFolder scratch;
  REQUIRE(mkfifo((scratch / "settings").c_str(), 0600) == 0);
  const fs::path fifo = scratch / "settings";
  const auto end = testing::RunForked(
      [&] {
        const auto read = ReadTextFile(fifo, 1024);
        if (read.ok()) return 2;
        if (read.error().reason != Reason::NotRegularFile) return 3;
        return read.error().message.find("named pipe (FIFO)") != std::string::npos ? 0 : 4;
      },
      std::chrono::milliseconds(3000));
  CHECK_FALSE(end.timed_out);
  CHECK(end.exited);
  CHECK(end.code == 0);
}

TEST_CASE("/dev/zero is refused as a device, not read until memory runs out") {
  const auto zero = ReadTextFile("/dev/zero", 1024);
  REQUIRE_FALSE(zero.ok());
  CHECK(zero.error().reason == Reason::NotRegularFile);
  CHECK(Contains(zero.error().message, "a character device"));
}

TEST_CASE("a symlink to /dev/zero is refused the same way") {
  const ScratchFolder scratch;
  fs::create_symlink("/dev/zero", scratch / "settings");
  CHECK(ReadTextFile(scratch / "settings", 1024).error().reason == Reason::NotRegularFile);
}

TEST_CASE("a sparse 20 GB file is refused by its size without being read") {
  const ScratchFolder scratch;
  const fs::path big = scratch / "huge.md";
  const int fd = open(big.c_str(), O_WRONLY | O_CREAT, 0600);
  REQUIRE(fd >= 0);
  REQUIRE(ftruncate(fd, 20LL << 30) == 0);
  close(fd);
  const auto start = std::chrono::steady_clock::now();
  const auto read = ReadTextFile(big, kLibraryFileCap);
  CHECK(testing::MillisecondsSince(start) < 500);
  REQUIRE_FALSE(read.ok());
  CHECK(read.error().reason == Reason::TooLarge);
  CHECK(Contains(read.error().message, "is 21474836480 bytes (20 GiB), more than the 4.0 MiB"));
}

TEST_CASE("a file that grows past the cap while read is refused (a /proc file claims size 0)") {
  const auto maps = ReadTextFile("/proc/self/maps", 16);
  REQUIRE_FALSE(maps.ok());
  CHECK(maps.error().reason == Reason::TooLarge);
  CHECK(Contains(maps.error().message, "grew past 16 bytes while it was read"));
}

TEST_CASE("a loop of symbolic links is named as such") {
  const ScratchFolder scratch;
  fs::create_symlink("b.md", scratch / "a.md");
  fs::create_symlink("a.md", scratch / "b.md");
  const auto loop = ReadTextFile(scratch / "a.md", 1024);
  REQUIRE_FALSE(loop.ok());
  CHECK(loop.error().reason == Reason::Unreadable);
  CHECK(Contains(loop.error().message, "loop of symbolic links"));
}

TEST_CASE("a file without read permission says permission denied") {
  const ScratchFolder scratch;
  testing::Spit(scratch / "secret", "x");
  fs::permissions(scratch / "secret", fs::perms::none);
  if (geteuid() != 0) {  // root reads anything; then only the sentence is checked below
    const auto denied = ReadTextFile(scratch / "secret", 1024);
    REQUIRE_FALSE(denied.ok());
    CHECK(denied.error().reason == Reason::Unreadable);
  }
  const Error sentence = ReadFailure(scratch / "secret", EACCES);
  CHECK(sentence.reason == Reason::Unreadable);
  CHECK(Contains(sentence.message, "permission denied (Permission denied)"));
}

TEST_CASE("a stream is read to its end within the cap") {
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  REQUIRE(write(fds[1], "0123456789", 10) == 10);
  close(fds[1]);
  const auto text = ReadDescriptor(fds[0], 10, "the test pipe");
  close(fds[0]);
  REQUIRE(text.ok());
  CHECK(*text == "0123456789");

  REQUIRE(pipe(fds) == 0);
  REQUIRE(write(fds[1], "0123456789", 10) == 10);
  close(fds[1]);
  const auto over = ReadDescriptor(fds[0], 9, "the test pipe");
  close(fds[0]);
  REQUIRE_FALSE(over.ok());
  CHECK(over.error().reason == Reason::TooLarge);
  CHECK(Contains(over.error().message, "the test pipe is longer than the 9 bytes"));
}

TEST_CASE("terminal control bytes in a path do not reach the message raw") {
  const auto missing = ReadTextFile("/nonexistent/\x1b[31mred", 10);
  REQUIRE_FALSE(missing.ok());
  CHECK(Contains(missing.error().message, "\\x1b[31mred"));
  CHECK_FALSE(Contains(missing.error().message, "\x1b"));
}

TEST_CASE("a socket is named as a socket, not given a FIFO's wording") {
  const ScratchFolder scratch;
  const std::string path = (scratch / "sock").string();
  const int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  REQUIRE(fd >= 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  REQUIRE(path.size() < sizeof address.sun_path);
  std::copy(path.begin(), path.end(), address.sun_path);
  REQUIRE(bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0);
  const auto read = ReadTextFile(path, 1024);
  close(fd);
  REQUIRE_FALSE(read.ok());
  CHECK(read.error().reason == Reason::NotRegularFile);
  CHECK(read.error().message.find("it is a socket, not a file") != std::string::npos);
  CHECK(read.error().message.find("nothing is reading") == std::string::npos);
}
