// The scales of the time charts, shared by the ImGui views and the SVG pictures so both show the same
// ticks and the same zoom: round tick values along a time axis, and the range the cost pane's zoomed
// chart shows around the cursor's step. Pure arithmetic, tested.
#pragma once

#include <vector>

#include "app/views/cost_picture.hpp"

namespace tilewalk::views {

// Round tick values (1, 2 or 5 times a power of ten apart) from 0 to `total`, at most about `max_ticks`
// of them; none for a total or count that is not positive.
std::vector<double> AxisTicks(double total, double max_ticks);
// The same between `from` and `to`: the round values in that range, one step apart.
std::vector<double> AxisTicksBetween(double from, double to, double max_ticks);

// The time range the zoomed chart shows: the cursor's step and `steps_each_side` steps either side on the
// same TensorCore (the other core's steps run on their own clock), with the copies they issue; never empty.
constexpr int kCostZoomSteps = 2;  // the steps either side of the cursor's that the zoomed chart shows
struct CostWindow {
  double from_us = 0, to_us = 0;
};
CostWindow CostWindowAround(const CostPicture& picture, int steps_each_side);

}  // namespace tilewalk::views
