// Where a tour stop lands, or where an ask reveals its answer: the N-th event at a site, the N-th moment
// of a kind (optionally in one launch), the start of a launch, or a rejected scenario. Parsed from the
// 'land:' and 'reveal:' lines of a tour (docs/authoring.md); found in a recording by stop_landing.hpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.hpp"
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

// "site NAME #N", "moment KIND [in LAUNCH] #N", "launch LAUNCH" or "rejected"; or why not (Malformed).
base::Result<Landing> ParseLanding(const std::string& value);

// Splits a flag line into words ("--block-k 64" → {"--block-k", "64"}).
std::vector<std::string> Words(std::string_view text);

}  // namespace tilewalk::walkthrough
