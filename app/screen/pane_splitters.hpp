// The splitters between the tour screen's panes: thin handles on the borders that a drag moves (the
// source | right side border, the passage | pictures border, the grid | detail border) and a double-click
// gives back to the layout. What they change is a LayoutSplits, which the settings remember.
#pragma once

#include "app/screen/tour_layout.hpp"

namespace tilewalk::app {

// Draws the handles for `layout` over the panes, and moves `splits` while one is dragged. `area` is the
// region LayOutTour divided. True while a handle is held.
bool DrawPaneSplitters(const LayoutInput& area, const TourLayout& layout, LayoutSplits& splits);

}  // namespace tilewalk::app
