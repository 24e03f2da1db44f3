#include "base/user_text.hpp"

#include <cstdio>

namespace tilewalk::base {

std::size_t Utf8SequenceLength(std::string_view text) {
  if (text.empty()) return 0;
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(0);
  if (lead < 0x80) return 1;
  std::size_t length = 0;
  unsigned char low = 0x80, high = 0xBF;  // the bounds of the second byte, which rule out overlongs and more
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;   // overlong
    if (lead == 0xED) high = 0x9F;  // UTF-16 surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;   // overlong
    if (lead == 0xF4) high = 0x8F;  // past U+10FFFF
  } else {
    return 0;
  }
  if (text.size() < length || byte(1) < low || byte(1) > high) return 0;
  for (std::size_t i = 2; i < length; ++i)
    if (byte(i) < 0x80 || byte(i) > 0xBF) return 0;
  return length;
}

UserText CheckUserText(std::string_view bytes) {
  constexpr std::string_view kBom = "\xEF\xBB\xBF", kReplacement = "\xEF\xBF\xBD";
  if (bytes.starts_with(kBom)) bytes.remove_prefix(kBom.size());
  UserText out;
  out.text.reserve(bytes.size());
  int line = 1;
  long replaced = 0;
  std::string first;
  for (std::size_t i = 0; i < bytes.size();) {
    const char c = bytes[i];
    if (c == '\r') {  // CRLF and a lone CR both end a line
      out.text += '\n';
      ++line;
      i += i + 1 < bytes.size() && bytes[i + 1] == '\n' ? 2 : 1;
      continue;
    }
    if (c == '\n') ++line;
    const std::size_t length = c == '\0' ? 0 : Utf8SequenceLength(bytes.substr(i));
    if (length > 0) {
      out.text.append(bytes.substr(i, length));
      i += length;
      continue;
    }
    if (replaced++ == 0) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned char>(c));
      first = c == '\0' ? std::string("a NUL byte is not text")
                        : "byte " + std::string(hex) + " is not UTF-8 (was the file saved as Latin-1?)";
      out.issue = TextIssue{line, ""};
    }
    out.text.append(kReplacement);
    ++i;
  }
  if (out.issue) {
    out.issue->message =
        first + "; save the file as UTF-8" +
        (replaced > 1 ? " (" + std::to_string(replaced - 1) + " more such bytes after it)" : "") +
        "; each is read as U+FFFD";
  }
  return out;
}

}  // namespace tilewalk::base
