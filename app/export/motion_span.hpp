// Which stretch of the model's clock `export --motion` animates for a tour stop, and how fast: from the
// stop's landing event through the end of its grid step and the next two (or to the end of the launch,
// if it ends first), played in a fixed number of seconds, so that every stop's animation lasts as long
// whatever its steps cost. The clock is the cost model's estimated time (walkthrough/model_time.hpp).
#pragma once

#include <cstdint>
#include <optional>

#include "walkthrough/recording.hpp"

namespace tilewalk::app {

struct MotionSpan {
  double from_us = 0, to_us = 0;  // on the recording's clock
  int launch = 0;
  int64_t first_step = 0, last_step = 0;  // the grid steps it covers, within the launch

  // µs of model time a second of the animation shows, when it lasts `seconds`.
  double RateUsPerSecond(double seconds) const { return (to_us - from_us) / seconds; }
};

// The span of `steps` grid steps from `landing`'s; none when it would take no model time (a stop that
// lands on the launch's very end).
std::optional<MotionSpan> StopMotionSpan(const walkthrough::Recording& recording, uint64_t landing,
                                         int steps);

}  // namespace tilewalk::app
