// What the passage pane draws: the tour stop's title, its narration with the placeholders filled from the
// running scenario, the passage's title and body, where the stop sits in the tour (stop k of n), and the
// stop's suggestion to try, as a button.
#pragma once

#include <string>

namespace tilewalk::views {

struct PassagePicture {
  std::string tour_title{};
  int stop_number = 0, stop_count = 0;  // 1-based; 0 when not in a tour
  std::string stop_title{};
  std::string narration{};
  std::string passage_title{};
  std::string passage_body{};
  std::string problem{};    // a placeholder that could not be filled, a stop that does not land
  std::string try_flags{};  // the stop's suggestion to try, "--block-k 64", or empty
  bool edited = false;      // the scenario running is not the stop's own
};

}  // namespace tilewalk::views
