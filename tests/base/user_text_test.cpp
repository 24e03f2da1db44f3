#include "base/user_text.hpp"

#include <doctest/doctest.h>

#include <string>

using tilewalk::base::CheckUserText;
using tilewalk::base::Utf8SequenceLength;

TEST_CASE("CheckUserText: a byte-order mark is dropped and CRLF and CR line ends become LF, with no issue") {
  const auto checked = CheckUserText("\xEF\xBB\xBFone\r\ntwo\rthree\nfour");
  CHECK(checked.text == "one\ntwo\nthree\nfour");
  CHECK_FALSE(checked.issue);
}

TEST_CASE("CheckUserText: a Latin-1 byte is replaced, and its line is the one a reader sees") {
  const auto checked = CheckUserText("title: ok\r\nCaf\xE9 and na\xEFve\n");
  CHECK(checked.text == "title: ok\nCaf\xEF\xBF\xBD and na\xEF\xBF\xBDve\n");
  REQUIRE(checked.issue);
  CHECK(checked.issue->line == 2);
  CHECK(checked.issue->message ==
        "byte 0xE9 is not UTF-8 (was the file saved as Latin-1?); save the file as UTF-8 (1 more such bytes "
        "after it); each is read as U+FFFD");
}

TEST_CASE("CheckUserText: a NUL byte is no text, and well-formed UTF-8 passes whole") {
  const auto nul = CheckUserText(std::string("a\nb\0c", 5));
  REQUIRE(nul.issue);
  CHECK(nul.issue->line == 2);
  CHECK(nul.issue->message.starts_with("a NUL byte is not text"));
  const std::string good = "µs, ≥, 🙂";
  CHECK(CheckUserText(good).text == good);
  CHECK_FALSE(CheckUserText(good).issue);
}

TEST_CASE("Utf8SequenceLength refuses overlongs, surrogates, code points past U+10FFFF and cut sequences") {
  CHECK(Utf8SequenceLength("a") == 1);
  CHECK(Utf8SequenceLength("\xC3\xA9") == 2);
  CHECK(Utf8SequenceLength("\xE2\x89\xA5") == 3);
  CHECK(Utf8SequenceLength("\xF0\x9F\x99\x82") == 4);
  CHECK(Utf8SequenceLength("\xC0\xAF") == 0);          // overlong '/'
  CHECK(Utf8SequenceLength("\xE0\x80\xAF") == 0);      // overlong
  CHECK(Utf8SequenceLength("\xED\xA0\x80") == 0);      // a surrogate
  CHECK(Utf8SequenceLength("\xF4\x90\x80\x80") == 0);  // past U+10FFFF
  CHECK(Utf8SequenceLength("\xE2\x89") == 0);          // cut
  CHECK(Utf8SequenceLength("\x80") == 0);              // a stray continuation byte
}
