// The lanes pane: m and l as block_q × 128 heatmaps side by side (every lane of a row alike, which the
// pane states), m tiled sideways to the score block's width ("tile ×2"), and alpha per row once it has been
// computed in this minor block. Draws textures the app uploaded; no per-cell widgets.
#pragma once

#include "app/views/lanes_picture.hpp"

namespace tilewalk::views {

void DrawLanesView(const LanesPicture& picture);

}  // namespace tilewalk::views
