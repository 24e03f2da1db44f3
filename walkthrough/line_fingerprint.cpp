#include "walkthrough/line_fingerprint.hpp"

#include <cassert>
#include <charconv>
#include <cstdio>

#include "base/number_text.hpp"

namespace tilewalk::walkthrough {

std::string NormalizeLine(std::string_view line) {
  std::string out;
  char quote = 0;
  bool space = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quote == 0 && c == '#') break;
    if (quote == 0 && (c == ' ' || c == '\t' || c == '\f' || c == '\r' || c == '\v')) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
    if (quote != 0 && c == '\\' && i + 1 < line.size()) {
      out += line[++i];
      continue;
    }
    if (c == '"' || c == '\'') quote = quote == 0 ? c : (quote == c ? 0 : quote);
  }
  return out;
}

namespace {

uint64_t Fnv1a(std::string_view text) {
  if (text.empty()) return 0;
  uint64_t hash = 0xcbf29ce484222325ull;
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 0x100000001b3ull;
  }
  return hash == 0 ? 1 : hash;  // 0 means "nothing to match"
}

// The normalized line up to and including its first assignment, call or subscript bracket, or colon.
std::string_view Key(std::string_view normal) {
  std::size_t end = normal.find_first_of("([:");
  if (end != std::string_view::npos) ++end;  // the bracket or colon belongs to the key
  for (std::string_view op : {" = ", " += ", " -= ", " *= ", " /= "})
    if (const std::size_t at = normal.find(op); at != std::string_view::npos && at + op.size() <= end)
      end = at + op.size();
  return normal.substr(0, end);
}

}  // namespace

uint64_t LineHash(std::string_view line) {
  return Fnv1a(NormalizeLine(line));
}

uint64_t LineKeyHash(std::string_view line) {
  const std::string normal = NormalizeLine(line);
  return Fnv1a(Key(normal));
}

Fingerprint FingerprintLines(std::span<const std::string> lines) {
  Fingerprint fingerprint;
  fingerprint.lines.reserve(lines.size());
  fingerprint.keys.reserve(lines.size());
  for (const std::string& line : lines) {
    const std::string normal = NormalizeLine(line);
    fingerprint.lines.push_back(Fnv1a(normal));
    fingerprint.keys.push_back(Fnv1a(Key(normal)));
  }
  return fingerprint;
}

std::string FormatPinnedFile(const PinnedFile& pinned) {
  std::string text =
      "# The fingerprint of the Pallas file tilewalk's passages and sites were written against: one hash a\n"
      "# line (FNV-1a, 64 bits, in hex) of the line with its comment dropped and its white space collapsed;\n"
      "# 0 for a line left empty. Written by `tilewalk source fingerprint FILE`; tilewalk's own data.\n";
  const Fingerprint& f = pinned.fingerprint;
  text += "commit " + pinned.commit + "\npath " + pinned.path + "\nsha256 " + pinned.sha256 + "\nurl " +
          pinned.url + "\nlines " + std::to_string(f.lines.size()) + "\n";
  char hex[40];
  for (std::size_t i = 0; i < f.lines.size(); ++i) {
    std::snprintf(hex, sizeof hex, "%016llx %016llx\n", static_cast<unsigned long long>(f.lines[i]),
                  static_cast<unsigned long long>(f.keys[i]));
    text += hex;
  }
  return text;
}

base::Result<PinnedFile> ParsePinnedFile(std::string_view text) {
  PinnedFile pinned;
  int64_t declared = -1;
  int line_number = 0;
  auto bad = [&](const std::string& what) {
    return base::Fail(base::Reason::Malformed, "line " + std::to_string(line_number) + ": " + what);
  };
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    ++line_number;
    if (line.empty() || line.front() == '#') continue;
    const std::size_t space = line.find(' ');
    if (line.size() == 33 && space == 16) {
      uint64_t text_hash = 0, key_hash = 0;
      const auto a = std::from_chars(line.data(), line.data() + 16, text_hash, 16);
      const auto b = std::from_chars(line.data() + 17, line.data() + 33, key_hash, 16);
      if (a.ec != std::errc() || a.ptr != line.data() + 16 || b.ec != std::errc() ||
          b.ptr != line.data() + 33)
        return bad("expected two hashes of 16 hex digits, got '" + std::string(line) + "'");
      pinned.fingerprint.lines.push_back(text_hash);
      pinned.fingerprint.keys.push_back(key_hash);
      continue;
    }
    if (space == std::string_view::npos)
      return bad("expected 'key value' or two hashes, got '" + std::string(line) + "'");
    const std::string_view key = line.substr(0, space), value = line.substr(space + 1);
    if (key == "commit")
      pinned.commit = std::string(value);
    else if (key == "path")
      pinned.path = std::string(value);
    else if (key == "sha256")
      pinned.sha256 = std::string(value);
    else if (key == "url")
      pinned.url = std::string(value);
    else if (key == "lines") {
      const auto lines = base::ParseWhole(value, 1, 1 << 24);
      if (!lines) return bad("lines: " + lines.error().message);
      declared = *lines;
    } else {
      return bad("unknown key '" + std::string(key) + "'");
    }
  }
  if (pinned.commit.empty() || pinned.sha256.size() != 64 || pinned.url.empty() || pinned.path.empty())
    return base::Fail(base::Reason::Malformed, "the header needs commit, path, a 64-digit sha256 and url");
  if (declared != static_cast<int64_t>(pinned.fingerprint.lines.size()))
    return base::Fail(base::Reason::Malformed, "'lines " + std::to_string(declared) + "' but " +
                                                   std::to_string(pinned.fingerprint.lines.size()) +
                                                   " lines follow");
  return pinned;
}

}  // namespace tilewalk::walkthrough
