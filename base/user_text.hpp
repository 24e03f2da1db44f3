// Text from a user's file (a passage, a tour, a script, the settings), checked once where it is read, so
// that no parser, message or writer after it meets bytes it cannot handle:
// - a UTF-8 byte-order mark at the start is dropped, and CRLF and lone CR line ends become LF, as editors
//   on other systems write them (accepted on purpose: the Pallas file's reader does the same);
// - a byte that is not UTF-8 (a file saved as Latin-1) and a NUL byte are each replaced by U+FFFD, and the
//   first is reported with its line, so that the reader can say "FILE:LINE: ..." and what to do.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace tilewalk::base {

struct TextIssue {
  int line = 0;         // 1-based, counted after the line ends were made LF
  std::string message;  // "byte 0xE9 is not UTF-8 (...); save the file as UTF-8", with how many more
};

struct UserText {
  std::string text;                // LF line ends, valid UTF-8, no NUL
  std::optional<TextIssue> issue;  // the first byte that had to be replaced
};

UserText CheckUserText(std::string_view bytes);

// The length of the well-formed UTF-8 sequence at the start of `text` (1 to 4), or 0 when it is not one:
// a stray continuation byte, an overlong form, a surrogate, a code point past U+10FFFF, or a cut sequence.
std::size_t Utf8SequenceLength(std::string_view text);

}  // namespace tilewalk::base
