// What the fuzz targets share: a check that stops the run with a message (libFuzzer then saves the
// input as a crash), a check that a parser stays linear (the input repeated to 128 KiB must be handled in
// under a second, where a quadratic pass takes many; the slowest is printed when the run ends), and the
// placeholder grammar of docs/authoring.md written out by hand, so that the
// parser's own regex is checked against the documentation rather than against itself.
#pragma once

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
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
// report of an input that makes a parser slow.
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

inline bool Digits(std::string_view s) {  // [0-9]+
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

inline bool OneOf(std::string_view s, std::initializer_list<std::string_view> options) {
  for (std::string_view o : options)
    if (s == o) return true;
  return false;
}

// A figure of a whole run: what a variant ({with FLAGS: ...}) may name too.
inline bool DocumentedRunFigure(std::string_view name, bool* bytes) {
  const auto dot = name.find('.');
  if (dot == std::string_view::npos) return false;
  const std::string_view head = name.substr(0, dot), rest = name.substr(dot + 1);
  if (head == "scenario") return LowerWord(rest);
  if (head == "error") return OneOf(rest, {"type", "message", "phase"});
  if (head == "check") {
    if (rest == "pass" || rest == "masked_rows") return true;
    const auto last = rest.rfind('.');
    return last != std::string_view::npos && LowerWord(rest.substr(0, last)) &&
           OneOf(rest.substr(last + 1), {"max_abs", "max_rel", "tolerance", "pass"});
  }
  if (!OneOf(head, {"fwd", "dkv", "dq"})) return false;
  if (OneOf(rest, {"steps", "steps_run", "steps_skipped", "grid", "matmuls", "est_time_us"})) return true;
  if (rest == "bytes_in") return *bytes = true;
  if (rest.starts_with("writebacks.")) {
    const std::string_view output = rest.substr(11);
    if (output.ends_with(".bytes")) return *bytes = LowerWord(output.substr(0, output.size() - 6));
    return LowerWord(output);
  }
  if (!rest.starts_with("copies.")) return false;
  const std::string_view operand_field = rest.substr(7);
  const auto last_dot = operand_field.rfind('.');
  if (last_dot == std::string_view::npos) return false;
  const std::string_view field = operand_field.substr(last_dot + 1);
  *bytes = field == "bytes";
  return LowerWord(operand_field.substr(0, last_dot)) && OneOf(field, {"issued", "skipped", "bytes"});
}

// A figure only the recording has: the naive yardstick, a grid step's facts, a value at an event.
inline bool DocumentedRecordingFigure(std::string_view name, bool* bytes) {
  if (const auto hash = name.find('#'); hash != std::string_view::npos) {
    const std::string_view site = name.substr(0, hash), rest = name.substr(hash + 1);
    const auto dot = rest.find('.');
    return !site.empty() && site.find('.') != std::string_view::npos && dot != std::string_view::npos &&
           Digits(rest.substr(0, dot)) &&
           OneOf(rest.substr(dot + 1), {"min", "max", "rows", "rows_below_one"});
  }
  const auto dot = name.find('.');
  if (dot == std::string_view::npos || !OneOf(name.substr(0, dot), {"fwd", "dkv", "dq"})) return false;
  const std::string_view rest = name.substr(dot + 1);
  if (OneOf(rest, {"naive_bytes_in", "bytes_saved"})) return *bytes = true;
  if (!rest.starts_with("step.")) return false;
  const std::string_view step = rest.substr(5);
  const auto step_dot = step.find('.');
  if (step_dot == std::string_view::npos || !Digits(step.substr(0, step_dot))) return false;
  const std::string_view fact = step.substr(step_dot + 1);
  if (fact == "ran" || fact == "queries" || fact == "keys") return true;
  return (fact.starts_with("copy.") || fact.starts_with("slot.")) && LowerWord(fact.substr(5));
}

// One placeholder name (the text between the braces) as the table in docs/authoring.md documents it:
// [with FLAGS:] FIGURE [:KiB|:MiB].
inline bool DocumentedPlaceholder(std::string_view name) {
  bool variant = false;
  if (name.starts_with("with ")) {
    const auto colon = name.find(':');
    if (colon == std::string_view::npos ||
        name.substr(5, colon - 5).find_first_not_of(' ') == std::string_view::npos)
      return false;
    name = name.substr(colon + 1);
    variant = true;
  }
  while (name.starts_with(' ')) name.remove_prefix(1);
  while (name.ends_with(' ')) name.remove_suffix(1);
  bool unit = false;
  if (name.ends_with(":KiB") || name.ends_with(":MiB")) {
    name.remove_suffix(4);
    unit = true;
  }
  bool bytes = false;
  const bool known =
      DocumentedRunFigure(name, &bytes) || (!variant && DocumentedRecordingFigure(name, &bytes));
  return known && (!unit || bytes);
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
