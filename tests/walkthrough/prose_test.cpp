// The shape of the prose (WRITING.md): a passage holds one idea in 40 to 140 words, a stop's narration fits
// a projector in at most nine lines, and no paragraph of a passage or a narration opens with "Surprise:"
// (say what is surprising instead).
#include <doctest/doctest.h>

#include <sstream>
#include <string>

#include "kernels/flash/entry/kernel_entry.hpp"
#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/library.hpp"

using namespace tilewalk::walkthrough;

namespace {

// Words, with each placeholder counted as one (a variant's flags hold spaces).
int CountWords(const std::string& text) {
  std::string flat;
  bool in_placeholder = false;
  for (char c : text) {
    if (c == '{') in_placeholder = true;
    if (!in_placeholder) flat += c;
    if (c == '}') {
      in_placeholder = false;
      flat += 'X';
    }
  }
  std::istringstream in(flat);
  int n = 0;
  for (std::string w; in >> w;) ++n;
  return n;
}

// Lines that hold text; the blank lines between paragraphs are not counted.
int CountTextLines(const std::string& text) {
  std::istringstream in(text);
  int n = 0;
  for (std::string line; std::getline(in, line);) n += line.find_first_not_of(" \t") != std::string::npos;
  return n;
}

bool OpensAParagraphWith(const std::string& text, const std::string& word) {
  std::istringstream in(text);
  bool paragraph_start = true;
  for (std::string line; std::getline(in, line);) {
    if (line.find_first_not_of(" \t") == std::string::npos) {
      paragraph_start = true;
      continue;
    }
    if (paragraph_start && line.rfind(word, 0) == 0) return true;
    paragraph_start = false;
  }
  return false;
}

}  // namespace

TEST_CASE("words are counted with a placeholder as one word") {
  CHECK(CountWords("k is copied {fwd.copies.k.issued} times") == 5);
  CHECK(CountWords("{with --what-if redirect-lm-dkv: dkv.copies.l.issued} copies") == 2);
  CHECK(OpensAParagraphWith("One.\n\nSurprise: two.", "Surprise"));
  CHECK_FALSE(OpensAParagraphWith("One. Surprise: two.", "Surprise"));
  CHECK(CountTextLines("One\ntwo\n\n  \nthree") == 3);
}

TEST_CASE("every stop's narration holds at most nine lines") {
  const Library lib = LoadLibrary(tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()));
  REQUIRE(lib.diagnostics.empty());
  for (const Tour& t : lib.tours)
    for (const TourStop& s : t.stops) {
      const int lines = CountTextLines(s.narration);
      CHECK_MESSAGE(lines <= 9, t.file << ":" << s.narration_line << ": " << lines
                                       << " lines of narration; a stop has at most 9");
    }
}

TEST_CASE("every passage holds 40 to 140 words, and nothing opens on 'Surprise'") {
  const Library lib = LoadLibrary(tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()));
  REQUIRE(lib.diagnostics.empty());
  for (const Passage& p : lib.passages) {
    const int words = CountWords(p.body);
    CHECK_MESSAGE((words >= 40 && words <= 140),
                  p.file << ": " << words << " words; a passage has 40 to 140");
    CHECK_MESSAGE(!OpensAParagraphWith(p.body, "Surprise"), p.file);
  }
  for (const Tour& t : lib.tours)
    for (const TourStop& s : t.stops)
      CHECK_MESSAGE(!OpensAParagraphWith(s.narration, "Surprise"), t.file << ":" << s.line);
}
