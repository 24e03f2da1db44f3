// Where a tour stop lands: its scenario recorded (each distinct scenario once), and the event its 'land'
// names found in that recording, or the reason it cannot be.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>

#include "walkthrough/recording.hpp"
#include "walkthrough/tour.hpp"

namespace tilewalk::walkthrough {

struct StopLanding {
  std::shared_ptr<const Recording> recording;  // null when the flags themselves are bad
  std::optional<uint64_t> event;               // the event to land on; none for a rejected scenario
  std::string problem;                         // why it does not land, when it does not
};

class StopLander {
 public:
  StopLanding Land(const TourStop& stop);

 private:
  std::map<std::string, std::shared_ptr<const Recording>> m_recordings;  // by CanonicalScenario
};

// The N-th event matching a landing, counted over the whole recording in execution order.
std::optional<uint64_t> FindLanding(const Recording& recording, const Landing& land, std::string& why);

}  // namespace tilewalk::walkthrough
