// The cost pane: the launch's estimated time on the scenario's chip as two lanes, the core's compute (a
// bar per grid step, bubbles in red before the steps that waited) over the copy engine (a bar per copy and
// writeback), once for the whole launch and once zoomed on the steps around the cursor, whose step and
// copies are outlined; the totals and the bound above, a line on the cursor's step below. Every figure is
// labelled an estimate.
#pragma once

#include "app/views/chart_scales.hpp"
#include "app/views/cost_picture.hpp"

namespace tilewalk::views {

void DrawCostView(const CostPicture& picture);

}  // namespace tilewalk::views
