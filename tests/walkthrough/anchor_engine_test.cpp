// The anchor engine on fixture files written for these tests: an exact match, lines shifted by an
// upstream edit, a renamed function, duplicated tokens, a missing token, and module-level code.
#include <doctest/doctest.h>

#include "kernels/flash/entry/kernel_entry.hpp"
#include "tests/walkthrough/fixture_files.hpp"
#include "walkthrough/anchor_engine.hpp"
#include "walkthrough/pallas_regions.hpp"

using namespace tilewalk::walkthrough;

namespace {

std::vector<std::string> FixtureLines(const char* name) {
  return TextLines(tilewalk::walkthrough::testing::FixtureText(name));
}

AnchorResult Resolve(const char* file, PallasAnchor anchor) {
  const auto lines = FixtureLines(file);
  return ResolveAnchor(lines, OutlinePython(lines), anchor);
}

const PallasAnchor kRunningMax{"_kernel_body", {"m_next = max", "alpha = exp"}, 14, 15};

}  // namespace

TEST_CASE("the outline finds defs, nested defs, decorators and module-level lines") {
  const auto lines = FixtureLines("outline_base.py");
  const PythonOutline o = OutlinePython(lines);
  std::vector<std::string> names;
  for (const auto& b : o.blocks) names.push_back(b.name);
  CHECK(names == std::vector<std::string>{"below_or_on_diag", "_kernel_body", "_launch", "index_map",
                                          "_verify_block"});
  CHECK(o.blocks[1].first == 11);
  CHECK(o.blocks[1].last == 17);
  CHECK(o.blocks[3].indent == 2);
  CHECK(o.module_level[2]);         // line 3: LANES = 128
  CHECK_FALSE(o.module_level[19]);  // line 20: the decorator belongs to _launch
  CHECK_FALSE(o.module_level[13]);  // line 14: inside _kernel_body
}

TEST_CASE("an exact match resolves with no drift") {
  const AnchorResult r = Resolve("outline_base.py", kRunningMax);
  CHECK(r.status == AnchorStatus::Resolved);
  CHECK(r.first == 14);
  CHECK(r.last == 15);
  CHECK(r.drift == 0);
}

TEST_CASE("shifted lines still resolve, and the drift says by how much") {
  const AnchorResult r = Resolve("outline_shifted.py", kRunningMax);
  CHECK(r.status == AnchorStatus::Resolved);
  CHECK(r.first == 21);
  CHECK(r.drift == 7);
}

TEST_CASE("a renamed function is found by its tokens and reported as a likely rename") {
  const AnchorResult r = Resolve("outline_renamed.py", kRunningMax);
  CHECK(r.status == AnchorStatus::Resolved);
  CHECK(r.function == "_kernel_body_v2");
  CHECK(r.note.find("renamed?") != std::string::npos);
  CHECK(r.first == 14);
}

TEST_CASE("duplicated tokens: the occurrence nearest the unique tokens wins, an even tie is ambiguous") {
  // "m_curr = x_ref" is on lines 13 and 19; "alpha = exp" (line 15) is unique and pulls it to 13.
  const AnchorResult near =
      Resolve("outline_duplicated.py", {"_kernel_body", {"m_curr = x_ref", "alpha = exp"}, 13, 15});
  CHECK(near.status == AnchorStatus::Resolved);
  CHECK(near.first == 13);
  CHECK(near.last == 15);
  // Alone, with a hint exactly between the two occurrences, there is no way to choose.
  const AnchorResult tie = Resolve("outline_duplicated.py", {"_kernel_body", {"m_curr = x_ref"}, 16, 16});
  CHECK(tie.status == AnchorStatus::Ambiguous);
  CHECK(tie.note.find("equal distance") != std::string::npos);
  // A nested def defined once resolves; the engine looks inside functions too.
  CHECK(Resolve("outline_base.py", {"index_map", {"return (i, 0)"}, 23, 23}).status ==
        AnchorStatus::Resolved);
}

TEST_CASE("a missing token or function is not found, and the note says which") {
  const AnchorResult token =
      Resolve("outline_base.py", {"_kernel_body", {"m_next", "no_such_token"}, 14, 15});
  CHECK(token.status == AnchorStatus::NotFound);
  CHECK(token.note.find("no_such_token") != std::string::npos);
  const AnchorResult function = Resolve("outline_base.py", {"_nowhere", {"no_such_token"}, 1, 1});
  CHECK(function.status == AnchorStatus::NotFound);
  CHECK(function.note.find("no def or class '_nowhere'") != std::string::npos);
}

TEST_CASE("module-level anchors and region coverage") {
  const auto lines = FixtureLines("outline_base.py");
  const PythonOutline outline = OutlinePython(lines);
  const AnchorResult constants = ResolveAnchor(lines, outline, {"<module>", {"LANES = 128"}, 3, 3});
  CHECK(constants.status == AnchorStatus::Resolved);
  CHECK(constants.first == 3);
  // The fixture defines two of the real file's regions (below_or_on_diag and _verify_block) and has
  // module-level constants; passages over lines 3 and 8 cover "constants" and "below_or_on_diag".
  const RegionCoverage c =
      CoverRegions(tilewalk::flash::KernelEntry().info().python.regions, lines, outline, {{3, 3}, {8, 8}});
  CHECK(c.total == 19);
  CHECK(c.covered == 2);
  CHECK(c.missing_in_file == 16);
}
