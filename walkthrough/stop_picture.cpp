#include "walkthrough/stop_picture.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <utility>

#include "base/number_text.hpp"

namespace tilewalk::walkthrough {
namespace {

constexpr std::array<std::string_view, 6> kPaneNames = {"grid",   "memory", "lanes",
                                                        "scores", "cost",   "scenario"};
constexpr std::array<std::string_view, 6> kPaneTitles = {"Grid",   "Memory", "Lanes",
                                                         "Scores", "Cost",   "Scenario"};

// As a tour file writes them after "focus:", in the order of StopFocus::Kind.
constexpr std::array<std::string_view, 6> kFocusKindNames = {"none", "operand", "cell",
                                                             "line", "launch",  "rows"};

// "3" or "0-3": a whole number, or a first and last with the first no larger.
std::optional<std::pair<int64_t, int64_t>> ParseSpan(std::string_view text, int64_t most) {
  const std::size_t dash = text.find('-');
  const auto first = base::ParseWhole(text.substr(0, dash), 0, most);
  if (!first) return std::nullopt;
  if (dash == std::string_view::npos) return std::pair{*first, *first};
  const auto last = base::ParseWhole(text.substr(dash + 1), 0, most);
  if (!last || *last < *first) return std::nullopt;
  return std::pair{*first, *last};
}

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
      const auto span = ParseSpan(rest.substr(at, comma - at), 1 << 24);
      if (!span) {
        return base::Fail(base::Reason::Malformed,
                          "focus: cell takes grid indices separated by commas, each a number or a range "
                          "first-last, such as 0,0,2,3 or 0,0,0-3,1");
      }
      focus.cell.push_back(span->first);
      focus.cell_last.push_back(span->second);
      at = comma + 1;
    }
    if (focus.cell.size() == 4 &&
        (focus.cell[0] != focus.cell_last[0] || focus.cell[1] != focus.cell_last[1]))
      return base::Fail(
          base::Reason::Malformed,
          "focus: cell outlines cells of one (batch, head) slice; a range goes in the two block "
          "indices only, such as 0,0,0-3,1");
    if (focus.cell.size() != 4)
      return base::Fail(base::Reason::Malformed,
                        "focus: cell takes the four indices of a grid step (batch, head and the two block "
                        "indices), such as 0,0,2,3; got " +
                            std::to_string(focus.cell.size()));
    return focus;
  }
  if (kind == StopFocusKindName(StopFocus::Kind::Launch) && !rest.empty() &&
      rest.find(' ') == std::string_view::npos) {
    focus.kind = StopFocus::Kind::Launch;
    focus.launch = std::string(rest);
    return focus;
  }
  if (kind == StopFocusKindName(StopFocus::Kind::Rows)) {
    const auto span = ParseSpan(rest, 1 << 20);
    if (!span)
      return base::Fail(
          base::Reason::Malformed,
          "focus: rows takes a row or a range of rows of the tile, first-last, such as 0-7; got '" +
              std::string(rest) + "'");
    focus.kind = StopFocus::Kind::Rows;
    focus.first_row = static_cast<int>(span->first);
    focus.last_row = static_cast<int>(span->second);
    return focus;
  }
  return base::Fail(base::Reason::Malformed,
                    "focus takes 'operand NAME', 'cell B,H,I,J' (either block index may be a range, 0-3), "
                    "'launch NAME', 'rows FIRST-LAST' or 'line N', got '" +
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
