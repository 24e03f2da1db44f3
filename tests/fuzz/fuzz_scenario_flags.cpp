// Fuzzes the scenario flags: the input, split into words, goes through ParseScenarioFlags and then
// CheckRunnable. Only std::invalid_argument is an expected answer to bad flags; anything else that escapes
// is a finding. No inputs are made and nothing is launched: those are far too slow for a fuzzer.
// Invariants: the words handed back to the verb are not scenario flags; ScenarioToFlags reproduces the
// scenario exactly when parsed back; a scenario CheckRunnable accepts really fits in kMaxHostBytes.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/flash/scenario.hpp"
#include "kernels/flash/scenario_flags.hpp"
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

// The flag names --help lists ("  --block-q N   forward q block" → "--block-q").
const std::set<std::string>& HelpFlagNames() {
  static const std::set<std::string> names = [] {
    std::set<std::string> out;
    std::istringstream in(flash::ScenarioFlagsHelp());
    for (std::string line; std::getline(in, line);) {
      std::istringstream words(line);
      std::string first;
      if (words >> first && first.starts_with("--")) out.insert(first);
    }
    return out;
  }();
  return names;
}

std::string Joined(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

// ScenarioToFlags parsed back onto a default scenario gives the same scenario, sm_scale bit for bit.
void CheckRoundTrip(const flash::Scenario& s) {
  const std::vector<std::string> flags = flash::ScenarioToFlags(s);
  flash::Scenario back;
  std::vector<std::string> rest;
  try {
    rest = flash::ParseScenarioFlags(flags, back);
  } catch (const std::invalid_argument& e) {
    Check(false, "ScenarioToFlags writes flags that ParseScenarioFlags accepts", e.what());
  }
  Check(rest.empty(), "ScenarioToFlags writes only scenario flags", Joined(rest));
  Check(flash::ScenarioSettings(back) == flash::ScenarioSettings(s),
        "ScenarioToFlags reproduces every setting", Joined(flags));
  Check(std::memcmp(&back.sm_scale, &s.sm_scale, sizeof s.sm_scale) == 0,
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
  flash::Scenario s;
  std::vector<std::string> rest;
  try {
    rest = flash::ParseScenarioFlags(words, s);
  } catch (const std::invalid_argument&) {
    return 0;  // a bad flag, reported to the user
  }
  for (const std::string& w : rest)
    Check(!HelpFlagNames().contains(w) && w != "--scenario",
          "a scenario flag is never handed back to the verb", w);
  CheckRoundTrip(s);
  try {
    flash::CheckRunnable(s);
  } catch (const std::invalid_argument&) {
    return 0;  // too large for the machine, refused before any allocation
  }
  Check(LeastHostBytes(s) <= static_cast<double>(flash::kMaxHostBytes),
        "a scenario CheckRunnable accepts fits in kMaxHostBytes", Joined(flash::ScenarioToFlags(s)));
  return 0;
}
