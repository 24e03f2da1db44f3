#include "walkthrough/plain_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <map>
#include <vector>

namespace tilewalk::walkthrough {
namespace {

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

std::string_view Trimmed(std::string_view line) {
  while (!line.empty() && IsSpace(line.front())) line.remove_prefix(1);
  while (!line.empty() && IsSpace(line.back())) line.remove_suffix(1);
  return line;
}

// "- ", "* ", "+ ", "1. " or "1) " at the start of a trimmed line.
bool StartsListItem(std::string_view line) {
  if (line.size() >= 2 && (line[0] == '-' || line[0] == '*' || line[0] == '+') && line[1] == ' ') return true;
  std::size_t digits = 0;
  while (digits < line.size() && digits < 9 && line[digits] >= '0' && line[digits] <= '9') ++digits;
  return digits > 0 && digits + 1 < line.size() && (line[digits] == '.' || line[digits] == ')') &&
         line[digits + 1] == ' ';
}

struct BacktickRun {
  std::size_t at = 0, length = 0;
};

// Code spans as CommonMark reads them: a run of N backticks opens one that the next run of exactly N
// closes; a run with no such partner is literal. The partners are found in one pass from the end, so
// text full of unmatched runs stays linear.
std::string WithoutCodeMarks(const std::string& text) {
  std::vector<BacktickRun> runs;
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] != '`') {
      ++i;
      continue;
    }
    const std::size_t start = i;
    while (i < text.size() && text[i] == '`') ++i;
    runs.push_back({.at = start, .length = i - start});
  }
  if (runs.empty()) return text;
  std::vector<std::size_t> partner(runs.size(), runs.size());
  std::map<std::size_t, std::size_t> next_of_length;
  for (std::size_t r = runs.size(); r-- > 0;) {
    const auto found = next_of_length.find(runs[r].length);
    if (found != next_of_length.end()) partner[r] = found->second;
    next_of_length[runs[r].length] = r;
  }
  std::string out;
  out.reserve(text.size());
  std::size_t copied = 0;  // text before this is in `out`
  for (std::size_t r = 0; r < runs.size(); ++r) {
    if (partner[r] == runs.size()) continue;  // literal backticks: copied with the text around them
    const BacktickRun& open = runs[r];
    const BacktickRun& close = runs[partner[r]];
    out.append(text, copied, open.at - copied);
    std::string_view code(text.data() + open.at + open.length, close.at - open.at - open.length);
    const bool padded = code.size() >= 2 && code.front() == ' ' && code.back() == ' ' &&
                        code.find_first_not_of(' ') != std::string_view::npos;
    if (padded) code = code.substr(1, code.size() - 2);
    out.append(code);
    copied = close.at + close.length;
    r = partner[r];
  }
  out.append(text, copied, std::string::npos);
  return out;
}

}  // namespace

std::string PlainText(std::string_view markdown) {
  std::vector<std::string> paragraphs;
  std::string current;
  std::size_t start = 0;
  while (start <= markdown.size()) {
    std::size_t end = markdown.find('\n', start);
    if (end == std::string_view::npos) end = markdown.size();
    const std::string_view line = Trimmed(markdown.substr(start, end - start));
    start = end + 1;
    if (line.empty()) {
      if (!current.empty()) paragraphs.push_back(std::move(current));
      current.clear();
      continue;
    }
    if (!current.empty()) current += StartsListItem(line) ? '\n' : ' ';
    current.append(line);
  }
  if (!current.empty()) paragraphs.push_back(std::move(current));
  std::string out;
  for (const std::string& paragraph : paragraphs) {
    const std::string plain = WithoutCodeMarks(paragraph);
    const std::string_view text = Trimmed(plain);  // a code span may end in a space: "`x `"
    if (text.empty()) continue;
    if (!out.empty()) out += "\n\n";
    out += text;
  }
  return out;
}

std::string FirstSentence(std::string_view plain, std::size_t max_chars) {
  std::string_view sentence = plain.substr(0, plain.find("\n\n"));
  for (std::size_t i = 0; i < sentence.size(); ++i) {
    const char c = sentence[i];
    if ((c == '.' || c == '?' || c == '!') && (i + 1 == sentence.size() || IsSpace(sentence[i + 1]))) {
      sentence = sentence.substr(0, i + 1);
      break;
    }
  }
  sentence = Trimmed(sentence);
  if (sentence.size() <= max_chars) return std::string(sentence);
  std::size_t cut = sentence.rfind(' ', max_chars);
  if (cut == std::string_view::npos || cut == 0) {
    cut = max_chars;  // one long word: cut between characters, never inside one
    while (cut > 0 && (static_cast<unsigned char>(sentence[cut]) & 0xC0) == 0x80) --cut;
  }
  return std::string(Trimmed(sentence.substr(0, cut))) + "\xE2\x80\xA6";  // "…"
}

double ReadingSeconds(std::string_view plain) {
  std::size_t words = 0;
  bool in_word = false;
  for (const char c : plain) {
    const bool space = IsSpace(c);
    if (!space && !in_word) ++words;
    in_word = !space;
  }
  return std::max(4.0, std::round(20.0 + 3.0 * static_cast<double>(words)) / 10.0);  // in tenths
}

}  // namespace tilewalk::walkthrough
