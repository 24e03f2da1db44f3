// Fuzzes base/'s terminal-safe text, temporary names and byte sizes, which read bytes from files, folders
// and flags tilewalk does not control. Invariants: TerminalSafe's output holds no control byte (a newline and
// a tab only with Newlines::Keep), is well-formed UTF-8, and never grows more than 4 times (linear: "\x1b"
// for one byte is the worst); a warning list of any text keeps its cap; a parsed temporary name names a
// non-empty target and a non-zero pid; a size ParseByteSize accepts is within its range and reads back from
// plain digits.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "base/byte_size.hpp"
#include "base/temporary_name.hpp"
#include "base/terminal_text.hpp"
#include "tests/fuzz/fuzz_check.hpp"

namespace base = tilewalk::base;
using tilewalk::fuzz::Check;

namespace {

// True when `text` is well-formed UTF-8 (no overlong forms, surrogates or code points past U+10FFFF).
bool WellFormedUtf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    std::size_t length = 1;
    char32_t code = lead, min = 0;
    if (lead >= 0x80) {
      if (lead >= 0xc2 && lead <= 0xdf) {
        length = 2, code = lead & 0x1f, min = 0x80;
      } else if (lead >= 0xe0 && lead <= 0xef) {
        length = 3, code = lead & 0x0f, min = 0x800;
      } else if (lead >= 0xf0 && lead <= 0xf4) {
        length = 4, code = lead & 0x07, min = 0x10000;
      } else {
        return false;
      }
      if (i + length > text.size()) return false;
      for (std::size_t k = 1; k < length; ++k) {
        const auto next = static_cast<unsigned char>(text[i + k]);
        if ((next & 0xc0) != 0x80) return false;
        code = (code << 6) | (next & 0x3f);
      }
      if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return false;
    }
    i += length;
  }
  return true;
}

void CheckSafe(std::string_view in, base::Newlines newlines) {
  const std::string out = base::TerminalSafe(in, newlines);
  for (const char c : out) {
    const auto byte = static_cast<unsigned char>(c);
    const bool kept = newlines == base::Newlines::Keep && (byte == '\n' || byte == '\t');
    Check(kept || (byte >= 0x20 && byte != 0x7f), "TerminalSafe let a control byte through", out);
  }
  Check(WellFormedUtf8(out), "TerminalSafe made malformed UTF-8", out);
  Check(out.size() <= 4 * in.size(), "TerminalSafe grew the text more than 4 times", out);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in(reinterpret_cast<const char*>(data), size);
  CheckSafe(in, base::Newlines::Escape);
  CheckSafe(in, base::Newlines::Keep);

  base::WarningList warnings(3);
  for (std::size_t start = 0; start < in.size(); start += 7) warnings.Add(in.substr(start, 7));
  Check(warnings.Lines().size() <= 4, "a warning list went past its cap");

  if (const auto name = base::ParseTemporaryName(in)) {
    Check(!name->target.empty(), "a temporary name parsed with an empty target", in);
    Check(name->pid > 0, "a temporary name parsed with pid 0", in);
  }
  constexpr std::uint64_t kLeast = 1 << 20, kMost = std::uint64_t{1} << 50;
  if (const auto bytes = base::ParseByteSize(in, kLeast, kMost)) {
    Check(*bytes >= kLeast && *bytes <= kMost, "ParseByteSize accepted a size out of its range", in);
    const auto again = base::ParseByteSize(std::to_string(*bytes), kLeast, kMost);
    Check(again.ok() && *again == *bytes, "a size ParseByteSize accepts does not read back as bytes", in);
  }
  return 0;
}
