// Sections: new and replaced files, uncommitted writers, streaming; links; refusals (dangling links, folders,
// loops, missing folders); devices and FIFOs (/dev/full, /dev/null, readers that come and go); stdout
// redirected to a file; a file-size limit; a destination that changes; stale temporaries; early checks.
#include "base/output_file.hpp"

#include <doctest/doctest.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>
#include <thread>

#include "base/temporary_name.hpp"
#include "scratch.hpp"
#include "tests/text_search.hpp"

using namespace tilewalk::base;
using tilewalk::base::testing::ScratchFolder;

namespace fs = std::filesystem;

namespace {

using tilewalk::test::Contains;

ino_t Inode(const fs::path& path) {
  struct stat info {};
  stat(path.c_str(), &info);
  return info.st_ino;
}

}  // namespace

TEST_CASE("a new file appears whole, and no temporary is left beside it") {
  const ScratchFolder scratch;
  REQUIRE(WriteFileContent(scratch / "trace.json", "{}\n").ok());
  CHECK(testing::Slurp(scratch / "trace.json") == "{}\n");
  CHECK(scratch.Names() == std::vector<std::string>{"trace.json"});
}

TEST_CASE("a regular file is replaced atomically and keeps its permissions") {
  const ScratchFolder scratch;
  const fs::path settings = scratch / "settings";
  testing::Spit(settings, "old");
  fs::permissions(settings, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  const ino_t before = Inode(settings);
  auto out = OutputFile::Open(settings);
  REQUIRE(out.ok());
  CHECK(out->kind() == OutputKind::ReplaceFile);
  REQUIRE(out->Write("new").ok());
  CHECK(testing::Slurp(settings) == "old");  // untouched until Commit
  REQUIRE(out->Commit().ok());
  CHECK(testing::Slurp(settings) == "new");
  CHECK(Inode(settings) != before);  // a new file was renamed into place
  CHECK(fs::status(settings).permissions() ==
        (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read));
  CHECK(scratch.Names() == std::vector<std::string>{"settings"});
}

TEST_CASE("an uncommitted file leaves the destination as it was and no temporary") {
  const ScratchFolder scratch;
  testing::Spit(scratch / "trace.json", "old");
  {
    auto out = OutputFile::Open(scratch / "trace.json");
    REQUIRE(out.ok());
    REQUIRE(out->Write(std::string(200000, 'x')).ok());
  }
  CHECK(testing::Slurp(scratch / "trace.json") == "old");
  CHECK(scratch.Names() == std::vector<std::string>{"trace.json"});
}

TEST_CASE("content can be streamed through the FILE*, the ostream and Write, in order") {
  const ScratchFolder scratch;
  const auto written = WriteFileWith(scratch / "mixed.txt", [](OutputFile& out) {
    std::fprintf(out.File(), "one %d\n", 1);
    out.Stream() << "two " << 2 << "\n";
    return out.Write("three\n");
  });
  REQUIRE(written.ok());
  CHECK(testing::Slurp(scratch / "mixed.txt") == "one 1\ntwo 2\nthree\n");
}

TEST_CASE("a writer's own failure is returned and nothing is written") {
  const ScratchFolder scratch;
  const auto failed = WriteFileWith(scratch / "frame.png", [](OutputFile& out) -> Result<void> {
    out.Stream() << "half a png";
    return Error{Reason::Malformed, "the image is empty"};
  });
  REQUIRE_FALSE(failed.ok());
  CHECK(failed.error().message == "the image is empty");
  CHECK(scratch.Names().empty());
}

TEST_CASE("a link to a regular file: the file is replaced, the link stays a link") {
  const ScratchFolder scratch;
  fs::create_directory(scratch / "real");
  testing::Spit(scratch / "real" / "trace.json", "old");
  fs::create_symlink("real/trace.json", scratch / "link.json");
  fs::create_symlink("link.json", scratch / "link2.json");  // a chain of links
  auto out = OutputFile::Open(scratch / "link2.json");
  REQUIRE(out.ok());
  CHECK(out->kind() == OutputKind::ReplaceLinkTarget);
  CHECK(out->written_path() == scratch / "real" / "trace.json");
  REQUIRE(out->Write("new").ok());
  REQUIRE(out->Commit().ok());
  CHECK(fs::is_symlink(scratch / "link.json"));
  CHECK(fs::is_symlink(scratch / "link2.json"));
  CHECK(fs::read_symlink(scratch / "link.json") == "real/trace.json");
  CHECK(testing::Slurp(scratch / "real" / "trace.json") == "new");
  CHECK(scratch.Names() == std::vector<std::string>{"link.json", "link2.json", "real"});
  CHECK(fs::directory_iterator(scratch / "real")->path().filename() == "trace.json");
}

TEST_CASE("a dangling link is refused and left alone") {
  const ScratchFolder scratch;
  fs::create_symlink("missing/file.json", scratch / "out.json");
  const auto refused = WriteFileContent(scratch / "out.json", "x");
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().reason == Reason::Refused);
  CHECK(Contains(refused.error().message, "it is a link to 'missing/file.json', which does not exist"));
  CHECK(fs::read_symlink(scratch / "out.json") == "missing/file.json");
}

TEST_CASE("a folder, or a link to one, is never renamed over") {
  const ScratchFolder scratch;
  fs::create_directory(scratch / "out");
  testing::Spit(scratch / "out" / "keep", "mine");
  fs::create_symlink("out", scratch / "link");
  for (const char* name : {"out", "link"}) {
    CAPTURE(name);
    const auto refused = WriteFileContent(scratch / name, "x");
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().reason == Reason::NotRegularFile);
    CHECK(Contains(refused.error().message, "a folder; give a file name"));
  }
  CHECK(fs::is_directory(fs::symlink_status(scratch / "out")));
  CHECK(fs::is_symlink(scratch / "link"));
  CHECK(testing::Slurp(scratch / "out" / "keep") == "mine");
  const auto slash = WriteFileContent(scratch.path().string() + "/new/", "x");
  REQUIRE_FALSE(slash.ok());
  CHECK(Contains(slash.error().message, "ends in '/'"));
}

TEST_CASE("a loop of links and a missing folder are reported in words") {
  const ScratchFolder scratch;
  fs::create_symlink("b", scratch / "a");
  fs::create_symlink("a", scratch / "b");
  const auto loop = WriteFileContent(scratch / "a", "x");
  REQUIRE_FALSE(loop.ok());
  CHECK(Contains(loop.error().message, "loop of symbolic links"));
  const auto missing = WriteFileContent(scratch / "no" / "such" / "t.json", "x");
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().reason == Reason::NotFound);
  CHECK(Contains(missing.error().message,
                 "the folder '" + (scratch / "no" / "such").string() + "' does not exist"));
}

TEST_CASE("a folder that exists but takes no new files (/proc) is not called missing") {
  const auto refused = WriteFileContent("/proc/tilewalk-test.json", "x");
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().reason == Reason::Unwritable);
  CHECK(
      Contains(refused.error().message, "the folder '/proc' takes no new files (No such file or directory)"));
  CHECK_FALSE(Contains(refused.error().message, "does not exist"));
}

TEST_CASE("/dev/full is written in place and its ENOSPC reported as a full disk") {
  auto out = OutputFile::Open("/dev/full");
  REQUIRE(out.ok());
  CHECK(out->kind() == OutputKind::Stream);
  (void)out->Write("{\"events\": []}\n");
  const auto committed = out->Commit();
  REQUIRE_FALSE(committed.ok());
  CHECK(committed.error().reason == Reason::DiskFull);
  CHECK(committed.error().message ==
        "cannot write '/dev/full': the disk is full (No space left on device); free some space or choose "
        "another "
        "place");
  struct stat info {};
  REQUIRE(lstat("/dev/full", &info) == 0);
  CHECK(S_ISCHR(info.st_mode));
}

TEST_CASE("/dev/null takes anything") {
  CHECK(WriteFileContent("/dev/null", std::string(1 << 20, 'x')).ok());
}

TEST_CASE("a FIFO with a reader is written in place and stays a FIFO") {
  const ScratchFolder scratch;
  const fs::path fifo = scratch / "pipe";
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  const int reader = open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  REQUIRE(reader >= 0);
  fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) & ~O_NONBLOCK);
  // A FIFO with no writer reads as ended: hold it open for writing until the content is written.
  const int keep_open = open(fifo.c_str(), O_WRONLY);
  REQUIRE(keep_open >= 0);
  std::string received;
  std::thread drain([&] {
    char buffer[4096];
    ssize_t got = 0;
    while ((got = read(reader, buffer, sizeof buffer)) > 0)
      received.append(buffer, static_cast<std::size_t>(got));
  });
  const std::string content(300000, 'q');
  const auto written = WriteFileContent(fifo, content);
  close(keep_open);
  drain.join();
  close(reader);
  REQUIRE(written.ok());
  CHECK(received == content);
  struct stat info {};
  REQUIRE(lstat(fifo.c_str(), &info) == 0);
  CHECK(S_ISFIFO(info.st_mode));
}

TEST_CASE("a FIFO with no reader is refused at once, not waited for") {
  const ScratchFolder scratch;
  REQUIRE(mkfifo((scratch / "pipe").c_str(), 0600) == 0);
  const auto refused = WriteFileContent(scratch / "pipe", "x");
  REQUIRE_FALSE(refused.ok());
  CHECK(Contains(refused.error().message, "nothing is reading from it"));
}

TEST_CASE("a reader that goes away is an error, not a SIGPIPE that kills") {
  struct sigaction now {};
  sigaction(SIGPIPE, nullptr, &now);
  REQUIRE((now.sa_handler == SIG_DFL));  // so a SIGPIPE would kill this test
  const ScratchFolder scratch;
  const fs::path fifo = scratch / "pipe";
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  const int reader = open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  auto out = OutputFile::Open(fifo);
  REQUIRE(out.ok());
  close(reader);
  (void)out->Write(std::string(1 << 20, 'x'));
  const auto committed = out->Commit();
  REQUIRE_FALSE(committed.ok());
  CHECK(Contains(committed.error().message, "the program reading it has stopped"));
}

TEST_CASE("a link to stdout, with stdout redirected to a file, is written through stdout, not renamed over") {
  const ScratchFolder scratch;
  const fs::path log = scratch / "log.txt";
  fs::create_symlink("/proc/self/fd/1", scratch / "to-fd1");
  fs::create_symlink("/dev/stdout", scratch / "to-stdout");
  const auto end = testing::RunForked([&] {
    const int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0 || dup2(fd, STDOUT_FILENO) < 0) return 2;
    close(fd);
    std::cout << "before\n";
    int code = 0;
    const auto write_through = [&](const fs::path& path, const std::string& text, int bit) {
      auto out = OutputFile::Open(path);
      if (!out || out->kind() != OutputKind::StandardStream || !out->Write(text) || !out->Commit())
        code |= bit;
    };
    write_through(scratch / "to-fd1", "one\n", 4);
    write_through(scratch / "to-stdout", "two\n", 8);
    write_through("/proc/self/fd/1", "three\n", 16);
    write_through(log, "four\n", 32);  // the very file stdout goes to
    std::cout << "after\n";
    std::cout.flush();
    return code;
  });
  CHECK(end.exited);
  CHECK(end.code == 0);
  CHECK(testing::Slurp(log) == "before\none\ntwo\nthree\nfour\nafter\n");
  CHECK(fs::is_symlink(scratch / "to-fd1"));
  CHECK(fs::is_symlink(scratch / "to-stdout"));
  CHECK(scratch.Names() == std::vector<std::string>{"log.txt", "to-fd1", "to-stdout"});
}

TEST_CASE("a file-size limit is reported as such, and leaves neither file nor temporary") {
  const ScratchFolder scratch;
  const fs::path trace = scratch / "trace.json";
  testing::Spit(trace, "old");
  const auto end = testing::RunForked([&] {
    std::signal(SIGXFSZ, SIG_IGN);
    rlimit limit{};
    getrlimit(RLIMIT_FSIZE, &limit);
    limit.rlim_cur = 4096;
    if (setrlimit(RLIMIT_FSIZE, &limit) != 0) return 2;
    const auto written = WriteFileContent(trace, std::string(1 << 20, 'x'));
    if (written.ok()) return 3;
    if (written.error().reason != Reason::FileSizeLimit) return 4;
    return written.error().message.find("the file-size limit was reached (File too large)") !=
                   std::string::npos
               ? 0
               : 5;
  });
  CHECK(end.exited);
  CHECK(end.code == 0);
  CHECK(testing::Slurp(trace) == "old");
  CHECK(scratch.Names() == std::vector<std::string>{"trace.json"});
}

TEST_CASE("a destination that became a folder while written is not replaced") {
  const ScratchFolder scratch;
  auto out = OutputFile::Open(scratch / "out");
  REQUIRE(out.ok());
  REQUIRE(out->Write("x").ok());
  fs::create_directory(scratch / "out");
  testing::Spit(scratch / "out" / "keep", "mine");
  const auto committed = out->Commit();
  REQUIRE_FALSE(committed.ok());
  CHECK(committed.error().reason == Reason::Refused);
  CHECK(testing::Slurp(scratch / "out" / "keep") == "mine");
  CHECK(scratch.Names() == std::vector<std::string>{"out"});
}

TEST_CASE("the writer removes stale temporaries of a dead run beside the destination") {
  const ScratchFolder scratch;
  const std::string stale =
      ".trace.json.tilewalk-partial-" + std::to_string(testing::DeadProcessId()) + "-5-0";
  testing::Spit(scratch / stale, "half");
  fs::last_write_time(scratch / stale, fs::file_time_type::clock::now() - std::chrono::hours(1));
  REQUIRE(WriteFileContent(scratch / "trace.json", "whole").ok());
  CHECK(scratch.Names() == std::vector<std::string>{"trace.json"});
}

TEST_CASE("Commit twice is a usage error, not a second rename") {
  const ScratchFolder scratch;
  auto out = OutputFile::Open(scratch / "t");
  REQUIRE(out.ok());
  REQUIRE(out->Commit().ok());
  const auto again = out->Commit();
  REQUIRE_FALSE(again.ok());
  CHECK(again.error().reason == Reason::Usage);
}

TEST_CASE("the destination can be checked before a long run, leaving nothing behind") {
  const ScratchFolder scratch;
  CHECK(CheckOutputDestination(scratch / "new.json").value() == OutputKind::NewFile);
  CHECK(scratch.Names().empty());
  CHECK(CheckOutputDestination("/dev/null").value() == OutputKind::Stream);
  REQUIRE(mkfifo((scratch / "pipe").c_str(), 0600) == 0);
  CHECK(CheckOutputDestination(scratch / "pipe").value() == OutputKind::Stream);  // not opened
  CHECK(CheckOutputDestination(scratch.path()).error().reason == Reason::NotRegularFile);
  CHECK(CheckOutputDestination("").error().reason == Reason::Usage);
}

TEST_CASE("a legal file name of 245 or 255 bytes is written, though its temporary's name would be longer") {
  const ScratchFolder scratch;
  for (const std::size_t length : {245u, 255u}) {
    const std::string name(length, 'w');
    CHECK(CheckOutputDestination(scratch / name).ok());
    REQUIRE(WriteFileContent(scratch / name, "whole").ok());
    CHECK(testing::Slurp(scratch / name) == "whole");
  }
  CHECK(scratch.Names().size() == 2);
}

TEST_CASE("'-' is refused as a file name, since it is not standard output here") {
  const ScratchFolder scratch;
  const testing::WorkingFolder here(scratch.path());
  const auto refused = OutputFile::Open("-");
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().reason == Reason::Usage);
  CHECK(refused.error().message.find("./-") != std::string::npos);
  CHECK(scratch.Names().empty());
  CHECK(WriteFileContent("./-", "a file named '-'").ok());
}
