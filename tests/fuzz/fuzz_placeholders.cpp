// Fuzzes the placeholder check of passages and narration, which reads text users write. Invariants: every
// diagnostic names the file at a line inside the text and says what to fix; at most 20 problems are named
// per text, then one count; a message never quotes more than the start of a name; and the check stays
// linear: the input repeated to 128 KiB is checked in under a second (once, a 3.3 MB
// passage took 54 s).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "kernels/flash/entry/kernel_entry.hpp"
#include "tests/fuzz/fuzz_check.hpp"
#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/placeholders.hpp"

namespace tw = tilewalk::walkthrough;
using tilewalk::fuzz::Check;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  constexpr int kFirstLine = 7;
  const int last_line = kFirstLine + static_cast<int>(std::count(text.begin(), text.end(), '\n'));
  tw::Diagnostics diags;
  tw::CheckPlaceholderSyntax(text, tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()), "fuzz.md",
                             kFirstLine, diags);
  Check(diags.size() <= 21, "at most 20 placeholder problems and a count per text");
  Check(text.find('{') != std::string_view::npos || diags.empty(), "a text without '{' has no problem");
  for (const tw::Diagnostic& d : diags) {
    Check(d.file == "fuzz.md", "a diagnostic names its file", d.file);
    Check(d.line >= kFirstLine && d.line <= last_line, "a diagnostic's line is inside the text",
          d.ToString());
    Check(!d.message.empty() && d.message.size() < 300, "a message says what to fix, briefly", d.message);
  }
  tilewalk::fuzz::CheckLinear(
      text, "the placeholder check took a second or more on the repeated input", [](std::string_view big) {
        tw::Diagnostics ignored;
        tw::CheckPlaceholderSyntax(big, tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()),
                                   "big.md", 1, ignored);
      });
  return 0;
}
