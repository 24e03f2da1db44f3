// The scenario field table and the scenario options built on it: every field round-trips through text and
// flags, bad values are refused with the expectation, presets apply first, the canonical form ignores flag
// order, and the host-memory guard does not wrap at the flags' limits.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "kernels/api/scenario_args.hpp"
#include "kernels/flash/entry/kernel_entry.hpp"
#include "kernels/flash/scenario_fields.hpp"
#include "kernels/flash/scenario_options.hpp"

using namespace tilewalk::flash;

namespace {

// A scenario whose every field differs from the default, so a field the round trip drops shows up.
Scenario EveryFieldChanged() {
  Scenario s;
  s.batch = 2;
  s.heads = 3;
  s.kv_heads = 1;
  s.q_len = 384;
  s.kv_len = 640;
  s.head_dim = 64;
  s.causal = true;
  s.bias = true;
  s.segments = 3;
  s.sm_scale = 0.1234567f;  // an ostream's 6 digits would round this
  s.dtype = tilewalk::tpu::DType::BF16;
  s.precision = tilewalk::tpu::Precision::Highest;
  s.chip = "v6e";
  s.vmem_limit_bytes = 64 << 20;
  s.seed = 17;
  s.window = 64;
  s.naive_index_maps = true;
  s.forward_only = true;
  s.poison = Poison::Inf;
  s.pad = tilewalk::tpu::PadFill::Zeros;
  s.what_if = WhatIf::DkvRedirectFirstRun;
  BlockSizes& b = s.block_sizes;
  b.block_q = 256;
  b.block_k_major = 512;
  b.block_k = 256;
  b.block_b = 2;
  b.block_q_major_dkv = 256;
  b.block_k_major_dkv = 512;
  b.block_k_dkv = 256;
  b.block_q_dkv = 256;
  b.block_k_major_dq = 512;
  b.block_k_dq = 256;
  b.block_q_dq = 256;
  return s;
}

}  // namespace

TEST_CASE("every field of the table reads back its own text, and differs from the default") {
  const Scenario changed = EveryFieldChanged();
  const Scenario defaults;
  for (const ScenarioField& field : ScenarioFields()) {
    CAPTURE(field.key);
    CHECK(field.get(&changed) != field.get(&defaults));
    Scenario back;
    REQUIRE(field.set(&back, field.get(&changed)).ok());
    CHECK(field.get(&back) == field.get(&changed));
    CHECK(FindScenarioField(field.key) == &field);
  }
}

TEST_CASE("ScenarioToFlags reads back as the same scenario, every field, sm_scale to the last bit") {
  const Scenario s = EveryFieldChanged();
  const auto back = ParseScenario(ScenarioToFlags(s));
  REQUIRE(back.ok());
  CHECK(back->sm_scale == s.sm_scale);
  CHECK(CanonicalScenario(*back) == CanonicalScenario(s));
  for (const ScenarioField& field : ScenarioFields()) {
    CAPTURE(field.key);
    CHECK(field.get(&*back) == field.get(&s));
  }
}

TEST_CASE("the canonical form does not depend on the order or spelling of the flags") {
  const auto a = ParseScenario(std::vector<std::string>{"--causal", "--q-len", "256", "--block-k=128"});
  const auto b = ParseScenario(std::vector<std::string>{"--block-k", "128", "--q-len=256", "--causal"});
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  CHECK(CanonicalScenario(*a) == CanonicalScenario(*b));
}

TEST_CASE("a choice field accepts each of its choices, the default included, and refuses the rest") {
  for (const ScenarioField& field : ScenarioFields()) {
    if (field.kind != FieldKind::Choice) continue;
    CAPTURE(field.key);
    REQUIRE(!field.choices.empty());
    for (std::string_view choice : field.choices) {
      Scenario s;
      CHECK(field.set(&s, choice).ok());
      CHECK(field.get(&s) == choice);
    }
    Scenario s;
    const auto refused = field.set(&s, "float16");
    REQUIRE(!refused.ok());
    CHECK(refused.error().message.starts_with("expected one of "));
  }
  // The pane wrote "--poison none", and the parser refused it: the default must read back.
  CHECK(ParseScenario(std::vector<std::string>{"--poison", "none"}).ok());
}

TEST_CASE("bad values are refused with the flag, the value and the range") {
  const auto check = [](std::vector<std::string> words, std::string message) {
    CAPTURE(message);
    const auto parsed = ParseScenario(words);
    REQUIRE(!parsed.ok());
    CHECK(parsed.error().message == message);
  };
  check({"--dtype", "float16"}, "--dtype got 'float16': expected one of float32, bfloat16");
  check({"--heads"}, "--heads needs a whole number from 1 to 65536");
  check({"--heads", "--causal"}, "--heads needs a whole number from 1 to 65536, got '--causal'");
  check({"--q-len", "0"}, "--q-len got '0': expected a whole number from 1 to 1048576");
  check({"--sm-scale", "1e30"}, "--sm-scale got '1e30': expected a number from 1e-06 to 1000000");
  check({"--sm-scale=--5"}, "--sm-scale got '--5': expected a number from 1e-06 to 1000000");
  check({"--causal=yes"}, "--causal takes no value");
  check({"--frobnicate"}, "unknown option '--frobnicate'");
  check({"--poison", "-inf"}, "--poison got '-inf': expected one of none, nan, inf");
  const auto preset = ParseScenario(std::vector<std::string>{"--scenario", "nope"});
  REQUIRE(!preset.ok());
  CHECK(preset.error().message.starts_with("--scenario got 'nope': expected a preset: "));
  CHECK(preset.error().message.find("block-k-64") != std::string::npos);
}

TEST_CASE("a preset applies first, so explicit flags override it wherever the preset stands") {
  const auto s = ParseScenario(std::vector<std::string>{"--block-k", "128", "--scenario", "block-k-64"});
  REQUIRE(s.ok());
  CHECK(s->block_sizes.block_k == 128);
  CHECK(s->q_len == 256);
}

TEST_CASE("the help lists every field's flag, with the range of every number") {
  const std::string help = tilewalk::kernel::ScenarioFlagsHelp(KernelEntry());
  for (const ScenarioField& field : ScenarioFields()) {
    CAPTURE(field.flag);
    CHECK(help.find(std::string(field.flag) + " ") != std::string::npos);
  }
  CHECK(help.find("--q-len N") != std::string::npos);
  CHECK(help.find("(a whole number from 1 to 1048576)") != std::string::npos);
}

TEST_CASE("the host-memory guard does not wrap at the flags' limits") {
  Scenario s;
  s.batch = 65536;
  s.heads = 65536;
  s.q_len = s.kv_len = 1 << 20;
  CHECK(EstimateHostMemory(s, {}).Total() > 1e18);
  const auto runnable = CheckRunnable(s);
  REQUIRE(!runnable.ok());
  CHECK(runnable.error().reason == tilewalk::base::Reason::TooLarge);
  CHECK(runnable.error().message.find("more than 8 EiB of host memory") != std::string::npos);
}

namespace tilewalk::flash {

TEST_CASE("scenario fields: flags in words use the table's keys, switches bare, unknown words as written") {
  const std::vector<std::string> words = {"--block-k-major", "128",     "--causal", "--scenario",
                                          "causal-small",    "--dtype", "bfloat16"};
  CHECK(FlagsInWords(words) == "block_k_major = 128, causal, scenario causal-small, dtype = bfloat16");
  CHECK(FlagsInWords(std::vector<std::string>{}).empty());
  CHECK(FlagsInWords(std::vector<std::string>{"--q-len"}) == "q_len");  // a value cut off: the key alone
}

}  // namespace tilewalk::flash
