// One way to return a recoverable error, from the walkthrough layer up: a Result holds either a value or
// an Error, which is a reason (for code that must decide what to do) and a whole sentence (for the person
// reading it: what was wrong and what to do). Exceptions stay where the kernel mirror raises the original
// kernel's errors; everything a user can get wrong travels as a Result.
#pragma once

#include <cassert>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace tilewalk::base {

enum class Reason : uint8_t {
  Usage,           // the command line or a field value is malformed or out of range
  NotFound,        // a file, folder, tour, stop or passage that is not there
  NotRegularFile,  // a reader was handed a folder, FIFO, device or socket
  TooLarge,        // over a stated cap: a file, a shape, a frame count, host memory
  Unreadable,      // the system refused to read (permissions, I/O error, a symlink loop)
  Unwritable,      // the system refused to write (permissions, a full disk, a file-size limit)
  Refused,         // we will not do it: replacing something that is not ours, writing into the working folder
  Exists,          // the destination exists and replacing it was not asked for
  Malformed,       // a file's contents are wrong: a tour, a passage, settings, a Python file that is not ours
  Rejected,        // the kernel rejects the scenario (its ValueError, NotImplementedError, out of VMEM)
  Interrupted,     // the user pressed Ctrl-C or sent SIGTERM
  TimedOut,        // a child process or a wait ran past its time limit
  ChildFailed,     // a child process exited with an error or was killed
  Unavailable,     // a needed resource is missing: no display, no GL, a missing library or program
};

std::string_view ReasonName(Reason reason);  // "usage", "not_found", ...

struct Error {
  Reason reason = Reason::Usage;
  std::string message;  // a whole sentence, without the verb prefix
};

// The failure of a Result, spelled where it is made: `return base::Fail(Reason::NotFound, "...")`.
inline Error Fail(Reason reason, std::string message) {
  return Error{reason, std::move(message)};
}

template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : m_state(std::in_place_index<0>, std::move(value)) {}      // NOLINT: implicit by design
  Result(Error error) : m_state(std::in_place_index<1>, std::move(error)) {}  // NOLINT

  bool ok() const { return m_state.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & {
    assert(ok() && "Result::value() on an error: test ok() first");
    return std::get<0>(m_state);
  }
  const T& value() const& {
    assert(ok() && "Result::value() on an error: test ok() first");
    return std::get<0>(m_state);
  }
  T&& value() && {
    assert(ok() && "Result::value() on an error: test ok() first");
    return std::get<0>(std::move(m_state));
  }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T&& operator*() && { return std::move(*this).value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  const Error& error() const {
    assert(!ok() && "Result::error() on a value: test ok() first");
    return std::get<1>(m_state);
  }

 private:
  std::variant<T, Error> m_state;
};

template <>
class [[nodiscard]] Result<void> {
 public:
  Result() = default;
  Result(Error error) : m_error(std::move(error)) {}  // NOLINT: implicit by design

  bool ok() const { return !m_error.has_value(); }
  explicit operator bool() const { return ok(); }
  const Error& error() const {
    assert(!ok() && "Result::error() on success: test ok() first");
    return *m_error;
  }

 private:
  std::optional<Error> m_error;
};

using Status = Result<void>;

}  // namespace tilewalk::base
