// The memory guard's vocabulary, shared by every kernel: how a scenario is run as far as host memory goes
// (HostUse), the bytes a kernel estimates its run takes, part by part (HostMemory), and the cap the guard
// compares the total with (SetMaxHostBytes, MaxHostBytes). Each kernel estimates its own parts
// (kernels/flash/host_memory.hpp); the estimate is in double, so that extreme flags cannot wrap.
#pragma once

#include <cstdint>
#include <string>

namespace tilewalk::kernel {

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
  double inputs = 0;       // the arrays the scenario's inputs are made into
  double launches = 0;     // outputs, residuals, and what the launches broadcast to lanes
  double results = 0;      // the outputs a finished run hands back (check only)
  double reference = 0;    // the dense reference and its copies of the inputs (check only; it runs
                           // once the launches are gone, so Total() counts the larger of the two)
  double events = 0;       // events, step bookkeeping
  double checkpoints = 0;  // recording only
  double workers = 0;      // the parallel grid axes' machines and their look-ahead
  double fixed = 0;        // the launches' machine state and the pooled values of one step
  double Total() const;
};

// The cap `--max-memory` chose, for the rest of the process (or until called again); 0 goes back to the
// default: the tightest of the OS's limits now (base/memory_limits.hpp: half the machine's memory, ulimit
// -v and -d, the cgroup's limit). A kernel's guard reads it.
void SetMaxHostBytes(int64_t bytes);
struct HostCap {
  int64_t bytes = 0;
  std::string source;  // "--max-memory", or the OS limit that sets the default
};
HostCap MaxHostBytes();

}  // namespace tilewalk::kernel
