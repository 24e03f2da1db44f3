// The grammar of placeholders (the table in docs/authoring.md), shared by the load-time check and by the
// code that fills them: finding each {...} in a text, and splitting one name into the variant it runs in,
// the figure it names and the unit it is printed in. Nothing here needs a recording.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.hpp"

namespace tilewalk::walkthrough {

struct KernelWalk;

// One placeholder, split: {with FLAGS: BODY:UNIT}.
struct PlaceholderName {
  std::vector<std::string> with_flags;  // a variant of the running scenario; empty: the scenario itself
  std::string body;                     // "fwd.copies.k.issued", "fwd.run.alpha#2.min", "check.o.max_rel"
  std::string unit;                     // "", "KiB" or "MiB" (byte figures only)
};

// Splits a name and checks it against the documented forms for the walk's kernel (its launches, scenario
// fields and mirror sites); Malformed (or the variant's flag error) when it is not one.
base::Result<PlaceholderName> ParsePlaceholder(std::string_view name, const KernelWalk& walk);

// Calls f(offset of '{', name between the braces, closed) for each placeholder in order; an unclosed
// one ends the scan. The '}' that closes a placeholder is looked up once and shared by every '{' before
// it, so a text of many '{' and one late '}' stays linear (a 3.3 MB passage took 54 s).
template <typename F>
void ForEachPlaceholder(std::string_view text, F f) {
  std::size_t close = 0;
  bool close_known = false;
  for (std::size_t open = text.find('{'); open != std::string_view::npos; open = text.find('{', open + 1)) {
    if (!close_known || (close != std::string_view::npos && close < open)) {
      close = text.find('}', open);
      close_known = true;
    }
    if (close == std::string_view::npos) {
      f(open, std::string_view{}, false);
      return;
    }
    f(open, text.substr(open + 1, close - open - 1), true);
  }
}

// "a.b.c" → {"a", "b", "c"}.
std::vector<std::string_view> SplitDots(std::string_view name);
bool IsLaunchName(std::string_view word, const KernelWalk& walk);  // a launch of the walk's kernel

}  // namespace tilewalk::walkthrough
