// A training step run grid step by grid step, so that `check` can show how far it is and stop between
// grid steps when the user presses Ctrl-C, rather than only once the whole step (which can take minutes
// on large shapes) is done. It drives flash::TrainingStep through its step-at-a-time interface exactly as
// TrainingStep::RunToEnd does; a test checks that both give the same result.
#pragma once

#include <optional>

#include "app/progress_line.hpp"
#include "base/interrupt_guard.hpp"
#include "kernels/flash/training_step.hpp"

namespace tilewalk::app {

// The step's result, or nullopt when `interrupts` saw a Ctrl-C or SIGTERM (then nothing more ran).
std::optional<flash::TrainingStepResult> RunWatchedStep(
    const flash::AttentionInputs& inputs, const tpu::Array& d_o, const flash::AttentionConfig& config,
    const flash::StepOptions& options, ProgressLine& progress, const base::InterruptGuard& interrupts);

}  // namespace tilewalk::app
