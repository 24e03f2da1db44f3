#include "app/session/yardsticks.hpp"

namespace tilewalk::session {

Yardsticks MeasureYardsticks(const walkthrough::Recording& recording) {
  Yardsticks yard;
  yard.naive = walkthrough::PlanNaiveLaunches(recording.scenario());
  for (const walkthrough::LaunchTrack& track : recording.launches())
    yard.bytes_through_step.push_back(walkthrough::CopiedBytesThroughStep(track));
  return yard;
}

}  // namespace tilewalk::session
