// Where the panes of the tour screen go. The app shows them all; an export may ask for a few
// (`--panes grid,memory`), and the panes it keeps share the screen in the same arrangement: the source on
// the left, the passage across the top of the right side over the grid and the detail region (Memory |
// Lanes | Scores | Cost | Scenario) side by side, the timeline along the bottom. Classroom mode shows three
// things a room reads: the stop's words, the code and one picture; on a wide screen the passage sits over
// the source in the left column and the picture takes the right, on a squarer one the passage and the
// picture share the top and the source runs across the bottom. No pane gets less than its floor; a window
// too small for every floor folds panes away, and says which. Pure arithmetic, so it is tested without
// ImGui.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.hpp"

namespace tilewalk::app {

enum class Pane : std::uint8_t {
  Source,
  Passage,
  Grid,
  Memory,
  Lanes,
  Scores,
  Cost,
  Scenario,
  Timeline,
  kCount
};

// A set of panes. Memory, Lanes, Scores, Cost and Scenario are the tabs of one detail region.
class PaneSet {
 public:
  static PaneSet All();
  static PaneSet None() { return PaneSet(); }

  bool Has(Pane pane) const { return (m_bits >> static_cast<unsigned>(pane)) & 1u; }
  PaneSet With(Pane pane) const;
  PaneSet Without(Pane pane) const;
  bool HasDetail() const {
    return Has(Pane::Memory) || Has(Pane::Lanes) || Has(Pane::Scores) || Has(Pane::Cost) ||
           Has(Pane::Scenario);
  }
  bool Empty() const { return m_bits == 0; }
  // "source,passage,grid,memory,lanes,scores,cost,scenario,timeline", in that order, of the panes present.
  std::string ToString() const;

 private:
  std::uint32_t m_bits = 0;
};

// The pane names a user types, in the order ToString() writes them.
std::string_view PaneName(Pane pane);
// "source, passage, ...": the names a user may type, for help and messages.
std::string KnownPanes();
// "grid,memory" → the set; a failure's message is the expectation, naming the known panes.
base::Result<PaneSet> ParsePaneList(std::string_view list);

struct PaneRect {
  float x = 0, y = 0, width = 0, height = 0;
};

struct TourLayout {
  std::optional<PaneRect> source, passage, grid, detail, timeline;
  std::vector<Pane> folded{};  // panes asked for but left out: the window has no room for their floors
};

// Where the user dragged the splitters, as shares of the area; 0 leaves a share to the layout. Remembered in
// the settings, one set for each mode.
struct LayoutSplits {
  float source = 0;   // the source's share of the width (classroom: the left column's)
  float passage = 0;  // the passage's share of the height above the timeline; 0: fit the narration
  float grid = 0;     // the grid's share of the lower row's width (classroom: of the right column's height)

  bool operator==(const LayoutSplits&) const = default;
};
inline constexpr float kSmallestSplit = 0.15f, kLargestSplit = 0.85f;
// A share dragged or read from the settings, kept where every pane still shows something; 0 stays 0.
float ClampSplit(float share);

struct LayoutInput {
  float x = 0, y = 0, width = 0, height = 0;  // the area below the menu bar
  float timeline_height = 0;                  // what the timeline's rows need at the current font
  bool wide_detail = false;                   // lanes or scores shown: heatmaps want width
  bool grid_first = false;                    // the stop shows the grid: it gets the larger share
  bool classroom = false;                     // larger text, fewer panes: the words, the code, one picture
  float source_min_height = 0;                // the source's floor: its titles and 8 lines of code
  float picture_min_height = 0;               // the grid's floor: its cells at a readable size, labels
  float pane_min_width = 0;                   // no pane is narrower: about 24 characters
  float line_height = 0;                      // a line of text: the passage keeps at least four
  LayoutSplits splits{};
  // The height the passage pane needs, title bar included, to show its whole narration at a pane width;
  // none: a fixed share.
  std::function<float(float width)> passage_height{};
  // The pane width at which no line of the narration wraps; none: any width will do.
  std::function<float()> passage_width{};
};
// The passage never takes more than this share of the height above the timeline, so the pictures keep
// room; within it, the narration always fits unless the user dragged the splitter smaller.
inline constexpr float kLargestFittedPassage = 0.8f;
// The folded panes as a person names them: "source", and "picture" once for the grid or any detail pane.
std::vector<std::string> FoldedNames(const std::vector<Pane>& folded);

// Classroom mode puts the passage beside the picture on screens at least this much wider than tall.
inline constexpr float kWideClassroomAspect = 1.4f;

TourLayout LayOutTour(const LayoutInput& area, PaneSet panes);

}  // namespace tilewalk::app
