// Scenario flags: round trips, bad values, presets, and the host-memory guard at the flags' limits.
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "kernels/flash/scenario_flags.hpp"

using namespace tilewalk::flash;

TEST_CASE("ScenarioToFlags reads back as the same scenario, sm_scale to the last bit") {
  Scenario s;
  s.sm_scale = 0.1234567f;  // an ostream's 6 digits would round this
  s.causal = true;
  s.block_sizes.block_k_major = 256;
  s.poison = Poison::Inf;
  s.what_if = WhatIf::DkvRedirectFirstRun;
  Scenario back;
  const auto rest = ParseScenarioFlags(ScenarioToFlags(s), back);
  CHECK(rest.empty());
  CHECK(back.sm_scale == s.sm_scale);
  CHECK(ScenarioSettings(back) == ScenarioSettings(s));
}

TEST_CASE("flags that are not scenario flags come back for the verb, bad values throw") {
  Scenario s;
  const std::vector<std::string> args = {"--causal", "--json", "--block-q=256", "--out", "x"};
  CHECK(ParseScenarioFlags(args, s) == std::vector<std::string>{"--json", "--out", "x"});
  CHECK(s.causal);
  CHECK(s.block_sizes.block_q == 256);
  CHECK_THROWS_AS(ParseScenarioFlags(std::vector<std::string>{"--dtype", "float16"}, s),
                  std::invalid_argument);
  CHECK_THROWS_AS(ParseScenarioFlags(std::vector<std::string>{"--heads"}, s), std::invalid_argument);
  CHECK_THROWS_AS(ParseScenarioFlags(std::vector<std::string>{"--scenario", "nope"}, s),
                  std::invalid_argument);
  CHECK_THROWS_AS(ParseScenarioFlags(std::vector<std::string>{"--poison", "-inf"}, s), std::invalid_argument);
  ParseScenarioFlags(std::vector<std::string>{"--poison", "nan"}, s);
  CHECK(s.poison == Poison::NaN);
}

TEST_CASE("every setting reads back as a flag and its value, 'none' included") {
  Scenario s;
  s.poison = Poison::Inf;
  s.what_if = WhatIf::BiasMapCeil;
  std::vector<std::string> flags;
  for (const auto& [key, value] : ScenarioSettings(Scenario{})) {
    if (key == "causal" || key == "bias" || key == "naive_index_maps" || key == "forward_only") continue;
    if (value == "unset") continue;
    std::string flag = "--" + key;
    for (char& c : flag)
      if (c == '_') c = '-';
    flags.insert(flags.end(), {flag, value});
  }
  ParseScenarioFlags(flags, s);  // as the Scenario pane writes the defaults back
  CHECK(s.poison == Poison::None);
  CHECK(s.what_if == WhatIf::None);
}

TEST_CASE("--what-if takes the name of one change, and a wrong name lists them all") {
  Scenario s;
  ParseScenarioFlags(std::vector<std::string>{"--what-if", "redirect-lm-dkv"}, s);
  CHECK(s.what_if == WhatIf::RedirectLmDkv);
  CHECK(s.Config().what_if == WhatIf::RedirectLmDkv);
  try {
    ParseScenarioFlags(std::vector<std::string>{"--what-if", "fix-everything"}, s);
    FAIL("a wrong name must throw");
  } catch (const std::invalid_argument& e) {
    const std::string message = e.what();
    for (WhatIf w : AllWhatIfs()) CHECK(message.find(std::string(WhatIfName(w))) != std::string::npos);
  }
  for (WhatIf w : AllWhatIfs()) CHECK(WhatIfByName(WhatIfName(w)) == w);
  CHECK(ScenarioFlagsHelp().find("non-strict-diag") != std::string::npos);
}

TEST_CASE("a preset applies first, so explicit flags override it") {
  Scenario s;
  ParseScenarioFlags(std::vector<std::string>{"--block-k", "128", "--scenario", "block-k-64"}, s);
  CHECK(s.block_sizes.block_k == 128);
  CHECK(s.q_len == 256);
}

TEST_CASE("the host-memory guard does not wrap at the flags' limits") {
  Scenario s;
  s.batch = 65536;
  s.heads = 65536;
  s.q_len = s.kv_len = 1 << 20;
  CHECK(EstimateHostBytes(s) > 1e18);
  CHECK_THROWS_WITH_AS(CheckRunnable(s), doctest::Contains("MiB of host memory"), std::invalid_argument);
}
