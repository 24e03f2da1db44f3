// The tabs of the detail region (memory, lanes, scores, cost, scenario): which one fits the event at the
// cursor, which one a tour stop's `show:` names, and the word its tab label shows.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "walkthrough/site_table.hpp"
#include "walkthrough/stop_picture.hpp"

namespace tilewalk::session {

enum class DetailTab : std::uint8_t { Memory, Lanes, Scores, Cost, Scenario };

// The tab that fits the event at the cursor, named as the site role table names it
// (walkthrough/site_table.hpp): its pane there. A statement of the running max and sum belongs to Lanes,
// one of the scores or their masks to Scores, a copy, a writeback or a statement outside the minor loop to
// Memory; nullopt (keep the tab) for the loop's other statements, a branch and a grid step, so that
// stepping through a block does not flicker between tabs.
std::optional<DetailTab> SuggestedTab(std::string_view site, const walkthrough::SiteTable& sites);
// Whether the event belongs to the grid: a step begins or ends, a branch decides.
bool IsGridMoment(std::string_view site, const walkthrough::SiteTable& sites);
// The detail tab a stop's `show:` names; none for the grid, which is not a detail tab.
std::optional<DetailTab> DetailTabOf(walkthrough::StopPane pane);
// The tab's label: "Memory", "Lanes", "Scores", "Cost" or "Scenario".
const char* DetailTabName(DetailTab tab);

}  // namespace tilewalk::session
