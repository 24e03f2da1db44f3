// A problem found while loading a data file (a passage, a tour): where it is and what to fix.
#pragma once

#include <string>
#include <vector>

namespace tilewalk::walkthrough {

struct Diagnostic {
  std::string file;
  int line = 0;  // 1-based; 0 when the problem concerns the whole file
  std::string message;
  std::string ToString() const {
    return file + (line > 0 ? ":" + std::to_string(line) : "") + ": " + message;
  }
};

using Diagnostics = std::vector<Diagnostic>;

}  // namespace tilewalk::walkthrough
