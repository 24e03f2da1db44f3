// Syntax colouring for the source pane, as a pure function: a line of C++ or Python cut into spans of
// keywords, strings, comments, numbers and plain text. It is a colourer, not a parser: good enough for the
// kernel sources, and tested without ImGui.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "app/views/source_picture.hpp"

namespace tilewalk::views {

enum class SyntaxKind : std::uint8_t { Plain, Keyword, String, Comment, Number, Preprocessor };

struct SyntaxSpan {
  int begin = 0, end = 0;  // byte offsets into the line, [begin, end)
  SyntaxKind kind = SyntaxKind::Plain;
};

// Spans that cover the whole line in order. `in_block_comment` carries a C++ /* ... */ comment from one
// line to the next (start each file with false).
std::vector<SyntaxSpan> ColourLine(std::string_view line, SourceLanguage language, bool& in_block_comment);

}  // namespace tilewalk::views
