// What a stop says once its scenario is recorded: the narration and the passage's text with every
// placeholder filled, where it lands, and its question answered. `tour --print` and `tour --json` show it,
// so that a draft's bad placeholder is caught on any line, not only when the stop is projected.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "walkthrough/ask.hpp"
#include "walkthrough/library.hpp"
#include "walkthrough/stop_landing.hpp"

namespace tilewalk::app {

struct StopText {
  std::string narration;          // every line filled; as written when the stop does not resolve
  std::string passage_id{};       // the passage shown, or empty
  std::string passage_text{};     // its Markdown body, filled likewise
  std::string cpp = "-";          // the C++ line of the passage's first anchor, "file:line"
  std::optional<uint64_t> event;  // where the stop lands
  std::string rejection{};        // the error type when the scenario is rejected
  std::optional<walkthrough::AskReveal> ask{};
  std::string problem;  // why the stop does not resolve; empty when it does
};

StopText ReadStop(const walkthrough::Library& library, const walkthrough::TourStop& stop,
                  const walkthrough::StopLanding& landing);

}  // namespace tilewalk::app
