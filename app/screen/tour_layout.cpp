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

// The height the passage's narration needs in a column `width` wide; none without a measure.
std::optional<float> NeededPassage(const LayoutInput& area, float width) {
  if (!area.passage_height) return std::nullopt;
  return std::ceil(area.passage_height(width));
}

// The passage's height in the desktop's right column `width` wide and `height` tall: the user's share, else
// what the narration needs within [smallest, kLargestFittedPassage] of the height and below `largest`, else
// `fallback` of it.
float PassageHeight(const LayoutInput& area, float width, float height, float smallest, float fallback,
                    float largest) {
  if (area.splits.passage > 0.0f) return std::floor(height * area.splits.passage);
  const std::optional<float> needed = NeededPassage(area, width);
  if (!needed) return std::floor(height * fallback);
  const float top = std::min(std::floor(height * kLargestFittedPassage), largest);
  return std::clamp(*needed, std::min(std::floor(height * smallest), top), top);
}

// The grid over the detail region in `r`, or whichever of them is shown alone.
void PlacePicture(const LayoutInput& area, PaneSet panes, const PaneRect& r, TourLayout& l) {
  const float grid_h = !panes.Has(Pane::Grid) ? 0.0f
                       : panes.HasDetail()    ? std::floor(r.height * Share(area.splits.grid, 0.5f))
                                              : r.height;
  if (panes.Has(Pane::Grid)) l.grid = PaneRect{r.x, r.y, r.width, grid_h};
  if (panes.HasDetail()) l.detail = PaneRect{r.x, r.y + grid_h, r.width, r.height - grid_h};
}

// The narrowest share of `extent` among `shares` at which the passage's narration fits in `room`; the widest
// when none does.
float StoryShare(const LayoutInput& area, std::initializer_list<float> shares, float extent, float room) {
  float share = 0.0f;
  for (const float s : shares) {
    share = s;
    const std::optional<float> needed = NeededPassage(area, std::floor(extent * s));
    if (!needed || *needed <= room) break;
  }
  return share;
}

// Classroom mode above the timeline: the words, the code and one picture (see the header). The passage
// takes the left column, as tall as the screen; the picture sits over the source in the right column, the
// source at its floor (or more, on a large screen). A screen narrower than kWideClassroomAspect stacks the
// three instead. Panes whose floor does not fit are folded away: the source first, then the picture; the
// passage always stays.
TourLayout LayOutClassroom(const LayoutInput& area, PaneSet panes, float top_h, TourLayout l) {
  const auto fold = [&](Pane pane) {
    if (!panes.Has(pane)) return;
    l.folded.push_back(pane);
    panes = panes.Without(pane);
  };
  const auto picture_shown = [&] { return panes.Has(Pane::Grid) || panes.HasDetail(); };
  const bool wide = area.width >= kWideClassroomAspect * area.height;
  const float passage_floor = 4.0f * area.line_height;
  const float picture_floor = 6.0f * area.line_height;  // stacked: a picture's few lines
  // The source goes first: beside the passage it shares the right column with the picture; stacked, it
  // comes under the passage and the picture.
  const float with_source = wide ? (picture_shown() ? picture_floor : 0.0f)
                                 : passage_floor + (picture_shown() ? picture_floor : 0.0f);
  if (panes.Has(Pane::Source) && area.source_min_height > 0.0f &&
      top_h < area.source_min_height + with_source)
    fold(Pane::Source);
  // Then the picture: it needs a pane's width beside the passage, or (stacked) a few lines under it.
  if (picture_shown() && panes.Has(Pane::Passage) &&
      (wide ? area.width < 2.0f * area.pane_min_width : top_h < passage_floor + picture_floor))
    for (const Pane p : {Pane::Grid, Pane::Memory, Pane::Lanes, Pane::Scores, Pane::Cost, Pane::Scenario})
      fold(p);
  const bool story = panes.Has(Pane::Passage), code = panes.Has(Pane::Source), picture = picture_shown();
  // The source's height: its floor, or more on a large screen; the picture keeps the rest.
  const auto source_height = [&](float room) {
    return std::min(room, std::max(area.source_min_height, std::floor(room * 0.38f)));
  };

  if (!wide && story) {
    // Stacked: the passage as tall as its narration needs, then the picture, then the source.
    const float below = (code ? area.source_min_height : 0.0f) + (picture ? 6.0f * area.line_height : 0.0f);
    const float passage_h =
        !code && !picture ? top_h
                          : std::clamp(NeededPassage(area, area.width).value_or(std::floor(top_h * 0.4f)),
                                       std::min(passage_floor, top_h - below), top_h - below);
    l.passage = PaneRect{area.x, area.y, area.width, passage_h};
    const float rest = top_h - passage_h;
    const float source_h = !code ? 0.0f : picture ? source_height(rest) : rest;
    if (picture) PlacePicture(area, panes, {area.x, area.y + passage_h, area.width, rest - source_h}, l);
    if (code) l.source = PaneRect{area.x, area.y + top_h - source_h, area.width, source_h};
    return l;
  }
  // Columns: the passage on the left, the picture over the source on the right.
  const bool right = code || picture;
  // The passage's column: wide enough that no narration line wraps again, and that the narration fits the
  // column's height, within a third and a half of the screen.
  const float unwrapped = area.passage_width ? area.passage_width() / area.width : 0.0f;
  const float share =
      area.splits.source > 0.0f
          ? area.splits.source
          : std::clamp(std::max(unwrapped, StoryShare(area, {0.34f, 0.4f, 0.46f, 0.52f}, area.width, top_h)),
                       0.34f, 0.52f);
  const float left_w = !story ? 0.0f : !right ? area.width : std::floor(area.width * share);
  if (story) l.passage = PaneRect{area.x, area.y, left_w, top_h};
  if (!right) return l;
  const float right_x = area.x + left_w, right_w = area.width - left_w;
  const float source_h = !code                        ? 0.0f
                         : !picture                   ? top_h
                         : area.splits.passage > 0.0f ? std::floor(top_h * (1.0f - area.splits.passage))
                                                      : source_height(top_h);
  if (picture) PlacePicture(area, panes, {right_x, area.y, right_w, top_h - source_h}, l);
  if (code) l.source = PaneRect{right_x, area.y + top_h - source_h, right_w, source_h};
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

std::vector<std::string> FoldedNames(const std::vector<Pane>& folded) {
  std::vector<std::string> names;
  for (const Pane pane : folded) {
    const std::string name = pane == Pane::Source || pane == Pane::Passage || pane == Pane::Timeline
                                 ? std::string(PaneName(pane))
                                 : "picture";
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  }
  return names;
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
// Classroom mode: see LayOutClassroom and the header.
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
  const bool lower_row = panes.Has(Pane::Grid) || panes.HasDetail();
  // The lower row keeps its floor under the passage; a long narration takes width from the source first
  // (down to a third of the screen), so that it fits without squeezing the pictures.
  const float row_floor = lower_row ? std::min(area.picture_min_height, std::floor(top_h * 0.6f)) : 0.0f;
  float source_share = Share(area.splits.source, 0.44f);
  if (area.splits.source <= 0.0f && panes.Has(Pane::Source) && panes.Has(Pane::Passage) && lower_row)
    source_share = 1.0f - StoryShare(area, {0.56f, 0.62f, 0.67f}, area.width, top_h - row_floor);
  const float source_w = !panes.Has(Pane::Source) ? 0.0f
                         : right_side             ? std::floor(area.width * source_share)
                                                  : area.width;
  if (panes.Has(Pane::Source)) l.source = PaneRect{area.x, area.y, source_w, top_h};
  if (!right_side) return l;

  const float right_x = area.x + source_w;
  const float right_w = area.width - source_w;
  const float passage_h = !panes.Has(Pane::Passage) ? 0.0f
                          : lower_row ? PassageHeight(area, right_w, top_h, 0.25f, 0.4f, top_h - row_floor)
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
