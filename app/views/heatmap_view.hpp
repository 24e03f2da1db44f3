// Drawing one heatmap: its texture (or, with none, a framed placeholder), an optional sideways repeat, and
// a colour scale bar with the min and max at its ends. Shared by the lanes and scores panes.
#pragma once

#include <imgui.h>

#include <array>
#include <string>

#include "app/views/heatmap_picture.hpp"

namespace tilewalk::views {

// Draws `heatmap` into a box of `size`, repeated `repeats` times side by side (each copy size.x/repeats
// wide, with a bright seam between copies). Advances the cursor by the box.
void DrawHeatmapImage(const Heatmap& heatmap, ImVec2 size, int repeats = 1);

// A horizontal bar of the colour ramp, `width` wide, labelled with the heatmap's min and max.
void DrawColourScale(const Heatmap& heatmap, float width);
// The lines DrawColourScale takes in a column `width` wide: one, or two when its labels leave no room beside
// the bar.
int ColourScaleLines(const Heatmap& heatmap, float width);

// A swatch and a name for each off-scale look (NaN, -inf, +inf, the mask value) that `counts` holds (indexed
// by OffScale), flowing along lines; nothing when it holds none. Sum Heatmap::off_scale over the heatmaps
// the key is for.
void DrawOffScaleKey(const std::array<int, kOffScaleKinds>& counts);
void AddOffScale(std::array<int, kOffScaleKinds>& into, const Heatmap& heatmap);

// The pane's reason for having no heatmap to show, wrapped and dimmed. Returns false (drawing nothing) when
// `message` is empty, so a view draws its heatmaps only then.
bool DrawEmptyMessage(const std::string& message);

// The size of a rows × cols tile drawn as large as fits in `avail`, square elements, at most `max_scale`
// pixels per element.
ImVec2 FitTile(int rows, int cols, ImVec2 avail, float max_scale = 6.0f);

}  // namespace tilewalk::views
