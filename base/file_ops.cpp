#include "base/file_ops.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <ctime>

namespace tilewalk::base {

Descriptor& Descriptor::operator=(Descriptor&& other) noexcept {
  if (this != &other) {
    Reset();
    m_fd = other.Release();
  }
  return *this;
}

int Descriptor::Release() {
  const int fd = m_fd;
  m_fd = -1;
  return fd;
}

void Descriptor::Reset() {
  if (m_fd >= 0) close(m_fd);
  m_fd = -1;
}

int Descriptor::Close() {
  if (m_fd < 0) return 0;
  const int result = close(Release());
  return result == 0 || errno == EINTR ? 0 : errno;  // after EINTR the descriptor is closed on Linux
}

int RenameNoReplace(const std::filesystem::path& from, const std::filesystem::path& to) {
#if defined(RENAME_NOREPLACE)  // not in emscripten's libc, whose memory file system has one writer: us
  if (renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) return 0;
  if (errno != EINVAL && errno != ENOSYS) return errno;
#endif
  struct stat info {};
  if (lstat(to.c_str(), &info) == 0) return EEXIST;
  return std::rename(from.c_str(), to.c_str()) == 0 ? 0 : errno;
}

int ExchangePaths(const std::filesystem::path& a, const std::filesystem::path& b) {
#if defined(RENAME_EXCHANGE)
  return renameat2(AT_FDCWD, a.c_str(), AT_FDCWD, b.c_str(), RENAME_EXCHANGE) == 0 ? 0 : errno;
#else
  (void)a, (void)b;
  return ENOSYS;
#endif
}

long WriteWithoutSigpipe(int fd, const void* data, std::size_t size) {
  sigset_t pipe_only, previous, pending;
  sigemptyset(&pipe_only);
  sigaddset(&pipe_only, SIGPIPE);
  sigpending(&pending);
  const bool already_pending = sigismember(&pending, SIGPIPE) == 1;
  pthread_sigmask(SIG_BLOCK, &pipe_only, &previous);
  const ssize_t written = write(fd, data, size);
  const int saved_errno = errno;
  if (written < 0 && saved_errno == EPIPE && !already_pending) {
    const timespec no_wait{};
    while (sigtimedwait(&pipe_only, nullptr, &no_wait) < 0 && errno == EINTR) {
    }
  }
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  errno = saved_errno;
  return written;
}

bool SameFile(const std::filesystem::path& a, const std::filesystem::path& b) {
  struct stat first {
  }, second{};
  return stat(a.c_str(), &first) == 0 && stat(b.c_str(), &second) == 0 && first.st_dev == second.st_dev &&
         first.st_ino == second.st_ino;
}

}  // namespace tilewalk::base
