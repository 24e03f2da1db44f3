// Fuzzes the scenario options: the input, split into words, goes through ParseScenario and then
// CheckRunnable. A refusal must be a usage error whose message has one of the parser's forms; anything that
// escapes is a finding. No inputs are made and nothing is launched: those are far too slow for a fuzzer.
// Invariants: ScenarioToFlags reproduces an accepted scenario exactly, field by field, when parsed back;
// a scenario CheckRunnable accepts really fits in the cap (flash::MaxHostBytes).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/flash/scenario.hpp"
#include "kernels/flash/scenario_fields.hpp"
#include "kernels/flash/scenario_options.hpp"
#include "tests/fuzz/fuzz_check.hpp"

namespace flash = tilewalk::flash;
using tilewalk::fuzz::Check;

namespace {

std::vector<std::string> SplitWords(std::string_view text) {
  std::vector<std::string> words;
  std::istringstream in{std::string(text)};
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

std::string Joined(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

// The parser's message forms (base/option_parser.hpp), and a preset's own problems.
bool KnownForm(const std::string& message) {
  for (const char* form : {"unknown option '", "unexpected argument '", "preset '"})
    if (message.starts_with(form)) return true;
  for (const char* form : {" takes no value", " needs ", " got '", " is given twice ("})
    if (message.starts_with("--") && message.find(form) != std::string::npos) return true;
  return false;
}

// ScenarioToFlags parsed back gives the same scenario: every field's text, and sm_scale bit for bit.
void CheckRoundTrip(const flash::Scenario& s) {
  const std::vector<std::string> flags = flash::ScenarioToFlags(s);
  const auto back = flash::ParseScenario(flags);
  Check(back.ok(), "ScenarioToFlags writes flags that ParseScenario accepts",
        back.ok() ? Joined(flags) : back.error().message);
  for (const flash::ScenarioField& field : flash::ScenarioFields())
    Check(field.get(&*back) == field.get(&s), "ScenarioToFlags reproduces every field", Joined(flags));
  Check(std::memcmp(&back->sm_scale, &s.sm_scale, sizeof s.sm_scale) == 0,
        "ScenarioToFlags reproduces sm_scale exactly", Joined(flags));
}

// A lower bound of the host footprint, without integer overflow: q and its gradient, in float32.
double LeastHostBytes(const flash::Scenario& s) {
  return 2.0 * 4.0 * static_cast<double>(s.batch) * s.heads * s.q_len * s.head_dim;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::vector<std::string> words =
      SplitWords(std::string_view(reinterpret_cast<const char*>(data), size));
  const auto parsed = flash::ParseScenario(words);
  if (!parsed) {
    Check(parsed.error().reason == tilewalk::base::Reason::Usage, "a refused flag is a usage error",
          parsed.error().message);
    Check(KnownForm(parsed.error().message), "a refusal has one of the parser's message forms",
          parsed.error().message);
    return 0;
  }
  CheckRoundTrip(*parsed);
  if (!flash::CheckRunnable(*parsed)) return 0;  // too large for the machine, refused before any allocation
  Check(LeastHostBytes(*parsed) <= static_cast<double>(flash::MaxHostBytes().bytes),
        "a scenario CheckRunnable accepts fits in the cap", Joined(flash::ScenarioToFlags(*parsed)));
  return 0;
}
