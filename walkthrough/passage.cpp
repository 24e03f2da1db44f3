#include "walkthrough/passage.hpp"

#include <algorithm>
#include <cctype>
#include <map>

#include "base/number_text.hpp"
#include "base/terminal_text.hpp"
#include "walkthrough/placeholders.hpp"

namespace tilewalk::walkthrough {

std::vector<std::string> TextLines(std::string_view text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string line(text.substr(start, end - start));
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (end == text.size() && line.empty()) break;
    lines.push_back(std::move(line));
    start = end + 1;
  }
  return lines;
}

std::string Trim(std::string_view s) {
  const auto b = s.find_first_not_of(" \t");
  if (b == std::string_view::npos) return {};
  const auto e = s.find_last_not_of(" \t");
  return std::string(s.substr(b, e - b + 1));
}

namespace {

bool ValidId(std::string_view id) {
  return !id.empty() && std::all_of(id.begin(), id.end(), [](char c) {
    return std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) ||
           c == '-';
  });
}

std::vector<std::string> Split(const std::string& value, char separator) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t at = value.find(separator, start);
    const std::string part = Trim(std::string_view(value).substr(start, at - start));
    if (!part.empty()) parts.push_back(part);
    if (at == std::string::npos) break;
    start = at + 1;
  }
  return parts;
}

bool ParseRange(const std::string& v, int& first, int& last) {
  const auto dash = v.find('-');
  if (dash == std::string::npos) return false;
  const auto a = base::ParseWhole(std::string_view(v).substr(0, dash), 1, 1 << 30);
  const auto b = base::ParseWhole(std::string_view(v).substr(dash + 1), 1, 1 << 30);
  if (!a || !b || *b < *a) return false;
  first = static_cast<int>(*a);
  last = static_cast<int>(*b);
  return true;
}

}  // namespace

std::optional<Passage> ParsePassage(std::string_view file_name, std::string_view text, const KernelWalk& walk,
                                    Diagnostics& diags) {
  const std::string file(file_name);
  const std::size_t before = diags.size();
  auto problem = [&](int line, std::string message) { diags.push_back({file, line, std::move(message)}); };
  const std::vector<std::string> lines = TextLines(text);
  if (lines.empty() || lines[0] != "---") {
    problem(1, "a passage starts with a '---' line, then its keys, then '---' (see docs/authoring.md)");
    return std::nullopt;
  }
  Passage p;
  p.file = file;
  std::map<std::string, int> seen;
  std::size_t i = 1;
  for (; i < lines.size() && lines[i] != "---"; ++i) {
    const int n = static_cast<int>(i) + 1;
    const auto colon = lines[i].find(':');
    if (colon == std::string::npos) {
      problem(n, "expected 'key: value', got '" + base::CutText(lines[i]) + "'");
      continue;
    }
    const std::string key = Trim(std::string_view(lines[i]).substr(0, colon));
    const std::string value = Trim(std::string_view(lines[i]).substr(colon + 1));
    if (seen.count(key))
      problem(
          n, "'" + base::CutText(key) + "' is given twice (first at line " + std::to_string(seen[key]) + ")");
    seen[key] = n;
    if (key == "id") {
      if (!ValidId(value)) problem(n, "id '" + value + "' must be lowercase letters, digits and dashes");
      p.id = value;
    } else if (key == "title") {
      p.title = value;
    } else if (key == "pallas") {
      p.pallas.function = value;
    } else if (key == "tokens") {
      p.pallas.tokens = Split(value, '|');
      if (p.pallas.tokens.empty() || p.pallas.tokens.size() > 6)
        problem(n, "tokens takes 1 to 6 fragments separated by '|'");
      for (const std::string& t : p.pallas.tokens)
        if (t.size() > 40)
          problem(n, "token '" + t + "' is longer than 40 characters; anchor on a shorter fragment");
    } else if (key == "hint") {
      if (!ParseRange(value, p.pallas.hint_first, p.pallas.hint_last))
        problem(n, "hint must be FIRST-LAST line numbers at the pinned commit, e.g. 403-406");
    } else if (key == "cpp") {
      p.cpp = Split(value, ',');
      p.cpp_line = n;
    } else {
      problem(n, "unknown key '" + key + "'; a passage takes id, title, pallas, tokens, hint, cpp");
    }
  }
  if (i >= lines.size()) {
    problem(static_cast<int>(lines.size()), "the front matter never ends: add a closing '---' line");
    return std::nullopt;
  }
  for (const char* key : {"id", "title", "pallas", "tokens", "hint", "cpp"})
    if (!seen.count(key)) problem(static_cast<int>(i) + 1, std::string("missing '") + key + ":'");
  if (p.cpp.empty() && seen.count("cpp"))
    problem(seen["cpp"], "cpp needs at least one site name or identifier");
  std::size_t first = i + 1, last = lines.size();
  while (first < last && Trim(lines[first]).empty()) ++first;
  while (last > first && Trim(lines[last - 1]).empty()) --last;
  p.body_line = static_cast<int>(first) + 1;
  for (std::size_t j = first; j < last; ++j) p.body += lines[j] + (j + 1 < last ? "\n" : "");
  if (p.body.empty()) problem(p.body_line, "the passage has no prose after its front matter");
  CheckPlaceholderSyntax(p.body, walk, file, p.body_line, diags);
  const std::string_view base = file_name.substr(file_name.rfind('/') + 1);
  const std::string stem(base.substr(0, base.rfind('.')));
  const auto dash = stem.find('-');
  if (!p.id.empty() && (dash == std::string::npos || stem.substr(dash + 1) != p.id))
    problem(seen.count("id") ? seen["id"] : 1,
            "the id '" + p.id + "' must match the file name NN-" + p.id + ".md");
  if (diags.size() != before) return std::nullopt;
  return p;
}

}  // namespace tilewalk::walkthrough
