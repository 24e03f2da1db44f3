// Puts a launch's events on the estimated time axis, one at a time in grid order: the clock rules of the
// pipeline as a function of each event and its duration. A copy queues on the DMA engine, a statement or
// a load occupies the core, a step first waits for its own inputs to land (not for the copy-back of the
// step before, which overlaps it), then pays the fixed grid-step overhead, and the prefetch issued during
// a step gates the next one. The serial runner stamps each event as it emits it; the parallel runner
// stamps the workers' events as it merges them, so both give the same times to the last bit.
#pragma once

#include "kernels/tpu/cost_model.hpp"
#include "kernels/tpu/events.hpp"

namespace tilewalk::tpu {

// Sets event.t_start_us and t_end_us and advances the clock; `step` is the cost of the event's grid step.
// duration_us: of the copy (CopyIn issued, Writeback, SmemCopy) or of the core's work (Vector, MatMul, Load,
// Store); ignored for the other kinds, which take no time.
void StampEvent(Event& event, double duration_us, PipelineClock& clock, StepCost& step);

}  // namespace tilewalk::tpu
