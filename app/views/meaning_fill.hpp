// Boxes whose colour means something — a copy that moved bytes, one that was skipped, a writeback, an
// error, the block the cursor asks for — filled in the active theme's colour for that meaning and, in a
// theme with patterns (print, which is greys only), overlaid with a pattern of the meaning's own in the
// ground's colour, so that the marks still differ on a black-and-white page. Every view that draws such a
// mark, and its key, fills it here.
#pragma once

#include <imgui.h>

#include "app/views/meaning.hpp"

namespace tilewalk::views {

// Fills [a, b] in the meaning's colour, with its pattern when the theme asks for patterns.
void FillMeaning(ImDrawList* draw, ImVec2 a, ImVec2 b, Meaning meaning, float rounding = 0.0f);

}  // namespace tilewalk::views
