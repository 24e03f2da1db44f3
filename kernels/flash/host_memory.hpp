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
#include <string>

namespace tilewalk::flash {

struct Scenario;

// How a scenario is run, as far as memory goes.
struct HostUse {
  // A recording (walkthrough::Recording: events, step bookkeeping and checkpoints); otherwise `check`'s
  // one run, which keeps the events of each launch and then computes the dense reference.
  bool record = true;
  int threads = 0;                             // for the parallel grid axes; 0: tpu::DefaultThreadCount()
  double checkpoint_budget = double{1 << 27};  // walkthrough::RecordOptions::checkpoint_budget_bytes
  int checkpoint_every = 16;                   // walkthrough::RecordOptions::checkpoint_every
};

// Bytes by part; Total() is what the guard compares with the cap.
struct HostMemory {
  double inputs = 0;       // q, k, v, do, ab, segment ids
  double launches = 0;     // outputs, residuals, and what the launches broadcast to lanes
  double results = 0;      // the outputs a finished step hands back (check only)
  double reference = 0;    // the dense reference and its copies of the inputs (check only; it runs
                           // once the launches are gone, so Total() counts the larger of the two)
  double events = 0;       // events, step bookkeeping
  double checkpoints = 0;  // recording only
  double workers = 0;      // the parallel grid axes' machines and their look-ahead
  double fixed = 0;        // the launches' machine state and the pooled values of one step
  double Total() const;
};

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

// The cap `--max-memory` chose, for the rest of the process (or until called again); 0 goes back to the
// default: the tightest of the OS's limits now (base/memory_limits.hpp: half the machine's memory, ulimit
// -v and -d, the cgroup's limit). CheckRunnable reads it.
void SetMaxHostBytes(int64_t bytes);
struct HostCap {
  int64_t bytes = 0;
  std::string source;  // "--max-memory", or the OS limit that sets the default
};
HostCap MaxHostBytes();

}  // namespace tilewalk::flash
