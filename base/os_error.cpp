#include "base/os_error.hpp"

#include <cerrno>
#include <cstring>

#include "base/terminal_text.hpp"

namespace tilewalk::base {
namespace {

// The part after "cannot read/write 'P': " that names the cause in words and what to do.
std::string Explain(int error_number, bool writing) {
  const std::string system = " (" + SystemText(error_number) + ")";
  switch (error_number) {
    case ENOENT:
      return writing
                 ? "its folder does not exist" + system + "; create the folder first or choose another path"
                 : "there is no such file" + system + "; check the path";
    case ENOTDIR:
      return "a part of the path is not a folder" + system + "; check the path";
    case EISDIR:
      return "it is a folder" + system + "; give the path of a file";
    case EACCES:
    case EPERM:
      return "permission denied" + system + "; check its permissions or choose another path";
    case EROFS:
      return "the file system is read-only" + system + "; choose another place";
    case ELOOP:
      return "the path is a loop of symbolic links" + system + "; fix or remove the link";
    case ENAMETOOLONG:
      return "the name is too long" + system + "; choose a shorter path";
    case ENOSPC:
    case EDQUOT:
      return "the disk is full" + system + "; free some space or choose another place";
    case EFBIG:
      return "the file-size limit was reached" + system +
             "; raise the limit (ulimit -f) or write somewhere with room for the whole file";
    case EPIPE:
      return "the program reading it has stopped" + system;
    case ENXIO:
      return "nothing is reading from it" + system + "; start the reader first, or give a file";
    case ETIMEDOUT:
      return "its reader took nothing before the run's time limit" + system +
             "; read the pipe, or give a file";
    case EIO:
      return "the device reported an input/output error" + system + "; check the disk";
    case ENOMEM:
      return "there is not enough memory" + system;
    case EMFILE:
    case ENFILE:
      return "too many files are open" + system;
    default:
      return SystemText(error_number);
  }
}

// GNU strerror_r returns the text, which may or may not be in buffer; the XSI one (musl, emscripten's libc)
// returns 0 and fills the buffer.
[[maybe_unused]] const char* StrerrorText(const char* text, const char*) {
  return text;
}
[[maybe_unused]] const char* StrerrorText(int result, const char* buffer) {
  return result == 0 ? buffer : nullptr;
}

}  // namespace

std::string SystemText(int error_number) {
  char buffer[256];
  const char* text = StrerrorText(strerror_r(error_number, buffer, sizeof buffer), buffer);
  return text != nullptr ? text : "error " + std::to_string(error_number);
}

std::string Quote(const std::filesystem::path& path) {
  return "'" + TerminalSafe(path.native()) + "'";
}

Reason ReasonForErrno(int error_number) {
  switch (error_number) {
    case ENOENT:
    case ENOTDIR:
      return Reason::NotFound;
    case EISDIR:
      return Reason::NotRegularFile;
    case ENOSPC:
    case EDQUOT:
      return Reason::DiskFull;
    case EFBIG:
      return Reason::FileSizeLimit;
    case ENOMEM:
      return Reason::OutOfMemory;
    case ETIMEDOUT:
      return Reason::TimedOut;
    case EINTR:
      return Reason::Interrupted;
    case EACCES:
    case EPERM:
    case EROFS:
    case EPIPE:
    case ENXIO:
      return Reason::Unwritable;
    default:
      return Reason::System;
  }
}

Error ReadFailure(const std::filesystem::path& path, int error_number) {
  Reason reason = ReasonForErrno(error_number);
  if (reason == Reason::Unwritable || reason == Reason::System || error_number == ELOOP)
    reason = Reason::Unreadable;
  return {reason, "cannot read " + Quote(path) + ": " + Explain(error_number, false)};
}

Error WriteFailure(const std::filesystem::path& path, int error_number) {
  Reason reason = ReasonForErrno(error_number);
  if (reason == Reason::System) reason = Reason::Unwritable;
  return {reason, "cannot write " + Quote(path) + ": " + Explain(error_number, true)};
}

}  // namespace tilewalk::base
