// The outline of a Python file: every def and class with the lines it spans (nested ones included), and
// which lines are module level. Enough structure to anchor passages by function name.
#pragma once

#include <string>
#include <vector>

namespace tilewalk::walkthrough {

struct PythonBlock {
  std::string name;
  int first = 0, last = 0;  // 1-based, the decorators not included
  int indent = 0;           // 0 for a top-level def or class
};

struct PythonOutline {
  std::vector<PythonBlock> blocks;  // in file order
  std::vector<bool> module_level;   // per line (index 0 = line 1): outside every top-level def/class
};

PythonOutline OutlinePython(const std::vector<std::string>& lines);

}  // namespace tilewalk::walkthrough
