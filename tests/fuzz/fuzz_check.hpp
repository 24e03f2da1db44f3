// What the fuzz targets share: a check that stops the run with a message (libFuzzer then saves the
// input as a crash), a check that a parser stays linear (the input repeated to 128 KiB must be handled in
// under a second, where a quadratic pass takes many; the slowest is printed when the run ends), and the
// placeholder grammar of docs/authoring.md written out by hand, so that the
// parser's own regex is checked against the documentation rather than against itself.
#pragma once

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace tilewalk::fuzz {

// Aborts with `what` when `ok` is false; an invariant that failed is a finding, like a crash.
inline void Check(bool ok, const char* what, std::string_view detail = {}) {
  if (ok) return;
  std::fprintf(stderr, "fuzz invariant failed: %s [%.*s]\n", what, static_cast<int>(detail.size()),
               detail.data());
  std::abort();
}

// The input repeated until it holds at least `bytes` bytes (empty stays empty).
inline std::string Amplified(std::string_view input, std::size_t bytes = 128 * 1024) {
  std::string out;
  if (input.empty()) return out;
  out.reserve(bytes + input.size());
  while (out.size() < bytes) out.append(input);
  return out;
}

// The slowest amplified input of the run, printed when the fuzzer exits (scripts/fuzz.sh reports it).
struct SlowestInput {
  double seconds = 0;
  ~SlowestInput() {
    if (seconds > 0) std::fprintf(stderr, "fuzz: slowest input repeated to 128 KiB: %.3f s\n", seconds);
  }
};

inline SlowestInput& Slowest() {
  static SlowestInput slowest;
  return slowest;
}

// Runs `parse` on the amplified input and fails the run when it takes a second or more: the fuzz run's
// report of an input that makes a parser slow (issue 19).
template <typename Parse>
void CheckLinear(std::string_view input, const char* what, Parse parse) {
  const std::string big = Amplified(input);
  const auto start = std::chrono::steady_clock::now();
  parse(std::string_view(big));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (seconds > Slowest().seconds) Slowest().seconds = seconds;
  Check(seconds < 1.0, what, input);
}

inline bool LowerWord(std::string_view s) {  // [a-z_]+
  if (s.empty()) return false;
  for (char c : s)
    if (!((c >= 'a' && c <= 'z') || c == '_')) return false;
  return true;
}

// One placeholder name (the text between the braces) as the table in docs/authoring.md documents it.
inline bool DocumentedPlaceholder(std::string_view name) {
  const auto dot = name.find('.');
  if (dot == std::string_view::npos) return false;
  const std::string_view head = name.substr(0, dot), rest = name.substr(dot + 1);
  if (head == "scenario") return LowerWord(rest);
  if (head == "error") return rest == "type" || rest == "message" || rest == "phase";
  if (head != "fwd" && head != "dkv" && head != "dq") return false;
  for (std::string_view figure : {"steps", "steps_run", "steps_skipped", "grid", "matmuls", "est_time_us",
                                  "bytes_in", "naive_bytes_in", "bytes_saved"})
    if (rest == figure) return true;
  if (rest.starts_with("writebacks.")) return LowerWord(rest.substr(11));
  if (!rest.starts_with("copies.")) return false;
  const std::string_view operand_field = rest.substr(7);
  const auto last_dot = operand_field.rfind('.');
  if (last_dot == std::string_view::npos) return false;
  const std::string_view field = operand_field.substr(last_dot + 1);
  return LowerWord(operand_field.substr(0, last_dot)) &&
         (field == "issued" || field == "skipped" || field == "bytes");
}

// True when every {...} in `text` is closed and documented.
inline bool AllPlaceholdersDocumented(std::string_view text, std::string* bad = nullptr) {
  for (std::size_t open = text.find('{'); open != std::string_view::npos; open = text.find('{', open + 1)) {
    const std::size_t close = text.find('}', open);
    const std::string_view name =
        close == std::string_view::npos ? text.substr(open) : text.substr(open + 1, close - open - 1);
    if (close == std::string_view::npos || !DocumentedPlaceholder(name)) {
      if (bad) *bad = std::string(name);
      return false;
    }
  }
  return true;
}

}  // namespace tilewalk::fuzz
