// Small POSIX helpers the base layer's readers and writers share: an owned descriptor, the two renames
// that keep data safe (one that never replaces, and an atomic swap), and a write that a closed pipe cannot
// kill. Internal to base/: the rest of tilewalk uses safe_output.hpp, bounded_read.hpp and
// child_process.hpp.
#pragma once

#include <cstddef>
#include <filesystem>

namespace tilewalk::base {

// Closes the descriptor it owns. Close() reports close errors, which some file systems use for failed
// writes.
class Descriptor {
 public:
  Descriptor() = default;
  explicit Descriptor(int fd) : m_fd(fd) {}
  ~Descriptor() { Reset(); }
  Descriptor(Descriptor&& other) noexcept : m_fd(other.Release()) {}
  Descriptor& operator=(Descriptor&& other) noexcept;
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;

  int get() const { return m_fd; }
  bool valid() const { return m_fd >= 0; }
  int Release();
  void Reset();
  // Closes now; returns 0 or the errno of close.
  int Close();

 private:
  int m_fd = -1;
};

// Renames `from` to `to` only if `to` does not exist (renameat2 RENAME_NOREPLACE, or a check and a plain
// rename on file systems without it). Returns 0 or an errno (EEXIST when `to` exists).
int RenameNoReplace(const std::filesystem::path& from, const std::filesystem::path& to);

// Swaps `a` and `b` atomically (renameat2 RENAME_EXCHANGE). Returns 0, or an errno: EINVAL or ENOSYS when
// the file system cannot, and then the caller falls back to two renames.
int ExchangePaths(const std::filesystem::path& a, const std::filesystem::path& b);

// True when both paths exist and lead (through links) to the same file: one device, one inode. An
// output must never be one of the run's own inputs.
bool SameFile(const std::filesystem::path& a, const std::filesystem::path& b);

// write() that turns a reader that went away into EPIPE rather than a SIGPIPE that kills the process:
// SIGPIPE is blocked in this thread for the call, and a SIGPIPE the call raised is consumed. Writes what
// it can in one call, like write(); returns the count, or -1 with errno set.
long WriteWithoutSigpipe(int fd, const void* data, std::size_t size);

}  // namespace tilewalk::base
