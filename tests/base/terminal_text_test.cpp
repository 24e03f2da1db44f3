#include "base/terminal_text.hpp"

#include <doctest/doctest.h>

#include <sstream>

using namespace tilewalk::base;

TEST_CASE("printable text passes unchanged, UTF-8 included") {
  CHECK(TerminalSafe("block_q = 128") == "block_q = 128");
  CHECK(TerminalSafe("µs → 日本語 é") == "µs → 日本語 é");
  CHECK(TerminalSafe("") == "");
}

TEST_CASE("control characters are escaped, so a file cannot drive the terminal") {
  CHECK(TerminalSafe("\x1b[2J\x1b]0;owned\x07") == "\\x1b[2J\\x1b]0;owned\\x07");
  CHECK(TerminalSafe("a\rb") == "a\\rb");
  CHECK(TerminalSafe("a\tb") == "a\\tb");
  CHECK(TerminalSafe(std::string("a\0b", 3)) == "a\\x00b");
  CHECK(TerminalSafe("\x7f") == "\\x7f");
}

TEST_CASE("newlines are escaped for one-line messages and kept for multi-line text") {
  CHECK(TerminalSafe("one\ntwo") == "one\\ntwo");
  CHECK(TerminalSafe("one\ntwo\tthree\r", Newlines::Keep) == "one\ntwo\tthree\\r");
}

TEST_CASE("invalid UTF-8 is escaped byte by byte") {
  CHECK(TerminalSafe("\xff") == "\\xff");
  CHECK(TerminalSafe("a\xe2\x82") == "a\\xe2\\x82");                  // cut short
  CHECK(TerminalSafe("\xc0\xaf") == "\\xc0\\xaf");                    // overlong '/'
  CHECK(TerminalSafe("\xed\xa0\x80") == "\\xed\\xa0\\x80");           // a surrogate
  CHECK(TerminalSafe("\xf4\x90\x80\x80") == "\\xf4\\x90\\x80\\x80");  // past U+10FFFF
  CHECK(TerminalSafe("\x80x") == "\\x80x");                           // a stray continuation byte
}

TEST_CASE("well-formed code points that act on the terminal or reorder text are escaped") {
  CHECK(TerminalSafe("\xc2\x9b"
                     "31m") == "\\u009b31m");  // C1 CSI
  CHECK(TerminalSafe("abc\xe2\x80\xae"
                     "def") == "abc\\u202edef");  // right-to-left override
  CHECK(TerminalSafe("\xe2\x81\xa6") == "\\u2066");
}

TEST_CASE("a backslash is doubled, so an escape in the output is never ambiguous") {
  CHECK(TerminalSafe("C:\\x1b") == "C:\\\\x1b");
}

TEST_CASE("escaped text never holds a byte below 0x20 or DEL, whatever comes in") {
  std::string all;
  for (int byte = 0; byte < 256; ++byte) all += static_cast<char>(byte);
  for (const std::string& safe : {TerminalSafe(all), TerminalSafe(all + all.substr(0x80))}) {
    for (const char c : safe) {
      const auto byte = static_cast<unsigned char>(c);
      CHECK((byte >= 0x20 && byte != 0x7f));
    }
  }
}

TEST_CASE("a warning list keeps the first few and counts the rest") {
  WarningList warnings(3);
  CHECK(warnings.empty());
  for (int i = 1; i <= 200; ++i) warnings.Add("settings:" + std::to_string(i) + ": bad \x1b value");
  CHECK(warnings.total() == 200);
  CHECK(warnings.hidden() == 197);
  const auto lines = warnings.Lines();
  REQUIRE(lines.size() == 4);
  CHECK(lines[0] == "settings:1: bad \\x1b value");
  CHECK(lines[3] == "\u2026 and 197 more");
  std::ostringstream out;
  warnings.PrintTo(out, "tilewalk: ");
  CHECK(out.str().find("tilewalk: settings:2: bad \\x1b value\n") != std::string::npos);
  CHECK(out.str().ends_with("tilewalk: \u2026 and 197 more\n"));
}

TEST_CASE("a short warning list has no 'more' line") {
  WarningList warnings;
  warnings.Add("one");
  CHECK(warnings.Lines() == std::vector<std::string>{"one"});
}

TEST_CASE("Excerpt: a long line quoted in a message is cut to 60 characters, between whole UTF-8 sequences") {
  using tilewalk::base::Excerpt;
  CHECK(Excerpt("short") == "short");
  const std::string long_line = std::string(1 << 20, 'a');
  CHECK(Excerpt(long_line) == std::string(60, 'a') + "… (1048576 bytes)");
  const std::string accents = std::string(59, 'x') + "éé";  // the cut falls after the first é, not inside it
  CHECK(Excerpt(accents) == std::string(59, 'x') + "é… (63 bytes)");
  // The cut counts the escape as the four characters it shows, and never splits one.
  CHECK(Excerpt("\x1b]0;owned\x07 and more", 4) == "\\x1b… (19 bytes)");
  CHECK(Excerpt("\x1b]0;owned\x07 and more", 6) == "\\x1b]0… (19 bytes)");
  CHECK(Excerpt("ab\x1b", 5) == "ab… (3 bytes)");
  const std::string nuls(60, '\0');
  CHECK(Excerpt(nuls) ==
        "\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00… (60 bytes)");
}
