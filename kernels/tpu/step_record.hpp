// What one grid step did when a worker thread ran it on its own copy of the machine, kept for the launch's
// runner to adopt in grid order: the step's events with their durations (put on the time axis only when
// adopted, by the same clock rules as a serial run), the stores into scratch and output slots (replayed
// onto the runner's buffers before anything reads them, pending_stores.hpp, so its state is the serial one
// at every step boundary it is asked for), and the work counted.
// Copies in and writebacks need no payload: the runner redoes the writeback from its own output slot.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "kernels/tpu/events.hpp"
#include "kernels/tpu/kernel.hpp"
#include "kernels/tpu/kernel_error.hpp"
#include "kernels/tpu/value.hpp"

namespace tilewalk::tpu {

struct LoggedStore {
  RefRegion region;
  Ref::StoreMode mode = Ref::StoreMode::Assign;
  Value value;  // shares the stored value's storage
};

struct StepRecord {
  std::vector<Event> events;         // t_start_us / t_end_us not yet set
  std::vector<double> durations;     // per event, as LaunchRunner::Emit takes them
  std::vector<LoggedStore> stores;   // one per Store event, in order
  OpCounts ops;                      // the step's additions to LaunchStats::ops
  std::optional<KernelError> error;  // the step raised it; its events end with the Error event
  // The step read scratch or an output slot that its slice had not written (or wrote an input slot), so its
  // values depend on the slices before it: the runner must run it, and what follows, itself.
  bool depends_on_earlier_slices = false;

  std::size_t Bytes() const;  // memory held, for the workers' look-ahead budget
};

}  // namespace tilewalk::tpu
