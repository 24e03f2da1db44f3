// The library's Markdown as plain text for the export's manifest and player: paragraphs kept, wrapped
// lines joined, list items on their own lines, code marks dropped; the first sentence for captions; and
// the reading time the player dwells on a stop.
#include <doctest/doctest.h>

#include <string>

#include "kernels/flash/entry/kernel_entry.hpp"
#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/library.hpp"
#include "walkthrough/plain_text.hpp"

namespace tilewalk::walkthrough {

TEST_CASE("plain text: wrapped lines join, paragraphs and list items stay apart") {
  CHECK(PlainText("One line\nwrapped by hand.\n\nA second   \n  paragraph.\n") ==
        "One line wrapped by hand.\n\nA second paragraph.");
  CHECK(PlainText("Steps:\n- first\n- second\n1. third\n10) fourth") ==
        "Steps:\n- first\n- second\n1. third\n10) fourth");
  CHECK(PlainText("a\r\n\r\n\r\nb\r\n") == "a\n\nb");
  CHECK(PlainText("").empty());
  CHECK(PlainText("\n \n\t\n").empty());
  CHECK(PlainText("-not a list\n2.5 is a number") == "-not a list 2.5 is a number");
}

TEST_CASE("plain text: code spans lose their backticks, unmatched backticks are kept") {
  CHECK(PlainText("calls `dot_general` on `q`") == "calls dot_general on q");
  CHECK(PlainText("``a ` b`` and ` c `") == "a ` b and c");
  CHECK(PlainText("a ` lone backtick") == "a ` lone backtick");
  CHECK(PlainText("``` `` ``` ``") == "`` ``");  // the spaces inside ``` ``` are padding
  CHECK(PlainText("`spans\nlines`") == "spans lines");
  CHECK(PlainText("`a`\n\n`b") == "a\n\n`b");                     // a span does not cross paragraphs
  CHECK(PlainText("a `  ` b") == "a    b");                       // all spaces: no padding is stripped
  CHECK(PlainText("ends in `code `\n\n`  `") == "ends in code");  // no space at the ends, no empty paragraph
}

TEST_CASE("plain text: the first sentence, cut at a word and never inside a character") {
  CHECK(FirstSentence("Grid steps walk blocks. Then more.", 200) == "Grid steps walk blocks.");
  CHECK(FirstSentence("Is it 2.5? Yes.", 200) == "Is it 2.5?");
  CHECK(FirstSentence("No full stop\n\nnext paragraph.", 200) == "No full stop");
  CHECK(FirstSentence("one two three four", 9) == "one two…");
  CHECK(FirstSentence("ααααα", 5) == "αα…");  // 2-byte characters: 5 bytes hold two
  CHECK(FirstSentence("", 10).empty());
}

TEST_CASE("plain text: reading time grows with the words, at least 4 s") {
  CHECK(ReadingSeconds("") == 4.0);
  CHECK(ReadingSeconds("three short words") == 4.0);
  CHECK(ReadingSeconds(std::string(100, 'a') + " b c d e f g h i j") == doctest::Approx(5.0));
  std::string sixty;
  for (int i = 0; i < 60; ++i) sixty += "word\n ";
  CHECK(ReadingSeconds(sixty) == doctest::Approx(20.0));
}

TEST_CASE("plain text: every shipped passage and narration reads without backticks or hand wraps") {
  const Library library = LoadLibrary(tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()));
  for (const Passage& passage : library.passages) {
    const std::string plain = PlainText(passage.body);
    CHECK_MESSAGE(plain.find('`') == std::string::npos, passage.id);
    CHECK_MESSAGE(!plain.empty(), passage.id);
  }
  for (const Tour& tour : library.tours)
    for (const TourStop& stop : tour.stops) {
      const std::string plain = PlainText(stop.narration);
      CHECK_MESSAGE(plain.find("\n\n\n") == std::string::npos, stop.title);
      // The shipped narration has no lists: a wrapped paragraph becomes one line.
      for (std::size_t at = plain.find('\n'); at != std::string::npos; at = plain.find('\n', at + 2))
        CHECK_MESSAGE(plain[at + 1] == '\n', stop.title);
    }
}

}  // namespace tilewalk::walkthrough
