#include "app/views/source_syntax.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace tilewalk::views {
namespace {

constexpr std::array<std::string_view, 52> kCppKeywords = {
    "alignas",   "auto",     "bool",     "break",    "case",     "catch",  "char",    "class", "const",
    "constexpr", "continue", "default",  "delete",   "do",       "double", "else",    "enum",  "explicit",
    "false",     "float",    "for",      "if",       "inline",   "int",    "int64_t", "long",  "namespace",
    "new",       "noexcept", "nullptr",  "operator", "private",  "public", "return",  "short", "signed",
    "size_t",    "static",   "struct",   "switch",   "template", "this",   "throw",   "true",  "try",
    "typename",  "uint32_t", "unsigned", "using",    "virtual",  "void",   "while"};

constexpr std::array<std::string_view, 33> kPythonKeywords = {
    "and",    "as",     "assert", "break",   "class",    "continue", "def",    "del",  "elif",
    "else",   "except", "False",  "finally", "for",      "from",     "global", "if",   "import",
    "in",     "is",     "lambda", "None",    "nonlocal", "not",      "or",     "pass", "raise",
    "return", "True",   "try",    "while",   "with",     "yield"};

bool IsWordStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_';
}
bool IsWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

bool IsKeyword(std::string_view word, SourceLanguage language) {
  if (language == SourceLanguage::Cpp)
    return std::find(kCppKeywords.begin(), kCppKeywords.end(), word) != kCppKeywords.end();
  return std::find(kPythonKeywords.begin(), kPythonKeywords.end(), word) != kPythonKeywords.end();
}

// The end of a string literal that opens at `begin` (the quote), or the end of the line if it never closes.
int StringEnd(std::string_view line, int begin) {
  const char quote = line[static_cast<std::size_t>(begin)];
  int i = begin + 1;
  const int n = static_cast<int>(line.size());
  while (i < n) {
    const char c = line[static_cast<std::size_t>(i)];
    if (c == '\\') {
      i += 2;
      continue;
    }
    ++i;
    if (c == quote) return i;
  }
  return n;
}

void Push(std::vector<SyntaxSpan>& spans, int begin, int end, SyntaxKind kind) {
  if (end <= begin) return;
  if (!spans.empty() && spans.back().kind == kind && spans.back().end == begin) {
    spans.back().end = end;
    return;
  }
  spans.push_back({begin, end, kind});
}

}  // namespace

std::vector<SyntaxSpan> ColourLine(std::string_view line, SourceLanguage language, bool& in_block_comment) {
  std::vector<SyntaxSpan> spans;
  const int n = static_cast<int>(line.size());
  const bool cpp = language == SourceLanguage::Cpp;
  int i = 0;
  if (in_block_comment) {
    const std::size_t close = line.find("*/");
    if (close == std::string_view::npos) {
      Push(spans, 0, n, SyntaxKind::Comment);
      return spans;
    }
    i = static_cast<int>(close) + 2;
    Push(spans, 0, i, SyntaxKind::Comment);
    in_block_comment = false;
  }
  if (cpp) {
    const std::size_t first = line.find_first_not_of(" \t");
    if (first != std::string_view::npos && line[first] == '#') {
      Push(spans, i, n, SyntaxKind::Preprocessor);
      return spans;
    }
  }
  while (i < n) {
    const char c = line[static_cast<std::size_t>(i)];
    const std::string_view rest = line.substr(static_cast<std::size_t>(i));
    if ((cpp && rest.starts_with("//")) || (!cpp && c == '#')) {
      Push(spans, i, n, SyntaxKind::Comment);
      break;
    }
    if (cpp && rest.starts_with("/*")) {
      const std::size_t close = rest.find("*/", 2);
      const int end = close == std::string_view::npos ? n : i + static_cast<int>(close) + 2;
      if (close == std::string_view::npos) in_block_comment = true;
      Push(spans, i, end, SyntaxKind::Comment);
      i = end;
      continue;
    }
    if (c == '"' || c == '\'') {
      const int end = StringEnd(line, i);
      Push(spans, i, end, SyntaxKind::String);
      i = end;
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(c)) != 0) {
      int end = i + 1;
      while (end < n) {
        const char d = line[static_cast<std::size_t>(end)];
        const char before = line[static_cast<std::size_t>(end - 1)];
        const bool exponent_sign = (d == '-' || d == '+') && (before == 'e' || before == 'E');
        if (!IsWordChar(d) && d != '.' && d != '\'' && !exponent_sign) break;
        ++end;
      }
      Push(spans, i, end, SyntaxKind::Number);
      i = end;
      continue;
    }
    if (IsWordStart(c)) {
      int end = i + 1;
      while (end < n && IsWordChar(line[static_cast<std::size_t>(end)])) ++end;
      const std::string_view word =
          line.substr(static_cast<std::size_t>(i), static_cast<std::size_t>(end - i));
      Push(spans, i, end, IsKeyword(word, language) ? SyntaxKind::Keyword : SyntaxKind::Plain);
      i = end;
      continue;
    }
    Push(spans, i, i + 1, SyntaxKind::Plain);
    ++i;
  }
  return spans;
}

}  // namespace tilewalk::views
