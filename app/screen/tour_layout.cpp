#include "app/screen/tour_layout.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace tilewalk::app {
namespace {

constexpr std::array<std::string_view, static_cast<std::size_t>(Pane::kCount)> kPaneNames = {
    "source", "passage", "grid", "memory", "lanes", "scores", "cost", "scenario", "timeline"};

float Share(float split, float fallback) {
  return split > 0.0f ? split : fallback;
}

// The passage's height in a column `width` wide and `height` tall: the user's share, else what the
// narration needs within [smallest, kLargestFitted(Classroom)Passage] of the height, else `fallback` of it.
float PassageHeight(const LayoutInput& area, float width, float height, float smallest, float fallback) {
  if (area.splits.passage > 0.0f) return std::floor(height * area.splits.passage);
  if (!area.passage_height) return std::floor(height * fallback);
  const float needed = std::ceil(area.passage_height(width));
  const float largest = area.classroom ? kLargestFittedClassroomPassage : kLargestFittedPassage;
  return std::clamp(needed, std::floor(height * smallest), std::floor(height * largest));
}

// Classroom mode above the timeline: source over passage on the left, the grid and the detail on the right.
TourLayout LayOutClassroom(const LayoutInput& area, PaneSet panes, float top_h, TourLayout l) {
  const bool left = panes.Has(Pane::Source) || panes.Has(Pane::Passage);
  const bool right = panes.Has(Pane::Grid) || panes.HasDetail();
  const float left_w = !left   ? 0.0f
                       : right ? std::floor(area.width * Share(area.splits.source, 0.5f))
                               : area.width;
  const float passage_h = !panes.Has(Pane::Passage) ? 0.0f
                          : panes.Has(Pane::Source) ? PassageHeight(area, left_w, top_h, 0.3f, 0.45f)
                                                    : top_h;
  const float source_h = top_h - passage_h;
  if (panes.Has(Pane::Source)) l.source = PaneRect{area.x, area.y, left_w, source_h};
  if (panes.Has(Pane::Passage)) l.passage = PaneRect{area.x, area.y + source_h, left_w, passage_h};
  if (!right) return l;
  const float right_x = area.x + left_w, right_w = area.width - left_w;
  const float grid_h = !panes.Has(Pane::Grid) ? 0.0f
                       : panes.HasDetail()    ? std::floor(top_h * Share(area.splits.grid, 0.5f))
                                              : top_h;
  if (panes.Has(Pane::Grid)) l.grid = PaneRect{right_x, area.y, right_w, grid_h};
  if (panes.HasDetail()) l.detail = PaneRect{right_x, area.y + grid_h, right_w, top_h - grid_h};
  return l;
}

// The grid's share of the lower row when the user has not dragged it: more when the stop is about the grid,
// less when a heatmap beside it wants width.
float DefaultGridShare(const LayoutInput& area) {
  if (area.grid_first) return 0.52f;
  return area.wide_detail ? 0.44f : 0.48f;
}

}  // namespace

float ClampSplit(float share) {
  if (!(share > 0.0f)) return 0.0f;  // NaN too
  return std::clamp(share, kSmallestSplit, kLargestSplit);
}

std::string KnownPanes() {
  std::string known;
  for (std::string_view name : kPaneNames) known += (known.empty() ? "" : ", ") + std::string(name);
  return known;
}

PaneSet PaneSet::All() {
  PaneSet all;
  for (std::size_t p = 0; p < kPaneNames.size(); ++p) all = all.With(static_cast<Pane>(p));
  return all;
}

PaneSet PaneSet::With(Pane pane) const {
  PaneSet set = *this;
  set.m_bits |= 1u << static_cast<unsigned>(pane);
  return set;
}

PaneSet PaneSet::Without(Pane pane) const {
  PaneSet set = *this;
  set.m_bits &= ~(1u << static_cast<unsigned>(pane));
  return set;
}

std::string PaneSet::ToString() const {
  std::string out;
  for (std::size_t p = 0; p < kPaneNames.size(); ++p) {
    if (Has(static_cast<Pane>(p))) out += (out.empty() ? "" : ",") + std::string(kPaneNames[p]);
  }
  return out;
}

std::string_view PaneName(Pane pane) {
  return kPaneNames[static_cast<std::size_t>(pane)];
}

base::Result<PaneSet> ParsePaneList(std::string_view list) {
  PaneSet set;
  while (true) {
    const std::size_t comma = list.find(',');
    const std::string_view name = list.substr(0, comma);
    const auto known = std::find(kPaneNames.begin(), kPaneNames.end(), name);
    if (known == kPaneNames.end()) {
      return base::Fail(base::Reason::Usage,
                        (name.empty() ? std::string("an empty pane name; expected ")
                                      : "no pane '" + std::string(name) + "'; expected ") +
                            "a comma-separated list of: " + KnownPanes());
    }
    set = set.With(static_cast<Pane>(known - kPaneNames.begin()));
    if (comma == std::string_view::npos) return set;
    list.remove_prefix(comma + 1);
  }
}

// Shares the user may drag: by default the source gets 44% of the width because it holds the longest lines;
// the passage the height its narration needs (at least a quarter, at most kLargestFittedPassage of the right
// side); the grid and the detail region share the rest, the detail a little more when it shows heatmaps. A
// pane that is not shown gives its share to its neighbour.
//
// Classroom mode has larger text and fewer panes, and the picture the teacher points at matters most: the
// passage, fitted to its narration, sits under the source on the left half, and the right half goes whole to
// the grid or the detail region (or is split between them, if both are asked for).
TourLayout LayOutTour(const LayoutInput& area, PaneSet panes) {
  TourLayout l;
  const bool right_side = panes.Has(Pane::Passage) || panes.Has(Pane::Grid) || panes.HasDetail();
  const float timeline_h = panes.Has(Pane::Timeline)
                               ? (panes.Has(Pane::Source) || right_side
                                      ? std::floor(std::min(area.height * 0.4f, area.timeline_height))
                                      : area.height)
                               : 0.0f;
  const float top_h = area.height - timeline_h;
  if (panes.Has(Pane::Timeline)) l.timeline = PaneRect{area.x, area.y + top_h, area.width, timeline_h};

  if (area.classroom) return LayOutClassroom(area, panes, top_h, l);
  const float source_w = !panes.Has(Pane::Source) ? 0.0f
                         : right_side             ? std::floor(area.width * Share(area.splits.source, 0.44f))
                                                  : area.width;
  if (panes.Has(Pane::Source)) l.source = PaneRect{area.x, area.y, source_w, top_h};
  if (!right_side) return l;

  const float right_x = area.x + source_w;
  const float right_w = area.width - source_w;
  const bool lower_row = panes.Has(Pane::Grid) || panes.HasDetail();
  const float passage_h = !panes.Has(Pane::Passage) ? 0.0f
                          : lower_row               ? PassageHeight(area, right_w, top_h, 0.25f, 0.4f)
                                                    : top_h;
  if (panes.Has(Pane::Passage)) l.passage = PaneRect{right_x, area.y, right_w, passage_h};
  if (!lower_row) return l;

  const float row_y = area.y + passage_h;
  const float row_h = top_h - passage_h;
  const float grid_w = !panes.Has(Pane::Grid) ? 0.0f
                       : !panes.HasDetail()
                           ? right_w
                           : std::floor(right_w * Share(area.splits.grid, DefaultGridShare(area)));
  if (panes.Has(Pane::Grid)) l.grid = PaneRect{right_x, row_y, grid_w, row_h};
  if (panes.HasDetail()) l.detail = PaneRect{right_x + grid_w, row_y, right_w - grid_w, row_h};
  return l;
}

}  // namespace tilewalk::app
