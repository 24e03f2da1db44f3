// What the suites ask of a text they produced (a message, an SVG, a report): whether it holds a part, and
// how often. One copy for every suite, so that each does not write its own.
#pragma once

#include <string_view>

namespace tilewalk::test {

inline bool Contains(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

// Occurrences that may overlap: "aaa" holds "aa" twice.
inline int Occurrences(std::string_view text, std::string_view part) {
  int n = 0;
  for (std::size_t at = text.find(part); at != std::string_view::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

}  // namespace tilewalk::test
