// What the cost pane draws: the estimated time of one launch on the TensorCores of the scenario's chip, as
// two lanes on a time axis for each core that runs grid steps (two on a megacore chip, v4 and v5p) — the
// core's compute, a bar per grid step, and its copy engine, a bar per copy or writeback — so that the
// prefetch of the next step visibly runs under the compute of this one; the bubbles where the core waited for
// its inputs; the totals and whether the launch is bound by HBM or by compute; and the grid step at the
// cursor, highlighted. Every figure is an estimate and says so.
#pragma once

#include <string>
#include <vector>

namespace tilewalk::views {

struct CostStep {
  double start_us = 0, end_us = 0;  // the core's compute for this grid step
  double wait_us = 0;               // the bubble before it: the core idle, waiting for the step's inputs
  bool ran = true;                  // false: the step did no arithmetic (a causal skip)
  int core = 0;                     // the TensorCore that ran it
};

struct CostCopy {
  double start_us = 0, end_us = 0;
  int step = 0;            // the grid step that issued it (a prefetch for the next step, or a writeback)
  bool writeback = false;  // VMEM → HBM; otherwise HBM → VMEM
  int core = 0;            // whose copy engine moved it
};

struct CostPicture {
  std::string launch{};               // "fwd"
  std::string chip_name{};            // "v5e"
  std::string chip{};                 // "TPU v5e, its one TensorCore (chip: 820 GB/s HBM, 197 bf16 TFLOP/s)"
  std::string vmem{};                 // "VMEM limit 16 MiB of 128 MiB: the compiler's default (source)"
  int cores = 1;                      // TensorCores that ran grid steps: a pair of lanes each
  std::vector<CostStep> steps{};      // per executed grid step, in order
  std::vector<CostCopy> copies{};     // issued copies and writebacks, in order
  double total_us = 0;                // first copy to last writeback
  double compute_us = 0, dma_us = 0;  // busy time of each engine
  double overhead_us = 0;             // of the compute, the grid steps' fixed overhead
  double bubble_us = 0;               // cores × total − compute: the cores idle
  bool hbm_bound = false;             // the copy engine is busier than the core
  int current_step = -1;              // the grid step at the cursor
  double cursor_us = 0;               // the cursor's estimated time in this launch
  std::string empty_message{};        // why there is nothing to draw
};

}  // namespace tilewalk::views
