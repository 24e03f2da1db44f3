#include "base/result.hpp"

#include <array>
#include <cstdio>
#include <cstdlib>

namespace tilewalk::base {
namespace {

struct ReasonInfo {
  Reason reason;
  std::string_view name;
  std::string_view description;
};

// The one table of reasons: every consumer (messages, JSON, help) reads it.
constexpr std::array<ReasonInfo, kReasonCount> kReasons = {{
    {Reason::NotFound, "NotFound", "a path, folder or program does not exist"},
    {Reason::NotRegularFile, "NotRegularFile", "a folder, device, FIFO or socket where a file was needed"},
    {Reason::TooLarge, "TooLarge", "larger than the stated cap"},
    {Reason::Unreadable, "Unreadable", "exists but cannot be read"},
    {Reason::Unwritable, "Unwritable", "cannot be created or written"},
    {Reason::DiskFull, "DiskFull", "the disk is full"},
    {Reason::FileSizeLimit, "FileSizeLimit", "the process's file-size limit was reached"},
    {Reason::Refused, "Refused", "refused on purpose, to keep data safe"},
    {Reason::Exists, "Exists", "the destination exists and replacing it was not asked for"},
    {Reason::Interrupted, "Interrupted", "interrupted by Ctrl-C or SIGTERM"},
    {Reason::TimedOut, "TimedOut", "a child process ran past its time limit"},
    {Reason::ChildFailed, "ChildFailed", "a child process failed or could not start"},
    {Reason::Malformed, "Malformed", "the content is not in the expected form"},
    {Reason::OutOfMemory, "OutOfMemory", "more memory than allowed or available"},
    {Reason::Usage, "Usage", "the command line or the call is wrong"},
    {Reason::System, "System", "an unexpected failure of the operating system"},
}};

constexpr bool TableFollowsEnum() {
  for (std::size_t i = 0; i < kReasons.size(); ++i)
    if (static_cast<std::size_t>(kReasons[i].reason) != i) return false;
  return true;
}
static_assert(TableFollowsEnum(), "kReasons must list every Reason once, in the enum's order");
static_assert(static_cast<int>(Reason::System) + 1 == kReasonCount, "kReasonCount must follow the enum");

constexpr ReasonInfo kUnknown = {Reason::System, "Unknown", "a value outside the Reason enum"};

const ReasonInfo& Info(Reason reason) {
  const auto index = static_cast<std::size_t>(reason);
  return index < kReasons.size() ? kReasons[index] : kUnknown;
}

}  // namespace

std::string_view ReasonName(Reason reason) {
  return Info(reason).name;
}

std::string_view ReasonDescription(Reason reason) {
  return Info(reason).description;
}

namespace detail {

void FailedAccess(const char* what, const Error* error) {
  if (error != nullptr) {
    std::fprintf(stderr,
                 "tilewalk: internal error: Result::%s called on an error (%s: %s); check ok() first\n", what,
                 std::string(ReasonName(error->reason)).c_str(), error->message.c_str());
  } else {
    std::fprintf(stderr, "tilewalk: internal error: Result::%s called on a value; check ok() first\n", what);
  }
  std::abort();
}

}  // namespace detail
}  // namespace tilewalk::base
