// Fuzzes the Python outline (walkthrough/pallas_outline.cpp), which reads whatever file --pallas-source or
// the installed jax names. Invariants: every block lies inside the file and its first line holds its
// name; module_level has one flag per line; and the outline is linear: the input repeated to 128 KiB is
// outlined in under a second (the outline was once quadratic, and ran every frame).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tests/fuzz/fuzz_check.hpp"
#include "walkthrough/pallas_outline.hpp"

namespace tw = tilewalk::walkthrough;
using tilewalk::fuzz::Check;

namespace {

std::vector<std::string> Lines(std::string_view text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    lines.emplace_back(
        text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return lines;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::vector<std::string> lines = Lines(text);
  const tw::PythonOutline outline = tw::OutlinePython(lines);
  const int n = static_cast<int>(lines.size());
  Check(outline.module_level.size() == lines.size(), "module_level has one flag per line");
  for (const tw::PythonBlock& b : outline.blocks) {
    Check(b.first >= 1 && b.first <= b.last && b.last <= n, "a block lies inside the file", b.name);
    Check(!b.name.empty() && lines[static_cast<std::size_t>(b.first - 1)].find(b.name) != std::string::npos,
          "a block's first line holds its name", b.name);
    Check(b.indent >= 0, "a block's indent is not negative", b.name);
  }
  tilewalk::fuzz::CheckLinear(text, "the outline took a second or more on the repeated input",
                              [](std::string_view big) { (void)tw::OutlinePython(Lines(big)); });
  return 0;
}
