// The cost model: estimated time of every event and grid step on a chip preset. Every figure it gives is
// an estimate. A copy costs bytes / HBM bandwidth; a statement costs MXU flops / peak plus vector-register
// operations / VPU rate plus exp elements / EUP rate. Copies run on their own engine, so the prefetch for
// step i+1 overlaps the compute of step i; compute waits when a step's inputs have not arrived (a bubble).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "kernels/tpu/chip.hpp"
#include "kernels/tpu/op_context.hpp"

namespace tilewalk::tpu {

enum class Bound : uint8_t { Hbm, Compute };
std::string_view BoundName(Bound b);  // "HBM-bound", "compute-bound"

struct StepCost {
  double start_us = 0;    // when the step's compute could start (after waiting for its inputs)
  double end_us = 0;      // when its compute finished
  double compute_us = 0;  // busy time of the core in this step
  double dma_us = 0;      // copies and writebacks issued during this step
  double wait_us = 0;     // time the core waited for this step's inputs: the bubble before it
  bool ran = false;       // the step did arithmetic
};

struct CostSummary {
  double total_us = 0;    // first copy to last writeback
  double compute_us = 0;  // busy compute time
  double dma_us = 0;      // busy copy-engine time
  double bubble_us = 0;   // total_us − compute_us: time the core is idle
  Bound bound = Bound::Compute;
};

class CostModel {
 public:
  explicit CostModel(const Chip& chip) : m_chip(chip) {}
  double DmaUs(uint64_t bytes) const;
  double ComputeUs(const OpCounts& work) const;
  double VregUs(uint64_t vreg_ops) const;
  const Chip& chip() const { return m_chip; }

 private:
  Chip m_chip;
};

// The two engines of one TensorCore on the estimated time axis.
struct PipelineClock {
  double compute = 0;            // where the core's time is
  double dma = 0;                // where the copy engine's time is
  double inputs_ready = 0;       // when the current step's inputs have all landed
  double next_inputs_ready = 0;  // same for the step after
  double busy_compute = 0;
  double busy_dma = 0;

  double Copy(double duration_us);  // queue a copy no earlier than now; returns its start
  double WaitForInputs();           // returns the wait
  CostSummary Summary() const;
};

}  // namespace tilewalk::tpu
