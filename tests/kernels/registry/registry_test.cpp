// The registry and the kernel-neutral scenario over flash, its one kernel: flash is found by name and is the
// default, its schema is flash's field table, and a scenario parsed through the interface is flash's own.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "kernels/api/scenario_args.hpp"
#include "kernels/flash/scenario_fields.hpp"
#include "kernels/flash/scenario_options.hpp"
#include "kernels/registry/registry.hpp"

using namespace tilewalk;

TEST_CASE("the registry lists flash, first and by name") {
  REQUIRE(kernel::Kernels().size() == 1);
  CHECK(&kernel::DefaultKernel() == kernel::Kernels().front());
  CHECK(kernel::FindKernel("flash") == &kernel::DefaultKernel());
  CHECK(kernel::FindKernel("nope") == nullptr);
  CHECK(kernel::KernelNames() == "flash");
  const kernel::KernelInfo& info = kernel::DefaultKernel().info();
  CHECK(info.name == "flash");
  CHECK(info.scenario.fields.data() == flash::ScenarioFields().data());
  CHECK(info.scenario.Find("q_len") == flash::FindScenarioField("q_len"));
  CHECK(info.scenario.GroupName(*info.scenario.Find("block_q_dq")) == "blocks of the dQ launch");
}

TEST_CASE("a scenario through the interface is flash's: defaults, flags, presets and their messages") {
  const kernel::Kernel& k = kernel::DefaultKernel();
  CHECK(kernel::Scenario(k).Canonical() == flash::CanonicalScenario(flash::Scenario{}));
  const std::vector<std::string> words = {"--block-k", "128", "--scenario", "block-k-64", "--causal"};
  const auto parsed = kernel::ParseScenario(k, words);
  REQUIRE(parsed.ok());
  const auto& typed = parsed->As<flash::Scenario>();
  CHECK(typed.block_sizes.block_k == 128);
  CHECK(typed.q_len == 256);
  CHECK(typed.causal);
  CHECK(parsed->ToFlags() == flash::ScenarioToFlags(typed));
  const auto refused = kernel::ParseScenario(k, std::vector<std::string>{"--q-len", "0"});
  REQUIRE(!refused.ok());
  CHECK(refused.error().message == "--q-len got '0': expected a whole number from 1 to 1048576");
}

TEST_CASE("a variant starts from its scenario and leaves it as it was") {
  const kernel::Scenario base = flash::Erased(flash::Scenario{.q_len = 384, .causal = true});
  const auto variant = kernel::ParseScenario(std::vector<std::string>{"--q-len", "128"}, base);
  REQUIRE(variant.ok());
  CHECK(variant->As<flash::Scenario>().q_len == 128);
  CHECK(variant->As<flash::Scenario>().causal);
  CHECK(base.As<flash::Scenario>().q_len == 384);
  const std::string words = kernel::FlagsInWords(base.schema(), base.ToFlags());
  CHECK(words.find(", q_len = 384, ") != std::string::npos);
  CHECK(words.find(", causal, ") != std::string::npos);
}
