// The cost model: estimated time of every event and grid step on a chip preset. Every figure it gives is
// an estimate. A copy costs bytes / HBM bandwidth; a statement costs MXU flops / peak plus vector-register
// operations / VPU rate plus exp elements / EUP rate, where the MXU flops count the padding a tile shape
// leaves unused (see kMxuRowGranule). Each grid step also costs a fixed overhead on the core
// (kGridStepOverheadUs). Copies run on their own engine, so the prefetch for step i+1 and the copy-back of
// step i−1 overlap the compute of step i; compute waits only when its own inputs have not arrived (a
// bubble). A megacore chip (v4, v5p) has two TensorCores, each with its own compute timeline and copy
// engine at half the chip's peak and HBM bandwidth; each runs its share of the grid (grid_slices.hpp) on
// a clock of its own from the launch's start, and the launch ends when the later core does.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "kernels/tpu/chip.hpp"
#include "kernels/tpu/op_context.hpp"

namespace tilewalk::tpu {

// The fixed cost of one grid step on the core, whatever it computes: the pipeline's bookkeeping between
// bodies (waiting on and issuing the DMA semaphores, evaluating the index maps, the loop itself). 0.35 µs
// is an assumption: a figure often repeated for Pallas TPU kernels, with no public measurement behind it
// that we could find (docs/tpu-model.md). It is why fewer, larger grid steps can be faster even when they
// skip less work.
inline constexpr double kGridStepOverheadUs = 0.35;

// MXU utilisation by tile shape. An MXU is a mxu_dim × mxu_dim systolic array: one operand's (k, n) tile
// is held in it while the other's rows stream through, eight sublanes at a time. A matmul of (m, k) by
// (k, n) therefore occupies the MXU as if k and n were rounded up to whole multiples of mxu_dim and m to
// a whole multiple of kMxuRowGranule; the rounding is idle MXU time. This is the reasoning behind the
// Pallas TPU guides' advice that block dimensions be multiples of 128 (of 256 on v6e, whose MXUs are
// 256 × 256: jax/_src/tpu_info.py, mxu_column_size). Finer effects (fill and drain of the array, the
// accumulators) are not modelled.
inline constexpr int kMxuRowGranule = 8;

// The MXU flops a (m, k) × (k, n) matmul occupies: 2 · m' · k' · n' with the rounding above. Equal to
// 2 · m · k · n when every dimension is a whole number of tiles.
uint64_t MxuOccupiedFlops(int m, int k, int n, int mxu_dim);

// The share of those flops that is useful work, 2 · m · k · n / MxuOccupiedFlops, in (0, 1].
double MxuUtilisation(int m, int k, int n, int mxu_dim);

enum class Bound : uint8_t { Hbm, Compute };
std::string_view BoundName(Bound b);  // "HBM-bound", "compute-bound"

struct StepCost {
  double start_us = 0;     // when the step's compute could start (after waiting for its inputs)
  double end_us = 0;       // when its compute finished
  double compute_us = 0;   // busy time of the core in this step, its fixed overhead included
  double overhead_us = 0;  // of which the grid step's fixed overhead
  double dma_us = 0;       // copies and writebacks issued during this step
  double wait_us = 0;      // time the core waited for this step's inputs: the bubble before it
  bool ran = false;        // the step did arithmetic
  uint8_t core = 0;        // the TensorCore that ran it
};

struct CostSummary {
  double total_us = 0;     // first copy to last writeback, on whichever core finishes later
  double compute_us = 0;   // busy compute time, the grid steps' fixed overheads included, summed over cores
  double overhead_us = 0;  // of which the grid steps' fixed overheads
  double dma_us = 0;       // busy copy-engine time, summed over cores
  double bubble_us = 0;    // cores × total_us − compute_us: time the cores are idle
  Bound bound = Bound::Compute;
  int cores = 1;                        // TensorCores that ran grid steps
  std::array<double, 2> core_end_us{};  // when each core finished its last copy or step
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
  double busy_overhead = 0;
  double busy_dma = 0;

  double Copy(double duration_us);  // queue a copy no earlier than now; returns its start
  double WaitForInputs();           // returns the wait
  double End() const;               // when the last copy or step on this core finished
};

// One clock per TensorCore; `cores` of them ran steps.
using CoreClocks = std::array<PipelineClock, 2>;
CostSummary Summarize(const CoreClocks& clocks, int cores);

}  // namespace tilewalk::tpu
