// The comparison of kernels as an ImGui view: the marks of the comparison's layout (compare_layout.hpp)
// painted into the current window, scaled to fit the room left in it, so that the window and the exported
// SVG show the same figure.
#pragma once

#include "app/views/compare_picture.hpp"

namespace tilewalk::views {

void DrawCompareView(const ComparePicture& picture);

}  // namespace tilewalk::views
