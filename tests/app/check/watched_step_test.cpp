// check's step run grid step by grid step (so that Ctrl-C is answered between grid steps) gives exactly
// what flash::RunTrainingStep gives, errors included; and a Ctrl-C recorded before it stops it at once.
#include "app/check/watched_step.hpp"

#include <doctest/doctest.h>

#include <csignal>
#include <cstring>
#include <sstream>
#include <vector>

#include "kernels/flash/entry/kernel_entry.hpp"
#include "kernels/flash/scenario_options.hpp"
#include "kernels/flash/training_step.hpp"

namespace tilewalk::app {
namespace {

std::vector<float> Values(const tpu::Array& a) {
  if (a.empty()) return {};  // an output the step never made
  std::vector<float> v(static_cast<std::size_t>(a.size()));
  a.ReadFloats(0, a.size(), v.data());
  return v;
}

// NaN-aware: the bits must be the same.
bool SameBits(const tpu::Array& a, const tpu::Array& b) {
  const std::vector<float> x = Values(a), y = Values(b);
  return x.size() == y.size() &&
         (x.empty() || std::memcmp(x.data(), y.data(), x.size() * sizeof(float)) == 0);
}

flash::Scenario Parse(std::vector<std::string> flags) {
  return *flash::ParseScenario(flags);
}

}  // namespace

TEST_CASE("watched step: the same outputs, stats and errors as RunTrainingStep") {
  for (const flash::Scenario& s : {Parse({"--q-len", "256", "--kv-len", "256", "--causal", "--bias"}),
                                   Parse({"--scenario", "tour-kv-64"})}) {
    const flash::ScenarioInputs data = flash::MakeInputs(s);
    const flash::StepOptions options{
        .forward_only = s.forward_only,
        .launch = {.chip = s.ChipPreset(), .precision = s.precision, .record_events = true}};
    const flash::TrainingStepResult direct =
        flash::RunTrainingStep(data.inputs, data.d_o, s.Config(), options);
    const base::InterruptGuard interrupts;
    std::ostringstream quiet;
    ProgressLine progress(quiet, "check", false);
    const auto run = flash::KernelEntry().Prepare(flash::Erased(s), {.record_events = true});
    const auto watched = RunWatchedStep(*run, progress, interrupts);
    REQUIRE(watched);
    CHECK(watched->error.has_value() == direct.error.has_value());
    CHECK(watched->error_launch == direct.error_launch);
    REQUIRE(watched->launches.size() == direct.launches.size());
    for (std::size_t i = 0; i < direct.launches.size(); ++i) {
      CHECK(watched->launches[i].name == direct.launches[i].name);
      CHECK(watched->launches[i].result.stats.steps_run == direct.launches[i].result.stats.steps_run);
      CHECK(watched->launches[i].result.events.size() == direct.launches[i].result.events.size());
    }
    if (direct.error) {  // then neither collected an output
      CHECK(watched->outputs.named.empty());
      continue;
    }
    const auto& outputs = watched->outputs.As<flash::TrainingStepResult>();
    for (const auto& [a, b] : {std::pair{&outputs.o, &direct.o},
                               {&outputs.l, &direct.l},
                               {&outputs.dq, &direct.dq},
                               {&outputs.dk, &direct.dk},
                               {&outputs.dv, &direct.dv}})
      CHECK(SameBits(*a, *b));
    CHECK(outputs.ds.has_value() == direct.ds.has_value());
    if (direct.ds) CHECK(SameBits(*outputs.ds, *direct.ds));
  }
}

TEST_CASE("watched step: a Ctrl-C stops it before the next grid step") {
  const flash::Scenario s = Parse({"--q-len", "256", "--kv-len", "256"});
  const auto run = flash::KernelEntry().Prepare(flash::Erased(s), {});
  const base::InterruptGuard interrupts;
  std::raise(SIGINT);  // recorded by the guard, as a Ctrl-C would be
  REQUIRE(interrupts.Interrupted());
  std::ostringstream quiet;
  ProgressLine progress(quiet, "check", false);
  CHECK_FALSE(RunWatchedStep(*run, progress, interrupts));
}

}  // namespace tilewalk::app
