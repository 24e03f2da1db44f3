// What the memory pane draws: per input operand its two VMEM slots with the HBM block each holds, which slot
// this step uses, which one a copy is landing in, and whether this step's copy was skipped because the block
// was already there; per output its slots and whether it was written back; the scratch. Beside each operand,
// its array in HBM as a strip (or grid) of blocks: the block this step's index map asks for, the blocks in
// VMEM, the outputs' blocks written back so far, and — when a causal index map redirects a skipped step to
// a block that is already loaded — the block a naive map would have asked for. Below, the bytes copied so
// far against the bytes the naive maps would have copied.
#pragma once

#include <array>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "app/views/heatmap_picture.hpp"

namespace tilewalk::views {

struct SlotPicture {
  bool holds_block = false;  // false: never filled
  std::string block{};       // "(0, 0, 2, 0)", the HBM block the slot holds
  bool active = false;       // the slot this grid step reads or writes
  bool filling = false;      // a copy issued in this grid step (up to the cursor) lands in it
  // Model-time playback: a copy lands in the slot (or, for an output, its writeback drains it) at the
  // playhead; the share of its bytes moved so far, in [0, 1). None: no copy is under way.
  std::optional<float> moving{};
  int moving_cell = -1;  // the cell of the operand's HBM picture the moving block comes from or goes to
};

namespace hbm_cell {
inline constexpr std::uint8_t kInVmem = 1;   // held in one of the operand's VMEM slots
inline constexpr std::uint8_t kWritten = 2;  // outputs: written back to HBM so far
}  // namespace hbm_cell

// One slice of an operand's HBM array, in blocks: the last two dimensions of its block grid, at the leading
// (batch, head) indices of the block this step asks for.
struct HbmArrayPicture {
  int rows = 1, cols = 1;             // cells, row-major
  std::vector<std::uint8_t> cells{};  // per cell: hbm_cell flags
  int wanted = -1;                    // the cell this step's index map asks for
  int naive = -1;                     // a redirect: the cell a naive map would ask for instead; else -1
  std::string slice{};                // "batch 0, head 1" when the array has more than one slice
  std::uint32_t first_block = 0;      // the linear block index of cell 0
};

struct OperandPicture {
  std::string name{};  // "k"
  std::array<SlotPicture, 2> slots{};
  bool reused = false;        // inputs: this step's copy was skipped, the block was already in its slot
  bool written_back = false;  // outputs: written back at the end of this step, so far
  HbmArrayPicture hbm{};
  std::string block_size{};  // what a slot holds: "(1, 1, 128, 64) float32, 32 KiB"; empty when unknown
};

// A scratch buffer: its name and shape, and its first tile as a heatmap (fresh scratch holds NaN, drawn as
// off-scale grey until the kernel writes it).
struct ScratchPicture {
  std::string text{};  // "acc_scratch  (1, 128, 128) float32"
  Heatmap tile{};
};

// What the event at the cursor touches, so that the pane can keep it in view: an operand's row (a copy, a
// writeback, a load from a slot) or the scratch.
enum class MemoryFocus : std::uint8_t { None, Input, Output, Scratch };

struct MemoryPicture {
  std::string launch{};     // "fwd"
  std::uint64_t event = 0;  // the cursor's event, so the pane scrolls once per move
  MemoryFocus focus = MemoryFocus::None;
  int focus_index = 0;  // the input or output row
  std::vector<OperandPicture> inputs{}, outputs{};
  std::vector<ScratchPicture> scratch{};
  std::string copy_in_flight{};  // "k block 3 into slot 1", or empty
  std::string under_way{};       // model-time playback: what moves or waits at the playhead, shown instead
  std::string redirect{};        // "k, v: redirected to (0,0,0,0); a naive map asks for (0,0,0,3)", or empty
  bool has_naive = false;        // the naive figures below are known
  std::uint64_t bytes_in = 0;    // HBM → VMEM bytes copied by the end of this step's copies
  std::uint64_t naive_bytes_in = 0;                              // the same, had the index maps been naive
  std::uint64_t launch_bytes_in = 0, launch_naive_bytes_in = 0;  // over the whole launch
};

// "1.5 MiB", "96 KiB", "512 B".
inline std::string ByteText(std::uint64_t bytes) {
  char text[32];
  if (bytes >= (1u << 20)) {
    std::snprintf(text, sizeof text, "%.1f MiB", static_cast<double>(bytes) / (1u << 20));
  } else if (bytes >= (1u << 10)) {
    std::snprintf(text, sizeof text, "%.0f KiB", static_cast<double>(bytes) / (1u << 10));
  } else {
    std::snprintf(text, sizeof text, "%llu B", static_cast<unsigned long long>(bytes));
  }
  return text;
}

}  // namespace tilewalk::views
