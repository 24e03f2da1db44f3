#include "walkthrough/mirror_sources.hpp"

#include <cctype>

namespace tilewalk::walkthrough {

namespace {

std::vector<std::string_view> SplitLines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    lines.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return lines;
}

bool IsWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

bool HasWord(std::string_view line, std::string_view word) {
  for (std::size_t at = line.find(word); at != std::string_view::npos; at = line.find(word, at + 1)) {
    const bool left = at == 0 || !IsWordChar(line[at - 1]);
    const bool right = at + word.size() >= line.size() || !IsWordChar(line[at + word.size()]);
    if (left && right) return true;
  }
  return false;
}

}  // namespace

template <typename Match>
std::optional<SourceLocation> MirrorIndex::FirstLine(Match match) const {
  for (const EmbeddedFile& f : m_files) {
    const auto lines = SplitLines(f.text);
    for (std::size_t i = 0; i < lines.size(); ++i)
      if (match(lines[i])) return SourceLocation{std::string(f.name), static_cast<int>(i) + 1};
  }
  return std::nullopt;
}

std::optional<SourceLocation> MirrorIndex::FindSite(std::string_view site_name) const {
  const std::string literal = "\"" + std::string(site_name) + "\"";
  auto found = FirstLine([&](std::string_view line) { return line.find(literal) != std::string_view::npos; });
  // A literal that opens its line continues a call begun on the line above ("ref->load(\n    \"site\",
  // ...")): the compiler's std::source_location names the line where the call begins, and so does this.
  if (found && found->line > 1) {
    const auto lines = Lines(found->file);
    const std::string_view at = lines[static_cast<std::size_t>(found->line - 1)];
    if (at.substr(at.find_first_not_of(' ')).starts_with(literal)) --found->line;
  }
  return found;
}

std::optional<SourceLocation> MirrorIndex::FindSymbol(std::string_view identifier) const {
  if (identifier.empty()) return std::nullopt;
  return FirstLine([&](std::string_view line) { return HasWord(line, identifier); });
}

std::vector<std::string_view> MirrorIndex::Lines(std::string_view file) const {
  for (const EmbeddedFile& f : m_files)
    if (f.name == file) return SplitLines(f.text);
  return {};
}

std::optional<SourceLocation> MirrorIndex::FindSymbolInFile(std::string_view file,
                                                            std::string_view identifier) const {
  const auto lines = Lines(file);
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (HasWord(lines[i], identifier)) return SourceLocation{std::string(file), static_cast<int>(i) + 1};
  return std::nullopt;
}

std::optional<SourceLocation> MirrorIndex::ResolveCppAnchor(std::string_view anchor) const {
  if (const auto colon = anchor.find(':'); colon != std::string_view::npos)
    return FindSymbolInFile(anchor.substr(0, colon), anchor.substr(colon + 1));
  return anchor.find('.') != std::string_view::npos ? FindSite(anchor) : FindSymbol(anchor);
}

}  // namespace tilewalk::walkthrough
