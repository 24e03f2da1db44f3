// Compares a training step on the TPU model with the dense reference: per output (o, l, m, dq, dk, dv, ds)
// the largest absolute error, judged against a tolerance that grows with the dtype and matmul precision,
// the length of the sums and sm_scale times the size of the logits (ErrorBudget). A NaN or an infinity
// agrees only with the same non-finite value at the same place in the reference.
//
// Two truths are told apart from failures:
// - A fully masked row (every logit the mask value) has no softmax; the tiled kernels define it by the
//   blocks they run, and the reference is told those blocks (TiledBlocks), so such rows are compared with
//   what the kernels define. They are counted.
// - An output much smaller than the terms it sums (cancellation: dq when each token sees only itself, or
//   when a large sm_scale makes every row one-hot) is ill-conditioned: rounding alone moves it by more than
//   the tolerance of its own size. Its error is then judged against its terms, and reported as such.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/api/reference_check.hpp"
#include "kernels/flash/reference.hpp"
#include "kernels/flash/scenario.hpp"
#include "kernels/flash/training_step.hpp"

namespace tilewalk::flash {

// The budget, the verdicts and Judge are every kernel's (kernels/api/reference_check.hpp); the reference,
// its blocks and the comparison of the step's outputs are flash's.
using kernel::ErrorBudget;
using kernel::Judge;
using kernel::OutputError;
using kernel::ReferenceComparison;
using kernel::Tolerance;
using kernel::Verdict;
using kernel::VerdictName;

// The blocks each launch of the scenario runs, for the reference's fully masked rows.
TiledBlocks ScenarioBlocks(const Scenario& scenario);

ReferenceComparison CompareWithReference(const Scenario& scenario, const ScenarioInputs& inputs,
                                         const TrainingStepResult& step);

}  // namespace tilewalk::flash
