// The memory pane (first version): a row per operand with its two VMEM slots as boxes that name the HBM
// block they hold. The slot this step uses is outlined in the current colour, a slot a copy is landing in is
// underlined, a skipped copy says "reused", a written-back output says "to HBM"; scratch buffers are listed.
// The launch's name is for the pane's title, which the caller owns.
#pragma once

#include "app/views/memory_picture.hpp"

namespace tilewalk::views {

void DrawMemoryView(const MemoryPicture& picture);

}  // namespace tilewalk::views
