// What a recording's copies are set against in the Memory pane, per launch: the copies a naive pipeline
// would make, and the bytes copied through each grid step. Measuring them walks every step of a launch, so
// a recording made on a worker thread measures them there too, before the window takes it over.
#pragma once

#include <cstdint>
#include <vector>

#include "walkthrough/naive_maps.hpp"
#include "walkthrough/recording.hpp"

namespace tilewalk::session {

struct Yardsticks {
  std::vector<walkthrough::NaiveLaunch> naive;
  std::vector<std::vector<uint64_t>> bytes_through_step;
};

Yardsticks MeasureYardsticks(const walkthrough::Recording& recording);

}  // namespace tilewalk::session
