// The stores a launch's runner has adopted from worker threads (parallel_steps.hpp) but not yet written
// into its own buffers. Nothing reads the runner's scratch or output slots while it adopts, except a
// writeback and whoever inspects its state, so a store can wait until then; and a store that assigns a
// region covering an earlier pending store's region into the same buffer makes that earlier store moot,
// so it is dropped unwritten. Attention kernels assign every accumulator afresh at the start of a slice,
// which leaves the runner writing little more than the stores that reach a writeback or a checkpoint.
// Applying a buffer's stores in the order they came gives the bytes a serial run leaves there.
#pragma once

#include <cstddef>
#include <vector>

#include "kernels/tpu/array.hpp"
#include "kernels/tpu/step_record.hpp"

namespace tilewalk::tpu {

class PendingStores {
 public:
  // Keeps `store` into `buffer` for later; an Assign drops the pending stores into `buffer` it covers.
  // Applies everything first when the values held would pass the budget, so memory stays bounded.
  void Add(Array& buffer, LoggedStore store);
  void Apply(Array& buffer);  // writes `buffer`'s pending stores, in order, and forgets them
  void ApplyAll();
  bool empty() const { return m_count == 0; }
  std::size_t count() const { return m_count; }  // stores held
  std::size_t bytes() const { return m_bytes; }  // of the values held

  // Beyond this the values held are written out at once: a few slices' accumulator updates fit.
  static constexpr std::size_t kBudgetBytes = 4u << 20;

 private:
  struct BufferStores {
    Array* buffer = nullptr;
    std::vector<LoggedStore> stores;
  };
  void Write(BufferStores& b);

  std::vector<BufferStores> m_buffers;  // a launch has a handful of output slots and scratch buffers
  std::size_t m_bytes = 0;
  std::size_t m_count = 0;
};

}  // namespace tilewalk::tpu
