#include "app/export/motion_span.hpp"

#include <algorithm>

namespace tilewalk::app {

std::optional<MotionSpan> StopMotionSpan(const walkthrough::Recording& recording, uint64_t landing,
                                         int steps) {
  if (landing >= recording.EventCount() || steps <= 0) return std::nullopt;
  const int launch = recording.LaunchOf(landing);
  const int64_t count = recording.StepCount(launch);
  // An event before the first step (the prologue's copies) counts as in step 0.
  const int64_t first = std::clamp<int64_t>(recording.StepOf(landing), 0, std::max<int64_t>(0, count - 1));
  const int64_t end = first + steps;
  const auto next = recording.FirstEventOfStep(launch, end);
  MotionSpan span{.from_us = recording.TimeOfEvent(landing),
                  .to_us = next ? recording.TimeOfEvent(*next) : recording.LaunchStartTime(launch + 1),
                  .launch = launch,
                  .first_step = first,
                  .last_step = std::min(end, count) - 1};
  if (!(span.to_us > span.from_us)) return std::nullopt;
  return span;
}

}  // namespace tilewalk::app
