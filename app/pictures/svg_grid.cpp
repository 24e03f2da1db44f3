// The grid picture as SVG, laid out by the views' own pure grid layout (grid_layout.hpp): the slices'
// cells by state, the path of the steps, the step numbers when the cells are large, the labels and the
// legend.
#include <algorithm>
#include <cmath>

#include "app/pictures/picture_svg.hpp"
#include "app/pictures/svg_document.hpp"
#include "app/views/grid_layout.hpp"
#include "app/views/tour_palette.hpp"

namespace tilewalk::pictures {
namespace {

using views::CellState;
using views::LabelRole;
using views::LayoutRect;
using views::LayoutVec;
using views::StateAt;

constexpr double kGridWidth = 720, kHeight = 480;

std::string_view StateClass(CellState state) {
  switch (state) {
    case CellState::Ran:
      return "ran";
    case CellState::Skipped:
      return "skipped";
    case CellState::Pending:
      break;
  }
  return "pending";
}

ImU32 StateFill(CellState state) {
  const views::palette::Colours& c = views::palette::Active();
  switch (state) {
    case CellState::Ran:
      return c.ran_fill;
    case CellState::Skipped:
      return c.skipped_fill;
    case CellState::Pending:
      break;
  }
  return c.pending_fill;
}

ImU32 LabelColour(LabelRole role) {
  const views::palette::Colours& c = views::palette::Active();
  switch (role) {
    case LabelRole::AxisName:
      return c.text_axis;
    case LabelRole::Index:
      return c.text_dim;
    case LabelRole::Innermost:
      return c.passage;
    case LabelRole::SliceTitle:
    case LabelRole::Legend:
      break;
  }
  return c.text_strong;
}

std::string_view RoleClass(LabelRole role) {
  switch (role) {
    case LabelRole::SliceTitle:
      return "label slice-title";
    case LabelRole::AxisName:
      return "label axis";
    case LabelRole::Index:
      return "label index";
    case LabelRole::Innermost:
      return "label innermost";
    case LabelRole::Legend:
      break;
  }
  return "label legend";
}

// The layout's coordinates, moved down below the title.
struct Place {
  double top;
  double X(float x) const { return x; }
  double Y(float y) const { return top + y; }
};

void Cell(SvgDocument& svg, const Place& at, const LayoutRect& r, CellState state) {
  const std::string cls = "cell " + std::string(StateClass(state));
  const double x = at.X(r.min.x), y = at.Y(r.min.y), w = r.Width(), h = r.Height();
  const views::palette::Colours& c = views::palette::Active();
  if (state == CellState::Skipped) {
    svg.Rect(cls, x, y, w, h, c.skipped_fill);
    const double spacing = std::max(4.0, w / 7.0);
    std::string d;
    for (const views::LayoutSegment& s :
         views::HatchSegments({{r.min.x, r.min.y}, {r.max.x, r.max.y}}, static_cast<float>(spacing)))
      d += SvgSegment(at.X(s.from.x), at.Y(s.from.y), at.X(s.to.x), at.Y(s.to.y));
    if (!d.empty()) svg.Path("hatch", d, c.skipped, std::max(1.0, spacing * 0.18));
    if (w >= 8) svg.Frame("cell-edge skipped", x, y, w, h, c.skipped, 1.5);
    return;
  }
  svg.Rect(cls, x, y, w, h, StateFill(state));
  if (state == CellState::Pending && w >= 8) svg.Frame("cell-edge pending", x, y, w, h, c.edge, 1);
}

// The cursor's cell, class "current": a ring in the current moment's colour around the cell, over a thin
// rim of shadow, its own state left showing inside (as the view paints it).
void CurrentOutline(SvgDocument& svg, const Place& at, const LayoutRect& r) {
  const views::palette::Colours& c = views::palette::Active();
  const double x = at.X(r.min.x), y = at.Y(r.min.y), w = r.Width(), h = r.Height();
  const double t = std::max(2.0, std::min(0.2 * SvgDocument::kFontSize, 0.25 * w));
  svg.Frame("current-shadow", x - t - 1, y - t - 1, w + 2 * t + 2, h + 2 * t + 2, c.path_shadow, 2);
  svg.Frame("current", x - 0.5 * t, y - 0.5 * t, w + t, h + t, c.current, t);
}

// Touching cells (no gap, a dense grid) go as one rectangle per run of a state along a row, as the view
// paints them, so that a large grid stays a few hundred elements.
void Cells(SvgDocument& svg, const Place& at, const views::GridPicture& picture,
           const views::SliceLayout& slice, const views::GridSlice& source, float gap) {
  for (const views::CellRun& run : views::CellRuns(picture, slice, source, gap))
    Cell(svg, at, run.rect, run.state);
}

void Arrow(SvgDocument& svg, std::string_view cls, const Place& at, const views::LayoutSegment& s,
           ImU32 colour, double width) {
  const double x1 = at.X(s.from.x), y1 = at.Y(s.from.y), x2 = at.X(s.to.x), y2 = at.Y(s.to.y);
  const double length = std::hypot(x2 - x1, y2 - y1);
  if (length < 1) return;
  svg.Line(cls, x1, y1, x2, y2, colour, width);
  const double ux = (x2 - x1) / length, uy = (y2 - y1) / length, head = 7;
  svg.Polygon(std::string(cls) + " head",
              SvgNumber(x2 + ux * 2) + "," + SvgNumber(y2 + uy * 2) + " " +
                  SvgNumber(x2 - ux * head - uy * head * 0.5) + "," +
                  SvgNumber(y2 - uy * head + ux * head * 0.5) + " " +
                  SvgNumber(x2 - ux * head + uy * head * 0.5) + "," +
                  SvgNumber(y2 - uy * head - ux * head * 0.5),
              colour);
}

void Label(SvgDocument& svg, const Place& at, const views::LayoutLabel& label, std::string_view cls,
           ImU32 colour) {
  // The layout places a label's top-left corner; SVG places a baseline.
  svg.Text(cls, at.X(label.pos.x), at.Y(label.pos.y) + SvgDocument::kFontSize * 0.8, label.text,
           {.colour = colour});
}

// A chevron halfway along a step of the path, its tip pointing the way the grid walks, so that the path
// reads as a direction and not only as a line; none on a step too short to hold one legibly.
std::string StepChevron(double x1, double y1, double x2, double y2) {
  constexpr double kShortestStep = 12;
  const double length = std::hypot(x2 - x1, y2 - y1);
  if (length < kShortestStep) return {};
  const double ux = (x2 - x1) / length, uy = (y2 - y1) / length;
  const double arm = std::min(5.0, 0.22 * length);
  const double tip_x = 0.5 * (x1 + x2) + 0.5 * arm * ux, tip_y = 0.5 * (y1 + y2) + 0.5 * arm * uy;
  const double back_x = tip_x - arm * ux, back_y = tip_y - arm * uy;
  return "M" + SvgNumber(back_x - arm * uy) + "," + SvgNumber(back_y + arm * ux) + "L" + SvgNumber(tip_x) +
         "," + SvgNumber(tip_y) + "L" + SvgNumber(back_x + arm * uy) + "," + SvgNumber(back_y - arm * ux);
}

// The path through one slice's cells: bright up to the furthest step reached, faint beyond, each step with
// a chevron of its direction; the jump to the next run of the innermost axis thin.
void StepPath(SvgDocument& svg, const Place& at, const views::GridPicture& picture,
              const views::SliceLayout& slice, const views::GridSlice& source) {
  if (slice.path.size() < 2 || slice.run_length <= 0 || picture.cols <= 0) return;
  int reached = -1;
  for (std::size_t i = 0; i < slice.cells.size(); ++i) {
    if (StateAt(source, i) == CellState::Pending) continue;
    const int r = static_cast<int>(i) / picture.cols, c = static_cast<int>(i) % picture.cols;
    reached =
        std::max(reached, views::StepInSlice(picture.rows, picture.cols, picture.walks_down_columns, r, c));
  }
  std::string done, ahead, wraps, done_chevrons, ahead_chevrons;
  for (std::size_t k = 0; k + 1 < slice.path.size(); ++k) {
    const LayoutVec a = slice.path[k], b = slice.path[k + 1];
    const double x1 = at.X(a.x), y1 = at.Y(a.y), x2 = at.X(b.x), y2 = at.Y(b.y);
    if ((k + 1) % static_cast<std::size_t>(slice.run_length) == 0) {
      wraps += SvgSegment(x1, y1, x2, y2);
      continue;
    }
    const bool walked = static_cast<int>(k) + 1 <= reached;
    (walked ? done : ahead) += SvgSegment(x1, y1, x2, y2);
    (walked ? done_chevrons : ahead_chevrons) += StepChevron(x1, y1, x2, y2);
  }
  const views::palette::Colours& c = views::palette::Active();
  if (!ahead.empty()) svg.Path("path ahead", ahead, c.path_ahead, 2);
  if (!ahead_chevrons.empty()) svg.Path("path-arrow ahead", ahead_chevrons, c.path_ahead, 2);
  if (!wraps.empty()) svg.Path("path wrap", wraps, c.path_ahead, 1);
  if (!done.empty()) {
    svg.Path("path-shadow", done + done_chevrons, c.path_shadow, 4);
    svg.Path("path done", done, c.path_done, 2);
    if (!done_chevrons.empty()) svg.Path("path-arrow done", done_chevrons, c.path_done, 2);
  }
}

void StepNumbers(SvgDocument& svg, const Place& at, const views::GridPicture& picture,
                 const views::SliceLayout& slice, const views::GridSlice& source) {
  const views::palette::Colours& c = views::palette::Active();
  for (std::size_t i = 0; i < slice.cells.size(); ++i) {
    const int r = static_cast<int>(i) / picture.cols, col = static_cast<int>(i) % picture.cols;
    const CellState state = StateAt(source, i);
    const ImU32 ink = state == CellState::Ran ? c.on_light : c.text_axis;
    const std::string number = std::to_string(views::StepInLaunch(picture, slice.source, r, col));
    const double x = at.X(slice.cells[i].min.x) + 3, y = at.Y(slice.cells[i].min.y);
    // A patch of the cell's own fill under the digits, so that the path and the hatching never cross them.
    svg.Rect("step-number-ground", x - 1, y + 2, static_cast<double>(number.size()) * 6.7 + 2, 12,
             StateFill(state));
    svg.Text("step-number", x, y + SvgDocument::kFontSize, number, {.colour = ink, .size = 11});
  }
}

// Megacore: a TensorCore's outline, class "core core-0" (solid) or "core core-1" (dashed), in the text
// colour: the cores differ by the line's shape, not by a hue of their own.
void CoreOutline(SvgDocument& svg, const Place& at, const LayoutRect& r, int core) {
  svg.Frame(core == 1 ? "core core-1" : "core core-0", at.X(r.min.x), at.Y(r.min.y), r.Width(), r.Height(),
            views::palette::Active().text, 3, 0, core == 1 ? "6 4" : "");
}

// A region's outline and its name on a patch of the ground.
void CoreRegion(SvgDocument& svg, const Place& at, const views::SliceLayout::CoreRegion& region) {
  CoreOutline(svg, at, region.rect, region.core);
  const views::palette::Colours& c = views::palette::Active();
  const double width = static_cast<double>(region.label.text.size()) * SvgDocument::kCharWidth;
  svg.Rect("core-name-ground", at.X(region.label.pos.x) - 2, at.Y(region.label.pos.y) - 1, width + 4,
           SvgDocument::kFontSize + 2, c.window);
  Label(svg, at, region.label, "label core-name", c.text);
}

// The stop's focus, class "focus": a dashed outline in the passage's colour, a little outside its cells.
void FocusOutline(SvgDocument& svg, const Place& at, const LayoutRect& r) {
  const double pad = 4;
  svg.Frame("focus", at.X(r.min.x) - pad, at.Y(r.min.y) - pad, r.Width() + 2 * pad, r.Height() + 2 * pad,
            views::palette::Active().passage, 2.5, 0, "6 4");
}

void Legend(SvgDocument& svg, const Place& at, const views::GridLayout& layout) {
  svg.Group("legend");
  for (const views::LegendEntry& e : layout.legend) {
    if (e.core >= 0) {
      CoreOutline(svg, at, e.swatch, e.core);
    } else {
      Cell(svg, at, e.swatch, e.state);
      if (e.current) CurrentOutline(svg, at, e.swatch);
      if (e.focus)
        FocusOutline(svg, at,
                     {{e.swatch.min.x + 4, e.swatch.min.y + 4}, {e.swatch.max.x - 4, e.swatch.max.y - 4}});
    }
    Label(svg, at, e.label, "label legend", LabelColour(e.label.role));
  }
  const views::palette::Colours& c = views::palette::Active();
  if (layout.legend_path && layout.legend_path_label) {
    Arrow(svg, "path done", at, *layout.legend_path, c.path_done, 2);
    Label(svg, at, *layout.legend_path_label, "label legend", c.text_strong);
  }
  if (layout.legend_note) Label(svg, at, *layout.legend_note, "label legend note", c.text_strong);
  if (layout.legend_innermost && layout.legend_innermost_label) {
    Arrow(svg, "innermost", at, *layout.legend_innermost, c.passage, 2);
    Label(svg, at, *layout.legend_innermost_label, "label innermost", c.passage);
  }
  svg.EndGroup();
}

}  // namespace

std::string GridSvg(const views::GridPicture& full) {
  SvgDocument svg("grid", full.title.empty() ? "Launch grid" : full.title);
  const views::palette::Colours& c = views::palette::Active();
  svg.Text("title", 0, SvgDocument::kFontSize, full.title, {.colour = c.text_strong, .bold = true});
  const Place at{.top = SvgDocument::kLine + 4};
  const views::GridLayout layout =
      views::BuildGridLayout(full, static_cast<float>(kGridWidth), static_cast<float>(kHeight - at.top),
                             {.text = {.char_width = static_cast<float>(SvgDocument::kCharWidth),
                                       .line_height = static_cast<float>(SvgDocument::kFontSize)}});
  const views::GridPicture& shown = layout.summary ? *layout.summary : full;
  Legend(svg, at, layout);
  for (const views::SliceLayout& slice : layout.slices) {
    if (slice.source < 0 || static_cast<std::size_t>(slice.source) >= shown.slices.size()) continue;
    const views::GridSlice& source = shown.slices[static_cast<std::size_t>(slice.source)];
    svg.Group("slice");
    Cells(svg, at, shown, slice, source, layout.cell_gap);
    StepPath(svg, at, shown, slice, source);
    if (!layout.summary && layout.cell_pitch >= 2.2f * SvgDocument::kFontSize)
      StepNumbers(svg, at, shown, slice, source);
    for (const views::LayoutLabel& label : slice.labels)
      Label(svg, at, label, RoleClass(label.role), LabelColour(label.role));
    for (const views::SliceLayout::CoreRegion& region : slice.core_regions) CoreRegion(svg, at, region);
    Arrow(svg, "innermost", at, slice.innermost, c.passage, 2);
    if (shown.current && shown.current->slice == slice.source) {
      const auto i = static_cast<std::size_t>(shown.current->row * shown.cols + shown.current->col);
      if (i < slice.cells.size()) CurrentOutline(svg, at, slice.cells[i]);
    }
    svg.EndGroup();
  }
  if (const std::optional<LayoutRect> focus = views::FocusRect(layout, shown)) FocusOutline(svg, at, *focus);
  if (layout.too_large)
    svg.Text("note", 0, at.top + SvgDocument::kLine, "Too many grid steps per slice to draw.",
             {.colour = c.text_strong});
  const double height = std::max<double>(at.top + layout.content_size.y, at.top + SvgDocument::kLine);
  return svg.Finish(std::max<double>(kGridWidth, layout.content_size.x), height + 2);
}

}  // namespace tilewalk::pictures
