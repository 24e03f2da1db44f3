// The memory pane: a row per operand with its two VMEM slots as boxes that name the HBM block they hold, and
// its HBM array as a strip of blocks. The slot this step uses is outlined in the current colour; a bar under
// it says what happened to it in this step (copied in, reused, written back). In HBM, the block this step's
// index map asks for is filled in the current colour, and a redirected map's naive block is outlined. Below,
// the redirect in words, the bytes copied so far against the naive maps', and the scratch buffers as
// heatmaps. The launch's name is for the pane's title, which the caller owns.
#pragma once

#include <cstdint>
#include <optional>

#include "app/views/memory_picture.hpp"

namespace tilewalk::views {

// Where the pane last scrolled for: it brings what the cursor's event touches into view over the few frames
// after a move (the pane's rows settle as its scrollbar comes and goes), and otherwise leaves the scrolling
// to the user.
struct MemoryViewState {
  std::optional<std::uint64_t> scrolled_for{};
  int settling_frames = 0;  // frames left in which the focus is brought back into view if it is not
  float arrival = 1.0f;     // a step onto a copy: how far its block has travelled to its slot, eased
};

// With `state`, keeps the focus of each new event in view; without, never scrolls.
void DrawMemoryView(const MemoryPicture& picture, MemoryViewState* state = nullptr);

}  // namespace tilewalk::views
