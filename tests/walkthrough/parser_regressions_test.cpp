// Inputs the fuzzers found (tests/fuzz), kept as regressions: each failed before its fix.
#include <doctest/doctest.h>

#include <string>

#include "kernels/flash/entry/kernel_entry.hpp"
#include "walkthrough/anchor_engine.hpp"
#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/placeholders.hpp"

using namespace tilewalk::walkthrough;

TEST_CASE("a def whose signature never closes ends with the file") {
  const std::vector<std::string> lines = {"def f(", "  a,"};
  const PythonOutline outline = OutlinePython(lines);
  REQUIRE(outline.blocks.size() == 1);
  CHECK(outline.blocks[0].last <= 2);
  CHECK(outline.module_level.size() == 2);
}

TEST_CASE("'def' or 'async def' followed by spaces and nothing else opens no block") {
  for (const char* line : {"def ", "async def  ", "  async ", "class\t"}) {
    const std::vector<std::string> lines = {line, "  y = 2"};
    CHECK(OutlinePython(lines).blocks.empty());
  }
}

TEST_CASE("a huge hint with no unique token does not overflow") {
  const std::vector<std::string> lines = {"def f():", "  x = 1", "  x = 2"};
  const AnchorResult r = ResolveAnchor(lines, OutlinePython(lines), {"f", {"x"}, 2000000000, 2100000000});
  CHECK(r.status == AnchorStatus::Resolved);
  CHECK(r.first == 3);  // the occurrence nearer the (far) hint
}

TEST_CASE("very long lines neither crash the outline nor the placeholder check") {
  const std::vector<std::string> lines = {std::string(40000, ' ') + "def deep():", std::string(100000, 'a')};
  const PythonOutline outline = OutlinePython(lines);
  REQUIRE(outline.blocks.size() == 1);
  CHECK(outline.blocks[0].indent == 40000);
  Diagnostics d;
  CheckPlaceholderSyntax("{scenario." + std::string(50000, 'z') + "}",
                         tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()), "x.md", 1, d);
  CHECK(d.size() == 1);
}

TEST_CASE("an unknown scenario key in a placeholder is caught on load, not when shown") {
  Diagnostics d;
  CheckPlaceholderSyntax("{scenario.bogus} and {scenario.block_k}",
                         tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()), "x.md", 3, d);
  REQUIRE(d.size() == 1);
  CHECK(d[0].message.find("{scenario.bogus}") != std::string::npos);
  CHECK(d[0].line == 3);
}
