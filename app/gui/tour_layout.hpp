// Where the panes of the tour screen go. The app shows them all; an export may ask for a few
// (`--panes grid,memory`), and the panes it keeps share the screen in the same arrangement: the source on
// the left, the passage across the top of the right side over the grid and the detail region (Memory |
// Lanes | Scores | Cost | Scenario) side by side, the timeline along the bottom; classroom mode puts the
// source over the passage on the left and gives the right half to one picture. Pure arithmetic, so it is
// tested without ImGui.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

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
};

struct LayoutInput {
  float x = 0, y = 0, width = 0, height = 0;  // the area below the menu bar
  float timeline_height = 0;                  // what the timeline's rows need at the current font
  bool wide_detail = false;                   // lanes or scores shown: heatmaps want width
  bool classroom = false;                     // larger text, fewer panes: source over passage on the left
};

TourLayout LayOutTour(const LayoutInput& area, PaneSet panes);

}  // namespace tilewalk::app
