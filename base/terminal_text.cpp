#include "base/terminal_text.hpp"

namespace tilewalk::base {
namespace {

constexpr char kHex[] = "0123456789abcdef";

void AppendByteEscape(std::string& out, unsigned char byte) {
  out += "\\x";
  out += kHex[byte >> 4];
  out += kHex[byte & 0xf];
}

void AppendCodePointEscape(std::string& out, char32_t code_point) {
  out += "\\u";
  for (int shift = 12; shift >= 0; shift -= 4) out += kHex[(code_point >> shift) & 0xf];
}

// The length of the well-formed UTF-8 sequence at text[i] (2 to 4) and its code point, or 0 when the
// bytes there are not one: a stray continuation byte, an overlong form, a surrogate, past U+10FFFF, or cut.
std::size_t DecodeMultiByte(std::string_view text, std::size_t i, char32_t& code_point) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
  const unsigned char lead = byte(0);
  std::size_t length = 0;
  char32_t min = 0;
  if (lead >= 0xc2 && lead <= 0xdf) {
    length = 2, code_point = lead & 0x1f, min = 0x80;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3, code_point = lead & 0x0f, min = 0x800;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4, code_point = lead & 0x07, min = 0x10000;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(k) & 0xc0) != 0x80) return 0;
    code_point = (code_point << 6) | (byte(k) & 0x3f);
  }
  if (code_point < min || code_point > 0x10ffff || (code_point >= 0xd800 && code_point <= 0xdfff)) return 0;
  return length;
}

// Code points that are well-formed but still act on a terminal or reorder the text around them: the C1
// controls, the bidirectional embeddings, overrides and isolates, and the line and paragraph separators.
bool IsInvisibleControl(char32_t c) {
  return (c >= 0x80 && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) ||
         c == 0x2028 || c == 0x2029 || c == 0x200e || c == 0x200f || c == 0x061c;
}

// Appends the byte or UTF-8 sequence at text[i], escaped when it could act on a terminal, and returns
// the index past it.
std::size_t AppendSafe(std::string& out, std::string_view text, std::size_t i, Newlines newlines) {
  const auto byte = static_cast<unsigned char>(text[i]);
  if (byte >= 0x20 && byte < 0x7f) {
    if (byte == '\\') out += '\\';
    out += static_cast<char>(byte);
    return i + 1;
  }
  if (byte < 0x80) {
    if ((byte == '\n' || byte == '\t') && newlines == Newlines::Keep) {
      out += static_cast<char>(byte);
    } else if (byte == '\n') {
      out += "\\n";
    } else if (byte == '\r') {
      out += "\\r";
    } else if (byte == '\t') {
      out += "\\t";
    } else {
      AppendByteEscape(out, byte);
    }
    return i + 1;
  }
  char32_t code_point = 0;
  const std::size_t length = DecodeMultiByte(text, i, code_point);
  if (length == 0) {
    AppendByteEscape(out, byte);
    return i + 1;
  }
  if (IsInvisibleControl(code_point)) {
    AppendCodePointEscape(out, code_point);
  } else {
    out.append(text.substr(i, length));
  }
  return i + length;
}

// The characters (code points) a piece of escaped output takes on the terminal.
std::size_t Columns(std::string_view escaped) {
  std::size_t columns = 0;
  for (const char c : escaped) columns += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  return columns;
}

}  // namespace

std::string TerminalSafe(std::string_view text, Newlines newlines) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) i = AppendSafe(out, text, i, newlines);
  return out;
}

void WarningList::Add(std::string_view warning) {
  ++m_total;
  if (m_kept.size() < m_shown) m_kept.push_back(TerminalSafe(warning));
}

std::vector<std::string> WarningList::Lines() const {
  std::vector<std::string> lines = m_kept;
  if (hidden() > 0) lines.push_back("\u2026 and " + std::to_string(hidden()) + " more");
  return lines;
}

void WarningList::PrintTo(std::ostream& out, std::string_view prefix) const {
  for (const std::string& line : Lines()) out << prefix << line << "\n";
}

std::string CutText(std::string_view text, std::size_t max_chars) {
  // The cut counts what is shown once escaped: "\\x00" takes four of the characters, so that 60 NUL bytes
  // do not become a 240-character quote.
  std::string piece;
  std::size_t columns = 0, end = 0;
  while (end < text.size()) {
    piece.clear();
    const std::size_t next = AppendSafe(piece, text, end, Newlines::Escape);
    const std::size_t width = Columns(piece);
    if (columns + width > max_chars) break;
    columns += width;
    end = next;
  }
  if (end >= text.size()) return std::string(text);
  return std::string(text.substr(0, end)) + "… (" + std::to_string(text.size()) + " bytes)";
}

std::string Excerpt(std::string_view text, std::size_t max_chars) {
  return TerminalSafe(CutText(text, max_chars));  // the cut's "… (N bytes)" is printable as it is
}

}  // namespace tilewalk::base
