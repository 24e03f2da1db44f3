// The source pane's colourer: spans cover the line in order, keywords, strings, numbers and comments are
// found in C++ and Python, and a block comment carries over to the next line.
#include <doctest/doctest.h>

#include <string>

#include "app/views/source_syntax.hpp"

namespace tilewalk::views {
namespace {

std::string KindsOf(std::string_view line, SourceLanguage language, bool& block) {
  std::string out;
  int expected_begin = 0;
  for (const SyntaxSpan& s : ColourLine(line, language, block)) {
    CHECK(s.begin == expected_begin);
    CHECK(s.end > s.begin);
    expected_begin = s.end;
    if (s.kind == SyntaxKind::Plain) continue;
    const char tag = "PKSCNH"[static_cast<int>(s.kind)];
    out += std::string(1, tag) + ":" +
           std::string(
               line.substr(static_cast<std::size_t>(s.begin), static_cast<std::size_t>(s.end - s.begin))) +
           " ";
  }
  CHECK(expected_begin == static_cast<int>(line.size()));
  return out;
}

}  // namespace

TEST_CASE("C++ lines: keywords, strings with escapes, numbers and line comments") {
  bool block = false;
  CHECK(KindsOf("const int n = 128; // lanes", SourceLanguage::Cpp, block) ==
        "K:const K:int N:128 C:// lanes ");
  CHECK(KindsOf("k.stmt(\"fwd.run.\\\"s\", 3.5e-2f);", SourceLanguage::Cpp, block) ==
        "S:\"fwd.run.\\\"s\" N:3.5e-2f ");
  CHECK(KindsOf("  #include <x>", SourceLanguage::Cpp, block) == "H:  #include <x> ");
  CHECK(KindsOf("constant_value", SourceLanguage::Cpp, block).empty());  // a keyword prefix is not a keyword
  CHECK_FALSE(block);
}

TEST_CASE("a C++ block comment spans lines") {
  bool block = false;
  CHECK(KindsOf("int a; /* open", SourceLanguage::Cpp, block) == "K:int C:/* open ");
  CHECK(block);
  CHECK(KindsOf("still inside", SourceLanguage::Cpp, block) == "C:still inside ");
  CHECK(KindsOf("done */ return 1;", SourceLanguage::Cpp, block) == "C:done */ K:return N:1 ");
  CHECK_FALSE(block);
}

TEST_CASE("Python lines: def, strings, and # comments (which are not preprocessor lines)") {
  bool block = false;
  CHECK(KindsOf("def f(x):  # note", SourceLanguage::Python, block) == "K:def C:# note ");
  CHECK(KindsOf("  return 'a' if x is None else 2", SourceLanguage::Python, block) ==
        "K:return S:'a' K:if K:is K:None K:else N:2 ");
  CHECK(KindsOf("", SourceLanguage::Python, block).empty());
}

}  // namespace tilewalk::views
