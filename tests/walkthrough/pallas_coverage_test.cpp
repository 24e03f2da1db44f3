// Statement coverage of a Pallas file, on a fixture of ours (outline_base.py) with rows of our own: a
// statement is counted once, by its first line, inside the functions asked for; it is mapped when some
// row's lines hold it and lit when a row of a fired site does; the ones that are not are listed.
#include <doctest/doctest.h>

#include "tests/walkthrough/fixture_files.hpp"
#include "walkthrough/line_fingerprint.hpp"
#include "walkthrough/pallas_coverage.hpp"
#include "walkthrough/pallas_source.hpp"

using namespace tilewalk::walkthrough;

namespace {

using tilewalk::walkthrough::testing::Row;

std::vector<std::string> BaseLines() {
  return SplitPythonLines(tilewalk::walkthrough::testing::FixtureText("outline_base.py"));
}

// outline_base.py: _kernel_body is 11-17, one statement per line; below_or_on_diag is 7-8.
PallasIndex Index() {
  static const SiteTable sites({Row("t.call", "_kernel_body", 11, 11), Row("t.m", "_kernel_body", 12, 13),
                                Row("t.alpha", "_kernel_body", 15, 15),
                                Row("t.diag", "below_or_on_diag", 8, 8)});
  const std::vector<std::string> lines = BaseLines();
  PallasSource source;
  source.path = "flash_attention.py";
  source.lines = std::make_shared<const std::vector<std::string>>(lines);
  PinnedFile pinned;
  pinned.fingerprint = FingerprintLines(lines);
  return PallasIndex(std::move(source), sites, {}, pinned);
}

}  // namespace

TEST_CASE("coverage: a body's statements, mapped by rows and lit by the sites that fired") {
  const PallasIndex index = Index();
  const LineCoverage body = CoverLines(index, {"t.m", "t.diag"}, {"_kernel_body"});
  CHECK(body.code_lines == 7);  // the def and six statements
  CHECK(body.mapped_by_sites == 4);
  CHECK(body.unmapped == std::vector<int>{14, 16, 17});
  CHECK(body.lit_by_sites == 2);  // t.diag fired, but its row is in another function
  CHECK(body.unlit == std::vector<int>{11, 14, 15, 16, 17});
}

TEST_CASE("coverage: firing more sites lights more, never more than is mapped") {
  const PallasIndex index = Index();
  const LineCoverage none = CoverLines(index, {}, {"_kernel_body"});
  CHECK(none.lit_by_sites == 0);
  CHECK(none.unlit.size() == 7);
  const LineCoverage all = CoverLines(index, {"t.call", "t.m", "t.alpha", "no.such.site"}, {"_kernel_body"});
  CHECK(all.lit_by_sites == all.mapped_by_sites);
  CHECK(all.unlit == all.unmapped);
}

TEST_CASE("coverage: with no function named the whole file counts, and with two both do") {
  const PallasIndex index = Index();
  const LineCoverage both = CoverLines(index, {"t.diag"}, {"_kernel_body", "below_or_on_diag"});
  CHECK(both.code_lines == 9);
  CHECK(both.lit_by_sites == 1);
  const LineCoverage file = CoverLines(index, {"t.diag"});
  CHECK(file.code_lines > both.code_lines);  // the constants, the launcher, _verify_block
  CHECK(file.lit_by_sites == 1);
}
