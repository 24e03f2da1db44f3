// What the passage pane draws: the tour stop's title, its narration with the placeholders filled from the
// running scenario, the passage's title and body, where the stop sits in the tour (stop k of n), and the
// stop's suggestion to try, as a button, and the stop's question with its choices.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace tilewalk::views {

// A stop's question (`ask:`): its choices before the answer, then, once the learner steps on, the recorded
// answer, which choice it was and why.
struct AskPicture {
  std::string question{};
  std::vector<std::string> choices{};  // keys 1 to 4
  int picked = -1;                     // the learner's pick, -1 for none yet
  bool revealed = false;
  int correct = -1;        // the choice the recording answers; -1: none fits (an edited scenario)
  std::string recorded{};  // the answer's value in the recording, e.g. "16"
  std::string explanation{};
};

struct PassagePicture {
  std::string tour_title{};
  int stop_number = 0, stop_count = 0;  // 1-based; 0 when not in a tour
  std::string stop_title{};
  std::string narration{};
  std::string passage_title{};
  std::string passage_body{};
  std::string problem{};    // a placeholder that could not be filled, a stop that does not land
  std::string try_words{};  // the stop's suggestion to try in words, "block_k = 64", or empty
  bool edited = false;      // the scenario running is not the stop's own
  std::optional<AskPicture> ask{};
};

}  // namespace tilewalk::views
