// Checkpoints of a launch's machine state at grid-step boundaries, stored as deltas: each buffer is cut
// into 4 KiB pages; a page equal to the same page of the previous checkpoint is shared, not copied, and a
// new page is run-length encoded over 32-bit words when that is smaller (m and l hold 128 identical
// lanes, so they shrink to a few hundred bytes). Input slots are not stored: the pipeline plan says which
// block each slot holds, and the HBM inputs never change.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "kernels/tpu/launch.hpp"

namespace tilewalk::walkthrough {

class Checkpoint {
 public:
  // Captures scratch, output slots, the clock and the counters; shares pages with `previous`.
  static Checkpoint Capture(const tpu::MachineState& state, const Checkpoint* previous);
  // Writes the captured buffers back into a state whose buffers have the same shapes.
  void Restore(tpu::MachineState& state) const;

  int64_t step() const { return m_step; }
  uint64_t events_emitted() const { return m_events_emitted; }
  // Bytes this checkpoint added: its pages that are not shared with the previous one.
  std::size_t own_bytes() const { return m_own_bytes; }

 private:
  struct Page {
    std::vector<uint32_t> words;  // raw, or (value, count) pairs when run-length encoded
    bool rle = false;
    std::size_t bytes = 0;  // decoded size
  };
  using Buffer = std::vector<std::shared_ptr<const Page>>;

  static Buffer Encode(const tpu::Array& array, const Buffer* previous, std::size_t& own_bytes);
  static void Decode(const Buffer& buffer, tpu::Array& array);

  int64_t m_step = 0;
  uint64_t m_events_emitted = 0;
  tpu::CoreClocks m_clocks;
  std::vector<Buffer> m_buffers;  // scratch, then output slot 0 and 1 of each output
  std::size_t m_own_bytes = 0;
};

}  // namespace tilewalk::walkthrough
