#include "kernels/tpu/pipeline_timer.hpp"

#include <algorithm>

namespace tilewalk::tpu {

namespace {
void SetTimes(Event& e, double start_us, double duration_us) {
  e.t_start_us = static_cast<float>(start_us);
  e.t_end_us = static_cast<float>(start_us + duration_us);
}
}  // namespace

void StampEvent(Event& e, double duration_us, PipelineClock& clock, StepCost& step) {
  switch (e.kind) {
    case EventKind::CopyIn:
      if (!(e.flags & event_flags::kIssued)) break;
      SetTimes(e, clock.Copy(duration_us), duration_us);
      step.dma_us += duration_us;
      // The prologue's copies gate step 0; the prefetch issued during a step gates the next one.
      if (e.flags & event_flags::kPrologue)
        clock.inputs_ready = std::max(clock.inputs_ready, clock.dma);
      else
        clock.next_inputs_ready = std::max(clock.next_inputs_ready, clock.dma);
      return;
    case EventKind::SmemCopy:  // before the core's first step, like the prologue's copies
      SetTimes(e, clock.Copy(duration_us), duration_us);
      step.dma_us += duration_us;
      clock.inputs_ready = std::max(clock.inputs_ready, clock.dma);
      return;
    case EventKind::Writeback:
      SetTimes(e, clock.Copy(duration_us), duration_us);
      step.dma_us += duration_us;
      return;
    case EventKind::StepBegin:
      // A step waits for its own inputs only: the copy-back of the step before (queued on the DMA engine
      // behind them) overlaps this step's compute.
      step.core = static_cast<uint8_t>(e.core());
      step.wait_us = clock.WaitForInputs();
      step.start_us = clock.compute;
      SetTimes(e, clock.compute, kGridStepOverheadUs);
      clock.compute += kGridStepOverheadUs;
      clock.busy_compute += kGridStepOverheadUs;
      clock.busy_overhead += kGridStepOverheadUs;
      step.compute_us += kGridStepOverheadUs;
      step.overhead_us += kGridStepOverheadUs;
      clock.next_inputs_ready = clock.compute;
      return;
    case EventKind::Vector:
    case EventKind::MatMul:
    case EventKind::Load:
    case EventKind::Store: {
      const double start = clock.compute;
      clock.compute += duration_us;
      clock.busy_compute += duration_us;
      step.compute_us += duration_us;
      SetTimes(e, start, duration_us);
      return;
    }
    case EventKind::StepEnd:
      step.ran = (e.flags & event_flags::kRan) != 0;
      step.end_us = clock.compute;
      SetTimes(e, clock.compute, 0);
      clock.inputs_ready = clock.next_inputs_ready;
      return;
    case EventKind::When:
    case EventKind::LoopIteration:
    case EventKind::Scalar:  // the scalar unit's work is free in the cost model
    case EventKind::Error:
    case EventKind::kCount:
      break;
  }
  SetTimes(e, clock.compute, 0);
}

}  // namespace tilewalk::tpu
