// Text from files and child processes made safe to print on a terminal, and warning lists that stay short.
// A settings file, a passage or a child's stderr can hold bytes that a terminal acts on: ESC sequences
// that recolour or retitle it, carriage returns that overwrite a line, invalid UTF-8, bidirectional
// overrides that reorder what is shown. Every byte of outside text that reaches a message goes through
// TerminalSafe(): printable ASCII and well-formed printable UTF-8 pass, the rest is written as an escape
// ("\x1b", "\r", "\u202e"), and a backslash is doubled so that an escape in the output is never ambiguous.
#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace tilewalk::base {

enum class Newlines : std::uint8_t {
  Escape,  // "\n" is written as the two characters \n: one message stays one line
  Keep,    // newlines and tabs pass (multi-line text such as a child's stderr); "\r" is still escaped
};

// The text with every byte that could act on a terminal escaped. Runs in linear time.
std::string TerminalSafe(std::string_view text, Newlines newlines = Newlines::Escape);

// Text quoted from a user's file or command in a message: made terminal-safe, cut to what shows as at most
// `max_chars` characters (an escape such as "\x1b" counts as its four), and when it was longer "…" and its
// length in bytes, so that a 1 MB line quoted in an error stays one readable line. Cuts only between whole
// UTF-8 sequences and never inside an escape.
std::string Excerpt(std::string_view text, std::size_t max_chars = 60);
// The same cut, not escaped: for a message that is escaped where it is printed (a library's problems, a
// usage error). Excerpt(t) is TerminalSafe(CutText(t)).
std::string CutText(std::string_view text, std::size_t max_chars = 60);

// A warning list that keeps the first `shown` warnings and counts the rest, so that a file with 200
// problems prints 20 and "… and 180 more". Each warning is made terminal-safe when it is added.
class WarningList {
 public:
  explicit WarningList(std::size_t shown = 20) : m_shown(shown) {}

  void Add(std::string_view warning);
  std::size_t total() const { return m_total; }
  std::size_t hidden() const { return m_total - m_kept.size(); }
  bool empty() const { return m_total == 0; }
  // The kept warnings, then "… and N more" when some were dropped.
  std::vector<std::string> Lines() const;
  // Lines(), each after `prefix` (such as "tilewalk: warning: ") and ending in a newline.
  void PrintTo(std::ostream& out, std::string_view prefix = "") const;

 private:
  std::size_t m_shown;
  std::size_t m_total = 0;
  std::vector<std::string> m_kept;
};

}  // namespace tilewalk::base
