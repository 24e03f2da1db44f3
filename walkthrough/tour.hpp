// A guided tour: ordered stops, each naming a passage, a scenario (scenario flags), the event to land on,
// and narration. Parsed from assets/tours/ID.tour (format: docs/authoring.md).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "walkthrough/diagnostic.hpp"
#include "walkthrough/timeline.hpp"

namespace tilewalk::walkthrough {

struct Landing {
  enum class Kind : uint8_t { Site, Moment, Launch, Rejected };
  Kind kind = Kind::Site;
  std::string site;                    // Site
  Moment moment = Moment::IssuedCopy;  // Moment
  std::string launch;                  // Moment (optional) and Launch
  int occurrence = 1;                  // Site and Moment, from 1
};

struct TourStop {
  std::string title;
  std::vector<std::string> passages;  // the first is shown
  std::vector<std::string> scenario;  // flags
  Landing land;
  std::vector<std::string> try_flags;  // optional
  std::string narration;
  int line = 0;            // of the "## stop:" line
  int narration_line = 0;  // of the narration's first line
};

struct Tour {
  std::string id;
  std::string title;
  int question = 0;  // 0: none
  bool is_default = false;
  std::vector<TourStop> stops;
  std::string file;
};

std::optional<Tour> ParseTour(std::string_view file_name, std::string_view text, Diagnostics& diagnostics);

// Splits a flag line into words ("--block-k 64" → {"--block-k", "64"}).
std::vector<std::string> Words(std::string_view text);

}  // namespace tilewalk::walkthrough
