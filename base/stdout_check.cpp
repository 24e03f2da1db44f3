#include "base/stdout_check.hpp"

#include <cerrno>
#include <cstdio>
#include <iostream>
#include <string>

#include "base/os_error.hpp"

namespace tilewalk::base {
namespace {

// A failure whose errno is gone: an earlier write failed (the stream's error flag is set) and the flush
// had nothing left to write. Saying "Input/output error" then would name a cause nobody saw.
constexpr int kEarlierFailure = -1;

// 0 when the C++ stream and the C stream under it took everything, else an errno (kEarlierFailure when
// it is no longer known).
int FlushPair(std::ostream& stream, std::FILE* file) {
  errno = 0;
  stream.flush();
  const bool stream_failed = !stream.good();
  const int stream_errno = errno;
  errno = 0;
  const bool file_failed = std::fflush(file) != 0 || std::ferror(file) != 0;
  const int file_errno = errno;
  if (!stream_failed && !file_failed) return 0;
  if (file_errno != 0) return file_errno;
  if (stream_errno != 0) return stream_errno;
  return kEarlierFailure;
}

std::string Explain(int error_number) {
  switch (error_number) {
    case kEarlierFailure:
      return "a write failed earlier (a full disk, a closed pipe or a device that takes nothing)";
    case ENOSPC:
    case EDQUOT:
      return "the disk is full (" + SystemText(error_number) + ")";
    case EFBIG:
      return "the file-size limit was reached (" + SystemText(error_number) + ")";
    case EPIPE:
      return "the program reading it has stopped (" + SystemText(error_number) + ")";
    default:
      return SystemText(error_number);
  }
}

}  // namespace

Result<void> FlushStandardStreams() {
  const int out = FlushPair(std::cout, stdout);
  const int err = FlushPair(std::cerr, stderr);
  if (out != 0)
    return Error{out == kEarlierFailure || ReasonForErrno(out) == Reason::System ? Reason::Unwritable
                                                                                 : ReasonForErrno(out),
                 "cannot write to standard output: " + Explain(out) + "; the output is incomplete"};
  if (err != 0)
    return Error{err == kEarlierFailure || ReasonForErrno(err) == Reason::System ? Reason::Unwritable
                                                                                 : ReasonForErrno(err),
                 "cannot write to standard error: " + Explain(err)};
  return Ok();
}

int ExitCodeAfterFlush(int exit_code, std::string_view program) {
  const auto flushed = FlushStandardStreams();
  if (flushed) return exit_code;
  std::fprintf(stderr, "%.*s: %s\n", static_cast<int>(program.size()), program.data(),
               flushed.error().message.c_str());
  std::fflush(stderr);
  return exit_code != 0 ? exit_code : 1;
}

}  // namespace tilewalk::base
