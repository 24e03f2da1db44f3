// Padding text to a column width, for the verbs' plain-text tables.
#pragma once

#include <cstddef>
#include <string>

namespace tilewalk::base {

// `text` with spaces after it up to `width` characters; unchanged when already as wide.
inline std::string PadRight(std::string text, std::size_t width) {
  if (text.size() < width) text.resize(width, ' ');
  return text;
}

}  // namespace tilewalk::base
