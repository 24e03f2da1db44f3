// Helpers for the flash tests: run a scenario's training step and compare it with the reference.
#pragma once

#include <doctest/doctest.h>

#include <utility>

#include "kernels/flash/reference_check.hpp"
#include "kernels/flash/scenario.hpp"
#include "kernels/flash/training_step.hpp"

namespace tilewalk::flash::testing {

struct CheckedRun {
  TrainingStepResult step;
  ReferenceComparison comparison;
};

// `broken`, when given, replaces statement values as the kernels run: a kernel broken on purpose.
inline CheckedRun RunAndCompare(const Scenario& s, bool record = false, tpu::StatementOverride broken = {}) {
  const ScenarioInputs data = MakeInputs(s);
  StepOptions options{.forward_only = s.forward_only,
                      .launch = {.chip = s.ChipPreset(),
                                 .precision = s.precision,
                                 .record_events = record,
                                 .pad = s.pad,
                                 .statement_override = std::move(broken)}};
  CheckedRun run{RunTrainingStep(data.inputs, data.d_o, s.Config(), options), {}};
  if (!run.step.error) run.comparison = CompareWithReference(s, data, run.step);
  return run;
}

inline void RequireAgreement(const Scenario& s) {
  const CheckedRun run = RunAndCompare(s);
  REQUIRE_MESSAGE(!run.step.error, (run.step.error ? run.step.error->Describe() : ""));
  for (const OutputError& e : run.comparison.outputs)
    CHECK_MESSAGE(e.pass, e.name << ": max_rel " << e.max_rel << " max_abs " << e.max_abs << " tolerance "
                                 << e.tolerance);
  CHECK(run.comparison.outputs.size() == (s.forward_only ? 1u : (s.HasBias() ? 7u : 6u)));
}

}  // namespace tilewalk::flash::testing
