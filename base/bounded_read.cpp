#include "base/bounded_read.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "base/byte_size.hpp"
#include "base/file_ops.hpp"
#include "base/os_error.hpp"

namespace tilewalk::base {
namespace {

// What a non-regular file is, for "'P' is a named pipe (FIFO), not a file".
std::string KindOf(mode_t mode) {
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISFIFO(mode)) return "a named pipe (FIFO)";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

Error TooLargeError(const std::filesystem::path& path, std::uint64_t size, std::size_t cap, bool grew) {
  const std::string what = grew ? "grew past " + DescribeBytes(cap) + " while it was read"
                                : "is " + std::to_string(size) + " bytes (" + DescribeBytes(size) + ")";
  return {Reason::TooLarge, "cannot read " + Quote(path) + ": it " + what + ", more than the " +
                                DescribeBytes(cap) + " tilewalk reads from such a file; give a smaller file"};
}

// Reads until end of file or until more than `cap` bytes arrived; polls when `fd` is non-blocking.
// Returns 0, or the errno of the failed read.
int ReadUpTo(int fd, std::size_t cap, std::string& out) {
  char buffer[65536];
  while (out.size() <= cap) {
    const std::size_t want = std::min(sizeof buffer, cap + 1 - out.size());
    const ssize_t got = read(fd, buffer, want);
    if (got > 0) {
      out.append(buffer, static_cast<std::size_t>(got));
    } else if (got == 0) {
      return 0;
    } else if (errno == EAGAIN || errno == EWOULDBLOCK) {
      pollfd p{.fd = fd, .events = POLLIN, .revents = 0};
      if (poll(&p, 1, -1) < 0 && errno != EINTR) return errno;
    } else if (errno != EINTR) {
      return errno;
    }
  }
  return 0;
}

}  // namespace

Result<std::string> ReadTextFile(const std::filesystem::path& path, std::size_t cap_bytes) {
  if (path.empty()) return Error{Reason::Usage, "no file name was given; name the file to read"};
  const Descriptor fd(open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
  struct stat info {};
  if (fd.get() < 0) {
    const int failed = errno;
    // A socket cannot be opened at all (ENXIO, which for a FIFO would mean "no writer"): say what it is.
    if (failed == ENXIO && stat(path.c_str(), &info) == 0 && S_ISSOCK(info.st_mode))
      return Error{Reason::NotRegularFile,
                   "cannot read " + Quote(path) + ": it is a socket, not a file; give a regular file"};
    return ReadFailure(path, failed);
  }
  if (fstat(fd.get(), &info) != 0) return ReadFailure(path, errno);
  if (!S_ISREG(info.st_mode)) {
    const std::string advice =
        S_ISDIR(info.st_mode) ? "give the path of a file in it" : "give a regular file";
    return Error{Reason::NotRegularFile, "cannot read " + Quote(path) + ": it is " + KindOf(info.st_mode) +
                                             ", not a file; " + advice};
  }
  const auto size = static_cast<std::uint64_t>(info.st_size);
  if (size > cap_bytes) return TooLargeError(path, size, cap_bytes, false);
  std::string text;
  text.reserve(static_cast<std::size_t>(size) + 1);
  if (const int failed = ReadUpTo(fd.get(), cap_bytes, text)) return ReadFailure(path, failed);
  if (text.size() > cap_bytes) return TooLargeError(path, text.size(), cap_bytes, true);
  return text;
}

Result<std::string> ReadDescriptor(int fd, std::size_t cap_bytes, std::string_view what) {
  std::string text;
  if (const int failed = ReadUpTo(fd, cap_bytes, text))
    return Error{ReasonForErrno(failed) == Reason::System ? Reason::Unreadable : ReasonForErrno(failed),
                 "cannot read " + std::string(what) + ": " + SystemText(failed)};
  if (text.size() > cap_bytes)
    return Error{Reason::TooLarge, std::string(what) + " is longer than the " + DescribeBytes(cap_bytes) +
                                       " tilewalk reads from it; nothing of it was used"};
  return text;
}

}  // namespace tilewalk::base
