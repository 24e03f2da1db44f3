// A passage: our prose about one region of the Pallas file, anchored to it by function name plus
// distinctive tokens (with the pinned commit's line range as a hint) and to the C++ mirror by site names
// or identifiers. Parsed from assets/KERNEL/passages/NN-id.md (format: docs/authoring.md).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "walkthrough/diagnostic.hpp"

namespace tilewalk::walkthrough {

struct KernelWalk;

struct PallasAnchor {
  std::string function;               // "def"/"class" name, or "<module>"
  std::vector<std::string> tokens;    // each must occur in the function's lines
  int hint_first = 0, hint_last = 0;  // lines at the pinned commit
};

struct Passage {
  std::string id;
  std::string title;
  PallasAnchor pallas;
  std::vector<std::string> cpp;  // site names or identifiers in the mirror
  std::string body;              // Markdown, placeholders unresolved
  std::string file;              // for messages
  int body_line = 0;             // line of the body's first line
  int cpp_line = 0;              // line of the 'cpp:' key
};

// Parses one passage file; problems are appended to `diagnostics` (file:line and what to fix).
std::optional<Passage> ParsePassage(std::string_view file_name, std::string_view text, const KernelWalk& walk,
                                    Diagnostics& diagnostics);

// Splits text into lines without their line endings (shared by the passage and tour parsers).
std::vector<std::string> TextLines(std::string_view text);
// Trims spaces and tabs at both ends.
std::string Trim(std::string_view s);

}  // namespace tilewalk::walkthrough
