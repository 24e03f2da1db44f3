#include "walkthrough/stop_picture.hpp"

#include <algorithm>
#include <array>

#include "base/number_text.hpp"

namespace tilewalk::walkthrough {
namespace {

constexpr std::array<std::string_view, 6> kPaneNames = {"grid",   "memory", "lanes",
                                                        "scores", "cost",   "scenario"};
constexpr std::array<std::string_view, 6> kPaneTitles = {"Grid",   "Memory", "Lanes",
                                                         "Scores", "Cost",   "Scenario"};

// As a tour file writes them after "focus:", in the order of StopFocus::Kind.
constexpr std::array<std::string_view, 4> kFocusKindNames = {"none", "operand", "cell", "line"};

std::string PaneList() {
  std::string list;
  for (std::string_view n : kPaneNames) list += (list.empty() ? "" : ", ") + std::string(n);
  return list;
}

}  // namespace

std::string_view StopPaneName(StopPane pane) {
  return kPaneNames[static_cast<std::size_t>(pane)];
}

std::string_view StopFocusKindName(StopFocus::Kind kind) {
  return kFocusKindNames[static_cast<std::size_t>(kind)];
}

base::Result<StopPane> ParseStopPane(std::string_view value) {
  const auto it = std::find(kPaneNames.begin(), kPaneNames.end(), value);
  if (it != kPaneNames.end()) return static_cast<StopPane>(it - kPaneNames.begin());
  return base::Fail(base::Reason::Malformed,
                    "show takes one of " + PaneList() + ", got '" + std::string(value) + "'");
}

base::Result<StopFocus> ParseStopFocus(std::string_view value, int pinned_lines) {
  const std::size_t space = value.find(' ');
  const std::string_view kind = value.substr(0, space);
  const std::string_view rest =
      space == std::string_view::npos ? std::string_view() : value.substr(space + 1);
  StopFocus focus;
  if (kind == StopFocusKindName(StopFocus::Kind::Operand) && !rest.empty() &&
      rest.find(' ') == std::string_view::npos) {
    focus.kind = StopFocus::Kind::Operand;
    focus.operand = std::string(rest);
    return focus;
  }
  if (kind == StopFocusKindName(StopFocus::Kind::Line)) {
    const auto line = base::ParseWhole(rest, 1, pinned_lines);
    if (!line) {
      return base::Fail(base::Reason::Malformed, "focus: line " + std::string(rest) +
                                                     " is not a line of the pinned Pallas file (" +
                                                     line.error().message + ")");
    }
    focus.kind = StopFocus::Kind::Line;
    focus.line = static_cast<int>(*line);
    return focus;
  }
  if (kind == StopFocusKindName(StopFocus::Kind::Cell) && !rest.empty()) {
    focus.kind = StopFocus::Kind::Cell;
    for (std::size_t at = 0; at <= rest.size();) {
      const std::size_t comma = std::min(rest.find(',', at), rest.size());
      const auto index = base::ParseWhole(rest.substr(at, comma - at), 0, 1 << 24);
      if (!index) {
        return base::Fail(base::Reason::Malformed,
                          "focus: cell takes grid indices separated by commas, such as 0,0,2,3");
      }
      focus.cell.push_back(*index);
      at = comma + 1;
    }
    return focus;
  }
  return base::Fail(base::Reason::Malformed, "focus takes 'operand NAME', 'cell B,H,I,J' or 'line N', got '" +
                                                 std::string(value) + "'");
}

std::vector<StopPane> PanesNamedIn(std::string_view narration) {
  std::vector<std::pair<std::size_t, StopPane>> found;
  for (std::size_t p = 0; p < kPaneTitles.size(); ++p)
    for (std::string_view suffix : {" pane", " tab"}) {
      const std::string phrase = std::string(kPaneTitles[p]) + std::string(suffix);
      if (const std::size_t at = narration.find(phrase); at != std::string_view::npos)
        found.emplace_back(at, static_cast<StopPane>(p));
    }
  std::sort(found.begin(), found.end());
  std::vector<StopPane> panes;
  for (const auto& [at, pane] : found)
    if (std::find(panes.begin(), panes.end(), pane) == panes.end()) panes.push_back(pane);
  return panes;
}

}  // namespace tilewalk::walkthrough
