// One way to return a recoverable error: a value or an Error (a Reason from one table, and a sentence).
// Input, file, system and child-process failures travel as Result values up to the verb that reports them
// once, at the boundary; exceptions stay where the kernel mirror raises the original's errors. An Error's
// message is a whole sentence in the house style of the CLI: it starts in lower case so that the verb can
// put "tilewalk trace: " before it, names what was wrong (a path in quotes, made terminal-safe), and says
// what to do. GCC 12 has no std::expected, so this is a small variant with the same spelling where it can.
// Misuse (value() of an error, error() of a value) is a programmer bug: it aborts with a sentence, also in
// release builds.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

namespace tilewalk::base {

// Why something could not be done. The names and descriptions live in one table (ReasonInfo in
// result.cpp); a static_assert keeps it in step with this enum.
enum class Reason : std::uint8_t {
  NotFound,        // a path, folder or program does not exist
  NotRegularFile,  // a folder, device, FIFO or socket where a regular file was needed
  TooLarge,        // a file or output over its stated cap
  Unreadable,      // exists but cannot be read: permissions, a symlink loop, an I/O error
  Unwritable,      // cannot be created or written: permissions, a read-only file system, an I/O error
  DiskFull,        // ENOSPC or EDQUOT while writing
  FileSizeLimit,   // EFBIG: the process's file-size limit (ulimit -f) was reached
  Refused,         // refused on purpose to keep data safe: not our folder, the working folder, a link
  Exists,          // the destination exists and replacing it was not asked for
  Interrupted,     // the user pressed Ctrl-C, or a SIGTERM arrived
  TimedOut,        // a child process ran past its time limit and was stopped
  ChildFailed,     // a child process could not start, exited non-zero, died on a signal, or closed its input
  Malformed,       // content that is not in the expected form
  OutOfMemory,     // more memory than allowed or available
  Usage,           // the command line or the call is wrong (an empty path, a bad option)
  System,          // an unexpected failure of the operating system (fork, pipe, poll)
};
inline constexpr int kReasonCount = 16;

// The reason's stable identifier ("NotFound"), for JSON and logs.
std::string_view ReasonName(Reason reason);
// One line on what the reason means, for help texts and documentation.
std::string_view ReasonDescription(Reason reason);

struct Error {
  Reason reason = Reason::System;
  std::string message{};  // what was wrong and what to do; starts in lower case, no final full stop
};

namespace detail {
[[noreturn]] void FailedAccess(const char* what, const Error* error);
}  // namespace detail

template <class T>
class [[nodiscard]] Result {
  static_assert(!std::is_same_v<std::remove_cvref_t<T>, Error>,
                "Result<Error> is ambiguous; use Result<void>");
  static_assert(!std::is_reference_v<T>, "Result holds values; use Result<T*> or std::reference_wrapper");

 public:
  Result(Error error) : m_state(std::in_place_index<1>, std::move(error)) {}
  template <class U = T>
  requires(std::is_convertible_v<U&&, T> && !std::is_same_v<std::remove_cvref_t<U>, Error> &&
           !std::is_same_v<std::remove_cvref_t<U>, Result>) Result(U&& value)
      : m_state(std::in_place_index<0>, std::forward<U>(value)) {}

  bool ok() const { return m_state.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & {
    if (!ok()) detail::FailedAccess("value()", &std::get<1>(m_state));
    return std::get<0>(m_state);
  }
  const T& value() const& {
    if (!ok()) detail::FailedAccess("value()", &std::get<1>(m_state));
    return std::get<0>(m_state);
  }
  T&& value() && {
    if (!ok()) detail::FailedAccess("value()", &std::get<1>(m_state));
    return std::get<0>(std::move(m_state));
  }
  template <class U>
  T value_or(U&& fallback) const& {
    return ok() ? std::get<0>(m_state) : static_cast<T>(std::forward<U>(fallback));
  }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T&& operator*() && { return std::move(*this).value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  const Error& error() const {
    if (ok()) detail::FailedAccess("error()", nullptr);
    return std::get<1>(m_state);
  }

 private:
  std::variant<T, Error> m_state;
};

template <>
class [[nodiscard]] Result<void> {
 public:
  Result() = default;  // success
  Result(Error error) : m_error(std::move(error)) {}

  bool ok() const { return !m_error.has_value(); }
  explicit operator bool() const { return ok(); }
  const Error& error() const {
    if (ok()) detail::FailedAccess("error()", nullptr);
    return *m_error;
  }

 private:
  std::optional<Error> m_error;
};

// Success of a Result<void>, spelled so that it reads at the return statement.
inline Result<void> Ok() {
  return {};
}

using Status = Result<void>;

// A failure, spelled where it is made: `return base::Fail(Reason::NotFound, "...")`.
inline Error Fail(Reason reason, std::string message) {
  return Error{reason, std::move(message)};
}

}  // namespace tilewalk::base
