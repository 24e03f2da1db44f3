// The outline of a Python file: every def and class with the lines it spans (nested ones included), which
// lines are module level, and what each line holds (code, a comment, a string such as a docstring, or
// nothing). Enough structure to anchor passages and sites by function name and to light only lines that
// hold code. One pass over the text, tracking strings, brackets and line continuations, so a crafted file
// costs time in proportion to its size; tabs indent to the next multiple of 8, as Python counts them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tilewalk::walkthrough {

struct PythonBlock {
  std::string name;
  int first = 0, last = 0;  // 1-based, the decorators not included
  int indent = 0;           // columns; 0 for a top-level def or class
};

enum class LineKind : uint8_t {
  Blank,
  Comment,       // only a comment
  String,        // inside a string that started on an earlier line, or opening one (a docstring)
  Code,          // the first line of a statement
  Continuation,  // a later line of a statement that spans lines (inside brackets, or after a backslash)
};

struct PythonOutline {
  std::vector<PythonBlock> blocks;  // in file order
  std::vector<bool> module_level;   // per line (index 0 = line 1): outside every top-level def/class
  std::vector<LineKind> kinds;      // per line

  // A line of code, first or later line of its statement: what may be lit. 1-based; false outside the file.
  bool IsCode(int line) const {
    if (line < 1 || line > static_cast<int>(kinds.size())) return false;
    const LineKind kind = kinds[static_cast<std::size_t>(line - 1)];
    return kind == LineKind::Code || kind == LineKind::Continuation;
  }
  // The first line of a statement: what coverage counts, once per statement.
  bool StartsStatement(int line) const {
    return line >= 1 && line <= static_cast<int>(kinds.size()) &&
           kinds[static_cast<std::size_t>(line - 1)] == LineKind::Code;
  }
  // The top-level def or class holding a line, or null for module-level code.
  const PythonBlock* TopLevelAt(int line) const;
};

PythonOutline OutlinePython(const std::vector<std::string>& lines);

}  // namespace tilewalk::walkthrough
