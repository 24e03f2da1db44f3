// [SECTIONS] the line scanner (strings, brackets, continuations) · blocks · the outline
#include "walkthrough/pallas_outline.hpp"

#include <algorithm>
#include <string_view>

namespace tilewalk::walkthrough {
namespace {

// ---- the line scanner ---------------------------------------------------------------------------

// Where the scan stands between lines: inside a triple-quoted string, inside brackets, or after a
// backslash that joins the next line.
struct ScanState {
  char triple = 0;  // '"' or '\'' while inside a triple-quoted string
  int depth = 0;    // open brackets
  bool joined = false;
  bool Continues() const { return triple != 0 || depth > 0 || joined; }
};

// Advances the state over one line; returns whether the line holds anything outside comments.
bool ScanLine(std::string_view line, ScanState& state) {
  bool content = state.triple != 0;
  state.joined = false;
  std::size_t i = 0;
  const std::size_t n = line.size();
  while (i < n) {
    const char c = line[i];
    if (state.triple != 0) {
      if (c == '\\') {
        i += 2;
      } else if (c == state.triple && line.substr(i, 3) == std::string(3, state.triple)) {
        state.triple = 0;
        i += 3;
      } else {
        ++i;
      }
      continue;
    }
    if (c == '#') break;
    if (c == ' ' || c == '\t' || c == '\f') {
      ++i;
      continue;
    }
    content = true;
    if (c == '"' || c == '\'') {
      if (line.substr(i, 3) == std::string(3, c)) {
        state.triple = c;
        i += 3;
        continue;
      }
      for (++i; i < n && line[i] != c; ++i)  // a one-line string; unterminated, it ends with the line
        if (line[i] == '\\') ++i;
      ++i;
      continue;
    }
    if (c == '(' || c == '[' || c == '{') ++state.depth;
    if (c == ')' || c == ']' || c == '}') state.depth = std::max(0, state.depth - 1);
    if (c == '\\' && i + 1 == n) state.joined = true;
    ++i;
  }
  return content;
}

int IndentColumns(std::string_view line) {
  int columns = 0;
  for (char c : line) {
    if (c == ' ')
      ++columns;
    else if (c == '\t')
      columns = (columns / 8 + 1) * 8;
    else if (c == '\f')
      columns = 0;
    else
      break;
  }
  return columns;
}

bool IsNameStart(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}
bool IsNameChar(char c) {
  return IsNameStart(c) || (c >= '0' && c <= '9');
}

// "[async ]def NAME" or "class NAME" after the indent; the name, or empty.
std::string DefName(std::string_view line) {
  std::size_t i = line.find_first_not_of(" \t\f");
  if (i == std::string_view::npos) return {};
  auto word = [&](std::string_view w) {
    if (line.substr(i, w.size()) != w || i + w.size() >= line.size()) return false;
    const char after = line[i + w.size()];
    if (after != ' ' && after != '\t') return false;
    const std::size_t name = line.find_first_not_of(" \t", i + w.size());
    if (name == std::string_view::npos) return false;
    i = name;
    return true;
  };
  word("async");
  if (!word("def") && !word("class")) return {};
  if (!IsNameStart(line[i])) return {};
  const std::size_t start = i;
  while (i < line.size() && IsNameChar(line[i])) ++i;
  return std::string(line.substr(start, i - start));
}

// ---- blocks ------------------------------------------------------------------------------------

struct OpenBlock {
  std::size_t index = 0;  // into outline.blocks
  int indent = 0;
};

// Closes the open blocks indented at or right of `indent`: each ends at the last line that held anything
// but a comment before the line that closes it.
void CloseBlocks(PythonOutline& outline, std::vector<OpenBlock>& open, int indent, int last_content) {
  while (!open.empty() && open.back().indent >= indent) {
    PythonBlock& block = outline.blocks[open.back().index];
    block.last = std::max(block.first, last_content);
    open.pop_back();
  }
}

}  // namespace

// ---- the outline --------------------------------------------------------------------------------

const PythonBlock* PythonOutline::TopLevelAt(int line) const {
  for (const PythonBlock& b : blocks)  // top-level blocks are few; nested ones are skipped
    if (b.indent == 0 && line >= b.first && line <= b.last) return &b;
  return nullptr;
}

PythonOutline OutlinePython(const std::vector<std::string>& lines) {
  PythonOutline outline;
  const std::size_t n = lines.size();
  outline.module_level.assign(n, true);
  outline.kinds.assign(n, LineKind::Blank);
  std::vector<OpenBlock> open;
  ScanState state;
  int last_content = 0;  // the last line, 1-based, that held anything but a comment
  for (std::size_t i = 0; i < n; ++i) {
    const std::string_view line = lines[i];
    const bool continuation = state.Continues();
    const bool in_string = state.triple != 0;
    const std::size_t first = line.find_first_not_of(" \t\f");
    const bool has_content = ScanLine(line, state);
    LineKind& kind = outline.kinds[i];
    if (in_string)
      kind = LineKind::String;
    else if (!has_content)
      kind = first == std::string_view::npos ? LineKind::Blank : LineKind::Comment;
    else if (!continuation && (line[first] == '"' || line[first] == '\''))
      kind = LineKind::String;  // a statement that is only a string: a docstring
    else
      kind = continuation ? LineKind::Continuation : LineKind::Code;
    if (kind == LineKind::Blank || kind == LineKind::Comment) continue;
    const int number = static_cast<int>(i) + 1;
    if (!continuation) {
      const int indent = IndentColumns(line);
      CloseBlocks(outline, open, indent, last_content);
      if (std::string name = DefName(line); !name.empty()) {
        outline.blocks.push_back({std::move(name), number, number, indent});
        open.push_back({outline.blocks.size() - 1, indent});
      }
    }
    last_content = number;
  }
  CloseBlocks(outline, open, 0, last_content);
  // Top-level blocks, and the decorators above them (which may span lines), are not module level.
  for (const PythonBlock& b : outline.blocks)
    if (b.indent == 0)
      for (int l = b.first; l <= b.last; ++l) outline.module_level[static_cast<std::size_t>(l - 1)] = false;
  for (std::size_t i = 0; i < n; ++i)
    if (!lines[i].empty() && lines[i][0] == '@')
      for (std::size_t k = i; k < n && outline.module_level[k]; ++k) outline.module_level[k] = false;
  return outline;
}

}  // namespace tilewalk::walkthrough
