// What a tour stop shows: the picture its narration talks about (`show:` grid, memory, lanes, scores, cost
// or scenario) and, optionally, what in it to bring forward (`focus:` an operand of the launch, a grid
// cell or a range of them, a launch, rows of the lanes and scores, or a line of the pinned Pallas file).
// Parsed from a stop's lines (docs/authoring.md); a stop whose narration names a pane other than the one it
// shows is a file:line problem, so the words on screen and the picture beside them agree.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.hpp"

namespace tilewalk::walkthrough {

enum class StopPane : uint8_t { Grid, Memory, Lanes, Scores, Cost, Scenario };
std::string_view StopPaneName(StopPane pane);  // "grid", ...

struct StopFocus {
  enum class Kind : uint8_t { None, Operand, Cell, Line, Launch, Rows };
  Kind kind = Kind::None;
  std::string operand{};             // Operand: "k", "l_scratch"
  std::vector<int64_t> cell{};       // Cell: a grid index, "0,0,2,3", or a range's first, "0,0,0-3,1"
  std::vector<int64_t> cell_last{};  // Cell: the range's last index, equal to `cell` for one cell
  int line = 0;                      // Line: of the pinned Pallas file
  std::string launch{};              // Launch: "fwd", "dkv" or "dq"
  int first_row = 0, last_row = 0;   // Rows: of the tile in the Lanes and Scores panes, "rows 0-7"
};
// "none", "operand", "cell", "line", "launch", "rows"
std::string_view StopFocusKindName(StopFocus::Kind kind);

// "memory" → StopPane::Memory; a Malformed error for a name it does not know.
base::Result<StopPane> ParseStopPane(std::string_view value);
// "operand k", "cell 0,0,2,3", "line 440"; `pinned_lines` bounds a line; Malformed otherwise.
base::Result<StopFocus> ParseStopFocus(std::string_view value, int pinned_lines);

// The panes the narration names ("the Memory pane", "the Lanes tab"), in order of first mention.
std::vector<StopPane> PanesNamedIn(std::string_view narration);

}  // namespace tilewalk::walkthrough
