// The host memory a run of a scenario takes, estimated before anything is allocated, part by part: the
// inputs MakeInputs makes, the arrays each launch allocates (outputs, and l, m, di and segment ids
// broadcast to lanes), the outputs a finished step hands back, the dense reference `check` compares with,
// the recorded events and step bookkeeping, the checkpoints, and the workers of the parallel grid axes.
// Array sizes come from tpu::Array::BytesFor, the formula the arrays are allocated with, over the shapes
// the launches give them; event counts from the grid and the kernels' statements per step. The guard
// (CheckRunnable) refuses a scenario whose estimate is over the cap; the estimate is in double, so that
// extreme flags cannot wrap. tests/bench/host_memory_bench.cpp measures it against real peaks.
#pragma once

#include <cstdint>

#include "kernels/api/host_memory.hpp"

namespace tilewalk::flash {

struct Scenario;

// The guard's parts and cap are every kernel's (kernels/api/host_memory.hpp); the estimate is flash's.
using kernel::HostMemory;
using kernel::HostUse;

HostMemory EstimateHostMemory(const Scenario& s, const HostUse& use);

// The events a training step of the scenario records, from its grids: each step's begin, end and copy of
// every input, each output block's writeback, and the kernel's statements (a few per step, more per step
// that runs, and most per iteration of its inner loops). Exact for the kernels' usual flags; the unit test
// compares it with real recordings.
struct EventEstimate {
  double steps = 0, ran_steps = 0;  // over all launches; ran: on or below the diagonal (all, unless causal)
  double events = 0;
  double plan_bytes = 0;  // the pipeline plans' per-step schedule of every operand
  // A recording's checkpoints (walkthrough/recording.cpp) before its budget: one every `checkpoint_every`
  // steps that run, each holding the float32 scratch the steps rewrite and the output blocks written since
  // the checkpoint before (one per output block in all, two per checkpoint at most; the pages that did not
  // change are shared, and l and m shrink to nothing).
  double checkpoints = 0;
};
EventEstimate EstimateEvents(const Scenario& s, int checkpoint_every = 16);

using kernel::HostCap;
using kernel::MaxHostBytes;
using kernel::SetMaxHostBytes;

}  // namespace tilewalk::flash
