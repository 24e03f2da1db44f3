#include "walkthrough/pallas_outline.hpp"

#include <regex>

namespace tilewalk::walkthrough {

namespace {

int Indent(const std::string& line) {
  int n = 0;
  while (n < static_cast<int>(line.size()) && (line[static_cast<std::size_t>(n)] == ' ')) ++n;
  return n;
}

bool Blank(const std::string& line) { return line.find_first_not_of(" \t") == std::string::npos; }

// A line that ends a block indented at `indent`: code at or left of that indent that does not merely
// close a bracket (a multi-line call's ')' sits at the block's own indent).
bool EndsBlock(const std::string& line, int indent) {
  if (Blank(line)) return false;
  const int at = Indent(line);
  if (at > indent) return false;
  const char c = line[static_cast<std::size_t>(at)];
  return c != ')' && c != ']' && c != '}' && c != '#';
}

}  // namespace

PythonOutline OutlinePython(const std::vector<std::string>& lines) {
  static const std::regex def(R"(^(\s*)(?:async\s+)?(def|class)\s+([A-Za-z_][A-Za-z0-9_]*))");
  PythonOutline outline;
  const int n = static_cast<int>(lines.size());
  outline.module_level.assign(lines.size(), true);
  for (int i = 0; i < n; ++i) {
    std::smatch m;
    if (!std::regex_search(lines[static_cast<std::size_t>(i)], m, def)) continue;
    PythonBlock block{m[3].str(), i + 1, i + 1, static_cast<int>(m[1].length())};
    int depth = 0;  // the signature may span lines until its ':' outside brackets
    int j = i;
    for (; j < n; ++j) {
      for (char c : lines[static_cast<std::size_t>(j)]) depth += (c == '(' || c == '[') - (c == ')' || c == ']');
      if (depth <= 0 && lines[static_cast<std::size_t>(j)].find(':') != std::string::npos) break;
    }
    int last = j;
    for (int k = j + 1; k < n; ++k) {
      if (EndsBlock(lines[static_cast<std::size_t>(k)], block.indent)) break;
      if (!Blank(lines[static_cast<std::size_t>(k)])) last = k;
    }
    block.last = last + 1;
    if (block.indent == 0)
      for (int k = i; k <= last; ++k) outline.module_level[static_cast<std::size_t>(k)] = false;
    outline.blocks.push_back(block);
  }
  // Decorators belong to the def below them, not to the module.
  for (int i = 0; i < n; ++i)
    if (!lines[static_cast<std::size_t>(i)].empty() && lines[static_cast<std::size_t>(i)][0] == '@') {
      int k = i;
      while (k < n && outline.module_level[static_cast<std::size_t>(k)]) outline.module_level[static_cast<std::size_t>(k++)] = false;
    }
  return outline;
}

}  // namespace tilewalk::walkthrough
