// The slices of a grid along its leading "parallel" axes, and what they are used for: host threads run
// slices apart (parallel_steps.hpp), and on megacore chips the two TensorCores share them out.
//
// Megacore: on v4 and v5p one JAX device spans two TensorCores with their own VMEM, registers and compute
// units but one shared HBM ("TPUs in Megacore configuration" in the Pallas TPU pipelining guide), and
// pallas_call spreads the grid axes that dimension_semantics marks "parallel" over the two cores. How the
// compiler divides them is not documented (it happens inside Mosaic), so tilewalk assumes the simplest
// rule that honours the semantics:
//   take the leading run of "parallel" axes, list their index combinations (the slices) in grid order,
//   P of them; give the first ceil(P/2) to core 0 and the rest to core 1.
// Each core thus runs a contiguous run of grid steps as a pipeline of its own, with its own prologue
// copies and a final copy-back. An "arbitrary" axis is never split, so the running state a kernel carries
// along it stays on one core. Chips with one TensorCore (v5e, v6e), and grids with fewer than two slices,
// run everything on core 0.
#pragma once

#include <cstdint>

#include "kernels/tpu/launch_spec.hpp"

namespace tilewalk::tpu {

struct GridSlices {
  int64_t count = 1;
  int64_t steps = 0;                             // per slice
  static GridSlices Of(const LaunchSpec& spec);  // along the leading parallel axes
};

struct CoreSplit {
  int cores = 1;                  // TensorCores that run grid steps: 1 or 2
  int64_t core1_first_step = -1;  // the first step core 1 runs; -1 when core 0 runs all of them

  static CoreSplit Of(const LaunchSpec& spec, int tensor_cores);

  int CoreOf(int64_t step) const { return core1_first_step >= 0 && step >= core1_first_step ? 1 : 0; }
  // A core's first step: it starts a pipeline of its own (prologue copies, fresh slots).
  bool StartsCore(int64_t step) const { return step == 0 || step == core1_first_step; }
};

}  // namespace tilewalk::tpu
