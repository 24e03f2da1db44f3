#include "base/result.hpp"

namespace tilewalk::base {

std::string_view ReasonName(Reason reason) {
  switch (reason) {
    case Reason::Usage:
      return "usage";
    case Reason::NotFound:
      return "not_found";
    case Reason::NotRegularFile:
      return "not_regular_file";
    case Reason::TooLarge:
      return "too_large";
    case Reason::Unreadable:
      return "unreadable";
    case Reason::Unwritable:
      return "unwritable";
    case Reason::Refused:
      return "refused";
    case Reason::Exists:
      return "exists";
    case Reason::Malformed:
      return "malformed";
    case Reason::Rejected:
      return "rejected";
    case Reason::Interrupted:
      return "interrupted";
    case Reason::TimedOut:
      return "timed_out";
    case Reason::ChildFailed:
      return "child_failed";
    case Reason::Unavailable:
      return "unavailable";
  }
  return "unknown";
}

}  // namespace tilewalk::base
