// The memory pane: a row per operand with its two VMEM slots as boxes that name the HBM block they hold, and
// its HBM array as a strip of blocks. The slot this step uses is outlined in the current colour; a bar under
// it says what happened to it in this step (copied in, reused, written back). In HBM, the block this step's
// index map asks for is filled in the current colour, and a redirected map's naive block is outlined. Below,
// the redirect in words, the bytes copied so far against the naive maps', and the scratch buffers. The
// launch's name is for the pane's title, which the caller owns.
#pragma once

#include "app/views/memory_picture.hpp"

namespace tilewalk::views {

void DrawMemoryView(const MemoryPicture& picture);

}  // namespace tilewalk::views
