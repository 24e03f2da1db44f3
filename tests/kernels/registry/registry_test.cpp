// The registry and the kernel interface over flash, its default kernel (splash, the second, has its own
// tests in tests/kernels/splash_entry/): flash is found by name and is the default, its schema is flash's
// field table, a scenario parsed through the interface is flash's own, and a run prepared through it is
// flash's training step, bit for bit.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "kernels/api/scenario_args.hpp"
#include "kernels/flash/scenario_fields.hpp"
#include "kernels/flash/scenario_options.hpp"
#include "kernels/flash/scenario_presets.hpp"
#include "kernels/flash/training_step.hpp"
#include "kernels/registry/registry.hpp"

using namespace tilewalk;

TEST_CASE("the registry lists flash, first and by name") {
  REQUIRE(kernel::Kernels().size() == 2);
  CHECK(&kernel::DefaultKernel() == kernel::Kernels().front());
  CHECK(kernel::FindKernel("flash") == &kernel::DefaultKernel());
  CHECK(kernel::FindKernel("nope") == nullptr);
  CHECK(kernel::KernelNames() == "flash, splash");
  CHECK(kernel::FindKernel("splash") == kernel::Kernels()[1]);
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

namespace {

std::vector<float> RegistryTestValues(const tilewalk::tpu::Array& a) {
  std::vector<float> v(static_cast<std::size_t>(a.size()));
  if (!a.empty()) a.ReadFloats(0, a.size(), v.data());
  return v;
}

// NaN-aware: the same bits.
bool RegistryTestSameBits(const tilewalk::tpu::Array& a, const tilewalk::tpu::Array& b) {
  const std::vector<float> x = RegistryTestValues(a), y = RegistryTestValues(b);
  return x.size() == y.size() &&
         (x.empty() || std::memcmp(x.data(), y.data(), x.size() * sizeof(float)) == 0);
}

}  // namespace

TEST_CASE("flash's run through the interface is RunTrainingStep, bit for bit, on every preset") {
  for (const std::string& preset : flash::ScenarioPresetNames()) {
    CAPTURE(preset);
    flash::Scenario s = *flash::ParseScenario(std::vector<std::string>{"--scenario", preset});
    s.q_len = std::min(s.q_len, 512);  // as the recording digests cap them
    s.kv_len = std::min(s.kv_len, 512);
    if (!flash::CheckRunnable(s, {.record = false})) continue;
    const flash::ScenarioInputs data = flash::MakeInputs(s);
    const flash::TrainingStepResult direct = flash::RunTrainingStep(
        data.inputs, data.d_o, s.Config(),
        {.forward_only = s.forward_only,
         .launch = {.chip = s.ChipPreset(), .precision = s.precision, .record_events = true, .pad = s.pad}});
    const auto run = kernel::DefaultKernel().Prepare(flash::Erased(s), {.record_events = true});
    const kernel::RunResult result = run->RunToEnd(kernel::KernelRun::Hand::Moved);
    CHECK(result.error.has_value() == direct.error.has_value());
    CHECK(result.error_launch == direct.error_launch);
    REQUIRE(result.launches.size() == direct.launches.size());
    for (std::size_t i = 0; i < direct.launches.size(); ++i) {
      CHECK(result.launches[i].name == direct.launches[i].name);
      CHECK(kernel::DefaultKernel().info().FindLaunch(result.launches[i].name) != nullptr);
      CHECK(result.launches[i].result.stats.steps_run == direct.launches[i].result.stats.steps_run);
      CHECK(result.launches[i].result.stats.ops.matmuls == direct.launches[i].result.stats.ops.matmuls);
      CHECK(result.launches[i].result.events.size() == direct.launches[i].result.events.size());
    }
    if (direct.error) continue;
    const std::vector<std::pair<std::string, const tpu::Array*>> expected = {
        {"o", &direct.o},   {"l", &direct.l},   {"m", &direct.m},
        {"dq", &direct.dq}, {"dk", &direct.dk}, {"dv", &direct.dv}};
    for (const auto& [name, array] : expected) {
      CAPTURE(name);
      if (array->empty()) {
        CHECK(result.outputs.Find(name) == nullptr);
        continue;
      }
      REQUIRE(result.outputs.Find(name) != nullptr);
      CHECK(RegistryTestSameBits(*result.outputs.Find(name), *array));
    }
    CHECK((result.outputs.Find("ds") != nullptr) == direct.ds.has_value());
    const kernel::ReferenceComparison by_run = run->CompareWithReference(result.outputs);
    const kernel::ReferenceComparison by_kernel =
        kernel::DefaultKernel().CompareWithReference(flash::Erased(s), result.outputs);
    CHECK(by_run.pass == by_kernel.pass);
    CHECK(by_run.outputs.size() == by_kernel.outputs.size());
  }
}
