// What the memory pane draws (first version): per input operand its two VMEM slots with the HBM block each
// holds, which slot this step uses, which one a copy is landing in, and whether this step's copy was skipped
// because the block was already there; per output its slots and whether it was written back; the scratch.
#pragma once

#include <array>
#include <string>
#include <vector>

namespace tilewalk::views {

struct SlotPicture {
  bool holds_block = false;  // false: never filled
  std::string block{};       // "(0, 0, 2, 0)", the HBM block the slot holds
  bool active = false;       // the slot this grid step reads or writes
  bool filling = false;      // a copy issued in this grid step (up to the cursor) lands in it
};

struct OperandPicture {
  std::string name{};  // "k"
  std::array<SlotPicture, 2> slots{};
  bool reused = false;        // inputs: this step's copy was skipped, the block was already in its slot
  bool written_back = false;  // outputs: written back at the end of this step, so far
};

struct MemoryPicture {
  std::string launch{};  // "fwd"
  std::vector<OperandPicture> inputs{}, outputs{};
  std::vector<std::string> scratch{};  // "m_scratch  (128, 128) float32"
  std::string copy_in_flight{};        // "k block 3 into slot 1", or empty
};

}  // namespace tilewalk::views
