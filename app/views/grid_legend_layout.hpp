// The grid layout's legend (app/views/grid_layout.cpp): state swatches, the execution-order sample, the
// innermost arrow's name and the band note, wrapped in rows above the slices or in columns beside them.
#pragma once

#include <string>

#include "app/views/grid_layout.hpp"

namespace tilewalk::views::grid_legend {

// The width of the longest line of `text`.
float TextWidth(const std::string& text, const TextMetrics& m);
// The legend above the slices, wrapped to the pane's width; returns its height.
float BuildLegendAbove(GridLayout& layout, const GridPicture& picture, const GridLayoutOptions& options,
                       const TextMetrics& m, float width);
// The legend beside the slices: entries one under another, flowing into a further column when the next would
// pass `max_height`; it also names the innermost arrow. `terse`: one line an entry, for a pane too short for
// the two-line labels. Placed at x = 0: PlaceLegendAt moves it beside the slices once their width is known.
// Returns the columns' height.
float BuildLegendColumn(GridLayout& layout, const GridPicture& picture, const GridLayoutOptions& options,
                        const TextMetrics& m, bool terse, float max_height);
void PlaceLegendAt(GridLayout& layout, float x);
// The legend's width: it can be wider than the slices on a narrow grid.
float LegendWidth(const GridLayout& layout, const TextMetrics& m);

}  // namespace tilewalk::views::grid_legend
