// The Pallas file resolved against a pinned fingerprint (fixtures of our own, each with its own
// fingerprint): the outline in one pass (tabs, strings holding brackets or "def", continuation lines,
// multi-line decorators), the alignment through insertions, deletions and edited lines, the rule that a
// line placed by its neighbours needs an unchanged line of its function nearby, and a passage's way down
// from alignment to tokens to some of its tokens.
#include <doctest/doctest.h>

#include "tests/walkthrough/fixture_files.hpp"
#include "walkthrough/pallas_index.hpp"
#include "walkthrough/pallas_source.hpp"

using namespace tilewalk::walkthrough;

namespace {

using tilewalk::walkthrough::testing::Row;

std::vector<std::string> PythonFixture(const char* name) {
  return SplitPythonLines(tilewalk::walkthrough::testing::FixtureText(name));
}

PallasSource Source(std::vector<std::string> lines) {
  PallasSource source;
  source.path = "flash_attention.py";
  source.lines = std::make_shared<const std::vector<std::string>>(std::move(lines));
  return source;
}

PinnedFile Pinned(const std::vector<std::string>& lines) {
  PinnedFile pinned;
  pinned.fingerprint = FingerprintLines(lines);
  return pinned;
}

// outline_base.py: _kernel_body spans 11-17, m_next = max on 14 and alpha = exp on 15.
const SiteTable& Sites() {
  static const SiteTable sites({Row("t.m_next", "_kernel_body", 14, 14),
                                Row("t.alpha", "_kernel_body", 15, 15),
                                Row("t.diag", "below_or_on_diag", 7, 7)});
  return sites;
}

Passage RunningMax() {
  Passage p;
  p.id = "running-max";
  p.pallas = {"_kernel_body", {"m_next = max", "alpha = exp"}, 14, 15};
  return p;
}

}  // namespace

TEST_CASE("outline: tabs indent to multiples of 8, and strings or brackets never open or close a block") {
  const std::vector<std::string> lines = {
      "def f(a,",                  // 1: a signature over two lines
      "      b):",                 // 2
      "\tx = \"def not_a_def(\"",  // 3: tab-indented; a string holding 'def' and a bracket
      "\ty = (1,",                 // 4
      "0)",                        // 5: a continuation at column 0 does not end f
      "\tz = '''",                 // 6: a triple-quoted string
      "def in_a_string():",        // 7
      "'''",                       // 8
      "        # a comment",       // 9
      "\tdef g():",                // 10: nested, indent 8
      "\t\treturn \\",             // 11: a backslash continuation
      "1",                         // 12
      "@decorator(",               // 13: a decorator over two lines
      "   arg)",                   // 14
      "class C:",                  // 15
      "  pass",                    // 16
  };
  const PythonOutline o = OutlinePython(lines);
  REQUIRE(o.blocks.size() == 3);
  CHECK(o.blocks[0].name == "f");
  CHECK(o.blocks[0].first == 1);
  CHECK(o.blocks[0].last == 12);
  CHECK(o.blocks[1].name == "g");
  CHECK(o.blocks[1].indent == 8);
  CHECK(o.blocks[1].last == 12);
  CHECK(o.blocks[2].name == "C");
  CHECK(o.blocks[2].first == 15);
  CHECK_FALSE(o.module_level[12]);  // the decorator's lines belong to C
  CHECK_FALSE(o.module_level[13]);
  CHECK(o.kinds[6] == LineKind::String);
  CHECK(o.kinds[8] == LineKind::Comment);
  CHECK(o.IsCode(5));
  CHECK_FALSE(o.IsCode(9));
  CHECK(o.TopLevelAt(7)->name == "f");
  CHECK(o.TopLevelAt(13) == nullptr);
}

TEST_CASE("alignment: the pinned file maps onto itself, every line exact") {
  const auto lines = PythonFixture("outline_base.py");
  const LineMap map = AlignLines(FingerprintLines(lines), FingerprintLines(lines));
  for (int l = 1; l <= static_cast<int>(lines.size()); ++l) {
    CAPTURE(l);
    CHECK(map.Map(l).line == l);
    CHECK(map.Map(l).exact);
  }
  CHECK(map.Map(0).line == 0);
}

TEST_CASE("alignment: inserted and deleted lines shift the rest, and an edited line keeps its key's place") {
  const std::vector<std::string> pinned = {"a = 1", "b = f(a)", "c = g(b)", "d = h(c)", "e = 5", "z = 9"};
  const std::vector<std::string> user = {"import x",          "a = 1", "b = f(a)",
                                         "c = g2(b, axis=1)", "e = 5", "z = 9"};
  const LineMap map = AlignLines(FingerprintLines(pinned), FingerprintLines(user));
  CHECK(map.Map(1).line == 2);
  CHECK(map.Map(1).exact);
  CHECK(map.Map(3).line == 4);  // edited: placed by its key, "c ="
  CHECK_FALSE(map.Map(3).exact);
  CHECK(map.Map(3).before == 3);
  CHECK(map.Map(3).after == 5);
  CHECK(map.Map(5).line == 5);  // after the deleted d
  CHECK(map.Map(6).exact);
}

TEST_CASE("sites and passages resolve exactly on the pinned file, and follow a shifted one") {
  const auto base = PythonFixture("outline_base.py");
  const PallasIndex same(Source(base), Sites(), std::vector<Passage>{RunningMax()}, Pinned(base));
  CHECK(same.Site("t.m_next").status == AnchorStatus::Resolved);
  CHECK(same.Site("t.m_next").first == 14);
  CHECK(same.Site("t.m_next").drift == 0);
  CHECK(same.PassageAnchor("running-max").status == AnchorStatus::Resolved);
  CHECK(same.PassageAnchor("running-max").first == 14);

  const PallasIndex shifted(Source(PythonFixture("outline_shifted.py")), Sites(),
                            std::vector<Passage>{RunningMax()}, Pinned(base));
  CHECK(shifted.Site("t.m_next").status == AnchorStatus::Resolved);
  CHECK(shifted.Site("t.m_next").first == 21);
  CHECK(shifted.Site("t.m_next").drift == 7);
  CHECK(shifted.PassageAnchor("running-max").first == 21);
  CHECK(shifted.LitLines("t.alpha") == std::vector<int>{22});
}

TEST_CASE("a tab-indented, CR-ended copy with a byte-order mark resolves like the original") {
  const auto base = PythonFixture("outline_base.py");
  std::string text = "\xEF\xBB\xBF";
  for (std::string line : base) {
    std::size_t spaces = 0;
    while (spaces < line.size() && line[spaces] == ' ') ++spaces;
    text += std::string(spaces / 2, '\t') + line.substr(spaces) + "\r";
  }
  const PallasIndex tabs(Source(SplitPythonLines(text)), Sites(), std::vector<Passage>{RunningMax()},
                         Pinned(base));
  CHECK(tabs.Site("t.m_next").status == AnchorStatus::Resolved);
  CHECK(tabs.Site("t.m_next").first == 14);
  CHECK(tabs.PassageAnchor("running-max").status == AnchorStatus::Resolved);
}

TEST_CASE("a file that shares no line with the pinned one places nothing, not even approximately") {
  const auto base = PythonFixture("outline_base.py");
  const std::vector<std::string> stranger = {"def _kernel_body(q):", "  return q", "",
                                             "def below_or_on_diag():", "  pass"};
  const PallasIndex index(Source(stranger), Sites(), std::vector<Passage>{}, Pinned(base));
  for (const auto& [site, at] : index.sites()) {
    CAPTURE(site);
    CHECK(at.status == AnchorStatus::NotFound);
  }
}

TEST_CASE("a passage whose tokens all moved resolves by its tokens, and with some missing, approximately") {
  const auto base = PythonFixture("outline_base.py");
  Passage renamed_tokens = RunningMax();
  renamed_tokens.pallas.hint_first = 1;  // a hint that aligns outside the function: tokens decide
  renamed_tokens.pallas.hint_last = 2;
  const PallasIndex by_tokens(Source(base), Sites(), std::vector<Passage>{renamed_tokens}, Pinned(base));
  CHECK(by_tokens.PassageAnchor("running-max").status == AnchorStatus::Resolved);
  CHECK(by_tokens.PassageAnchor("running-max").first == 14);

  Passage partial = renamed_tokens;
  partial.pallas.tokens = {"m_next = max", "no_such_token"};
  const PallasIndex by_some(Source(base), Sites(), std::vector<Passage>{partial}, Pinned(base));
  const ResolvedAnchor& at = by_some.PassageAnchor("running-max");
  CHECK(at.status == AnchorStatus::Approximate);
  CHECK(at.first == 14);
  CHECK(at.note.find("1 of 2 tokens") != std::string::npos);
  CHECK(at.note.find("'no_such_token'") != std::string::npos);
}
