#include "walkthrough/pallas_outline.hpp"

#include <algorithm>

namespace tilewalk::walkthrough {

namespace {

int Indent(const std::string& line) {
  int n = 0;
  while (n < static_cast<int>(line.size()) && (line[static_cast<std::size_t>(n)] == ' ')) ++n;
  return n;
}

bool Blank(const std::string& line) {
  return line.find_first_not_of(" \t") == std::string::npos;
}

// A line that ends a block indented at `indent`: code at or left of that indent that does not merely
// close a bracket (a multi-line call's ')' sits at the block's own indent).
bool EndsBlock(const std::string& line, int indent) {
  if (Blank(line)) return false;
  const int at = Indent(line);
  if (at > indent) return false;
  const char c = line[static_cast<std::size_t>(at)];
  return c != ')' && c != ']' && c != '}' && c != '#';
}

bool IsNameStart(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}
bool IsNameChar(char c) {
  return IsNameStart(c) || (c >= '0' && c <= '9');
}

// Matches "[spaces][async ]def|class NAME" by hand: std::regex recurses per character and overflows
// the stack on very long lines.
bool MatchDef(const std::string& line, int& indent, std::string& name) {
  std::size_t i = 0;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  indent = static_cast<int>(i);
  auto word = [&](const char* w) {
    const std::size_t n = std::char_traits<char>::length(w);
    if (line.compare(i, n, w) != 0 || i + n >= line.size() || (line[i + n] != ' ' && line[i + n] != '\t'))
      return false;
    i += n;
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    return true;
  };
  word("async");
  if (!word("def") && !word("class")) return false;
  if (i >= line.size() || !IsNameStart(line[i])) return false;
  const std::size_t start = i;
  while (i < line.size() && IsNameChar(line[i])) ++i;
  name = line.substr(start, i - start);
  return true;
}

}  // namespace

PythonOutline OutlinePython(const std::vector<std::string>& lines) {
  PythonOutline outline;
  const int n = static_cast<int>(lines.size());
  outline.module_level.assign(lines.size(), true);
  for (int i = 0; i < n; ++i) {
    int indent = 0;
    std::string name;
    if (!MatchDef(lines[static_cast<std::size_t>(i)], indent, name)) continue;
    PythonBlock block{name, i + 1, i + 1, indent};
    int depth = 0;  // the signature may span lines until its ':' outside brackets
    int j = i;
    for (; j < n; ++j) {
      for (char c : lines[static_cast<std::size_t>(j)])
        depth += (c == '(' || c == '[') - (c == ')' || c == ']');
      if (depth <= 0 && lines[static_cast<std::size_t>(j)].find(':') != std::string::npos) break;
    }
    int last = std::min(j, n - 1);  // a signature that never reaches its ':' ends the file
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
      while (k < n && outline.module_level[static_cast<std::size_t>(k)])
        outline.module_level[static_cast<std::size_t>(k++)] = false;
    }
  return outline;
}

}  // namespace tilewalk::walkthrough
