// Placeholder checking stays linear in the text (once, a 3.3 MB passage took 54 s): stray braces, a
// brace that never closes, many unknown placeholders and many good ones are each checked in one pass over a
// 3.3 MB text, and the problems of one text are capped at 20 messages and a count, so a file of a million
// stray braces cannot make a million diagnostics. The same holds for a whole passage file.
#include <doctest/doctest.h>

#include <string>

#include "kernels/flash/entry/kernel_entry.hpp"
#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/passage.hpp"
#include "walkthrough/placeholders.hpp"

using namespace tilewalk::walkthrough;

namespace {

constexpr std::size_t kSize = 3300 * 1000;

std::string Repeat(const std::string& unit) {
  std::string text;
  text.reserve(kSize + unit.size());
  while (text.size() < kSize) text += unit;
  return text;
}

}  // namespace

// These inputs took a minute and more while the check was quadratic; now each is a linear pass. No clock is
// asserted here (this machine is shared): the fuzz targets report any input over a second, and a quadratic
// check would run into the test's time limit.
TEST_CASE("placeholder check: 3.3 MB of stray braces, unknown names or good ones, each counted once") {
  struct Case {
    const char* what;
    std::string text;
    std::size_t diagnostics;
  };
  const Case cases[] = {
      {"braces and one late close", Repeat("{") + "}", 21},
      {"a brace that never closes, then lines", "{" + Repeat("text line\n"), 1},
      {"one close after many opens on many lines", Repeat("{\n") + "}", 21},
      {"unknown placeholders", Repeat("{fwd.nonsense}\n"), 21},
      {"good placeholders", Repeat("{fwd.steps_skipped} and {scenario.block_k}\n"), 0},
  };
  for (const Case& c : cases) {
    CAPTURE(c.what);
    Diagnostics diags;
    CheckPlaceholderSyntax(c.text, tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()), "big.md", 1,
                           diags);
    CHECK(diags.size() == c.diagnostics);
  }
}

TEST_CASE("placeholder check: the first problems are named at their lines, the rest counted") {
  std::string text;
  for (int i = 0; i < 30; ++i) text += "line {fwd.nope" + std::to_string(i) + "}\n";
  Diagnostics diags;
  CheckPlaceholderSyntax(text, tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()), "p.md", 5,
                         diags);
  REQUIRE(diags.size() == 21);
  CHECK(diags[0].line == 5);
  CHECK(diags[19].line == 24);
  CHECK(diags[19].message.find("{fwd.nope19}") != std::string::npos);
  CHECK(diags[20].message == "and 10 more placeholder problems after this line; fix the ones above first");
}

TEST_CASE("placeholder check: a huge unknown name is quoted by its start only") {
  Diagnostics diags;
  CheckPlaceholderSyntax("{" + std::string(100000, 'x') + "}",
                         tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()), "p.md", 1, diags);
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].message.size() < 200);
}

TEST_CASE("placeholder check: a 3.3 MB passage file parses, its problems capped") {
  const std::string file =
      "---\nid: big\ntitle: Big\npallas: _kernel_body\ntokens: m_next\nhint: 1-2\n"
      "cpp: fwd.run.m_next\n---\n" +
      Repeat("{ { {fwd.steps} {fwd.nope\n");
  Diagnostics diags;
  (void)ParsePassage("01-big.md", file, tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()), diags);
  CHECK(diags.size() <= 25);
}
