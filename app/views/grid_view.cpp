// Painting of the grid view. Sections:
//   [Palette]   which of the palette's colours (tour_palette.hpp) each cell state and label takes
//   [Shapes]    one cell (arrows, dashes and core outlines are in grid_painter.hpp)
//   [Layers]    cells, execution path, step numbers, labels, legend
//   [View]      DrawGridView: toolbar, canvas, hit testing, the intent
#include "app/views/grid_view.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <tuple>
#include <vector>

#include "app/views/drawn_probe.hpp"
#include "app/views/grid_layout.hpp"
#include "app/views/grid_painter.hpp"
#include "app/views/meaning_fill.hpp"
#include "app/views/tour_palette.hpp"
#include "app/views/ui_text.hpp"

namespace tilewalk::views {
namespace {

// ---- [Palette] ----
// The colours are the palette's (tour_palette.hpp): ran, skipped and current cells, the path, the labels.

constexpr float kZoomStep = 1.25f, kMinZoom = 0.25f, kMaxZoom = 8.0f;

const char* StateName(CellState state) {
  switch (state) {
    case CellState::Pending:
      return "pending";
    case CellState::Ran:
      return "ran";
    case CellState::Skipped:
      return "skipped (visited, no arithmetic)";
  }
  return "?";
}

ImU32 CellFill(CellState state) {
  switch (state) {
    case CellState::Pending:
      return palette::Active().pending_fill;
    case CellState::Ran:
      return palette::Active().ran_fill;
    case CellState::Skipped:
      return palette::Active().skipped_fill;
  }
  return palette::Active().pending_fill;
}

ImU32 LabelColour(LabelRole role) {
  switch (role) {
    case LabelRole::SliceTitle:
      return palette::Active().text_strong;
    case LabelRole::AxisName:
      return palette::Active().text_axis;
    case LabelRole::Index:
      return palette::Active().text_dim;
    case LabelRole::Innermost:
      return palette::Active().passage;
    case LabelRole::Legend:
      return palette::Active().text_strong;
  }
  return palette::Active().text_strong;
}

// ---- [Shapes] ----

using grid_paint::Painter;

void PaintCell(const Painter& p, const LayoutRect& rect, CellState state) {
  const ImVec2 a = p.At(rect.min), b = p.At(rect.max);
  const bool big = rect.Width() >= 8.0f;
  switch (state) {
    case CellState::Pending:
      p.dl->AddRectFilled(a, b, CellFill(state));
      if (big) p.dl->AddRect(a, b, palette::Active().edge, 0.0f, 0, 1.0f);
      break;
    case CellState::Ran:
      p.dl->AddRectFilled(a, b, CellFill(state));
      break;
    case CellState::Skipped: {
      p.dl->AddRectFilled(a, b, CellFill(state));
      const float spacing = std::max(4.0f, rect.Width() / 7.0f);
      for (const LayoutSegment& s : HatchSegments({{a.x, a.y}, {b.x, b.y}}, spacing)) {
        p.dl->AddLine(
            {s.from.x, s.from.y}, {s.to.x, s.to.y}, palette::Active().skipped,
            std::max(1.0f, std::round(spacing * 0.18f)));  // whole pixels: ImGui's cheap textured line
      }
      if (big) p.dl->AddRect(a, b, palette::Active().skipped, 0.0f, 0, p.Stroke());
      break;
    }
  }
}

// The cursor's cell: a ring in the colour of the current moment around the cell, its own state left
// showing inside, with a thin rim of the ground on each side so that the ring reads on any fill.
void PaintCurrentOutline(const Painter& p, const LayoutRect& rect) {
  const ImVec2 a = p.At(rect.min), b = p.At(rect.max);
  const float t = std::max(2.0f, std::min(0.2f * p.line_height, 0.25f * rect.Width()));
  const ImVec2 ring_a{a.x - t, a.y - t}, ring_b{b.x + t, b.y + t};
  p.dl->AddRect({ring_a.x - 1.0f, ring_a.y - 1.0f}, {ring_b.x + 1.0f, ring_b.y + 1.0f},
                palette::Active().path_shadow, 0.0f, 0, 2.0f);
  p.dl->AddRect({a.x - 0.5f * t, a.y - 0.5f * t}, {b.x + 0.5f * t, b.y + 0.5f * t}, palette::Active().current,
                0.0f, 0, t);
}

LayoutRect Between(const LayoutRect& from, const LayoutRect& to, float t) {
  const auto mix = [t](float a, float b) { return a + (b - a) * t; };
  return {{mix(from.min.x, to.min.x), mix(from.min.y, to.min.y)},
          {mix(from.max.x, to.max.x), mix(from.max.y, to.max.y)}};
}

// Model-time playback on a cell: a core computing its step (an inner frame in strong ink),
// waiting for its inputs (an inner frame of the bubble's look), or its inputs landing (a bar along the
// bottom, as long as the share landed).
void PaintMotion(const Painter& p, const LayoutRect& rect, const GridMotion& motion) {
  const ImVec2 a = p.At(rect.min), b = p.At(rect.max);
  const float t = std::max(2.0f, std::min(0.14f * p.line_height, 0.2f * rect.Width()));
  switch (motion.kind) {
    case CellMotion::Computing:
      p.dl->AddRect({a.x + t, a.y + t}, {b.x - t, b.y - t}, palette::Active().text_strong, 0.0f, 0, t);
      break;
    case CellMotion::Waiting:
      FillMeaning(p.dl, {a.x + t, a.y + t}, {b.x - t, a.y + 2.0f * t}, Meaning::Error);
      FillMeaning(p.dl, {a.x + t, b.y - 2.0f * t}, {b.x - t, b.y - t}, Meaning::Error);
      break;
    case CellMotion::Loading: {
      const float height = std::max(3.0f, (b.y - a.y) * 0.22f);
      p.dl->AddRectFilled({a.x, b.y - height}, {b.x, b.y}, palette::Active().panel);
      FillMeaning(p.dl, {a.x, b.y - height},
                  {a.x + (b.x - a.x) * std::clamp(motion.progress, 0.0f, 1.0f), b.y}, Meaning::Copied);
      break;
    }
  }
}

// The stop's focus: a dashed outline in the passage's colour, a little outside the cells so that the cursor's
// ring inside it stays whole.
void PaintFocusOutline(const Painter& p, const LayoutRect& rect) {
  const float t = std::max(2.0f, 0.12f * p.line_height), pad = 0.35f * p.line_height;
  const ImVec2 a = p.At({rect.min.x - pad, rect.min.y - pad}), b = p.At({rect.max.x + pad, rect.max.y + pad});
  const ImU32 colour = palette::Active().passage;
  const float dash = 0.4f * p.line_height;
  grid_paint::PaintDashed(p, a, {b.x, a.y}, colour, t, dash);
  grid_paint::PaintDashed(p, {b.x, a.y}, b, colour, t, dash);
  grid_paint::PaintDashed(p, b, {a.x, b.y}, colour, t, dash);
  grid_paint::PaintDashed(p, {a.x, b.y}, a, colour, t, dash);
}

// ---- [Layers] ----

// When cells touch (no gap, on a dense grid) a row of same-state cells is painted as one rectangle: a
// 300x300 grid then costs a few hundred rectangles instead of 90,000, and stays within 16-bit indices.
void PaintCells(const Painter& p, const GridPicture& picture, const SliceLayout& slice,
                const GridSlice& source, float gap) {
  for (const CellRun& run : CellRuns(picture, slice, source, gap))
    if (p.Visible(run.rect)) PaintCell(p, run.rect, run.state);
}

// The path is bright up to the furthest step that has been reached and faint beyond it; the segment that
// starts a new run of the innermost axis is dashed, because the kernel does not travel it, it just begins
// the next row (or column).
void PaintPath(const Painter& p, const GridPicture& picture, const SliceLayout& slice,
               const GridSlice& source, float pitch) {
  if (slice.path.size() < 2 || pitch < 5.0f || slice.run_length <= 0) return;
  int reached = -1;
  for (std::size_t i = 0; i < slice.cells.size(); ++i) {
    if (StateAt(source, i) == CellState::Pending) continue;
    const int r = static_cast<int>(i) / picture.cols, c = static_cast<int>(i) % picture.cols;
    reached = std::max(reached, StepInSlice(picture.rows, picture.cols, picture.walks_down_columns, r, c));
  }
  const float thickness = std::clamp(0.05f * pitch, 1.5f, 0.2f * p.line_height);
  const float chevron = std::min(0.3f * pitch, 0.9f * p.line_height);
  // Steps along one run of the innermost axis are collinear: each stretch of one colour is drawn as one line
  // (with its shadow), and only the chevrons go step by step, so a summary of thousands of steps stays cheap.
  std::optional<std::pair<ImVec2, ImVec2>> stretch;
  ImU32 stretch_colour = 0;
  struct Chevron {
    ImVec2 from, to;
    ImU32 colour;
  };
  std::vector<Chevron> chevrons;  // drawn over the lines
  const auto flush = [&] {
    if (!stretch) return;
    p.dl->AddLine(stretch->first, stretch->second, palette::Active().path_shadow, thickness + 2.0f);
    p.dl->AddLine(stretch->first, stretch->second, stretch_colour, thickness);
    stretch.reset();
  };
  for (std::size_t k = 0; k + 1 < slice.path.size(); ++k) {
    const ImVec2 a = p.At(slice.path[k]), b = p.At(slice.path[k + 1]);
    const LayoutRect bounds{
        {std::min(slice.path[k].x, slice.path[k + 1].x), std::min(slice.path[k].y, slice.path[k + 1].y)},
        {std::max(slice.path[k].x, slice.path[k + 1].x) + 1.0f,
         std::max(slice.path[k].y, slice.path[k + 1].y) + 1.0f}};
    const ImU32 colour =
        static_cast<int>(k) + 1 <= reached ? palette::Active().path_done : palette::Active().path_ahead;
    const bool wrap = (k + 1) % static_cast<std::size_t>(slice.run_length) == 0;
    if (wrap || !p.Visible(bounds) || colour != stretch_colour) flush();
    if (!p.Visible(bounds)) continue;
    if (wrap) {
      // Dashes scale with the cells, so that a summary's long wraps stay a few dozen segments.
      grid_paint::PaintDashed(p, a, b, colour, std::max(1.0f, 0.6f * thickness),
                              std::max(0.3f * p.line_height, 0.5f * pitch));
      continue;
    }
    if (stretch)
      stretch->second = b;
    else
      stretch = {a, b};
    stretch_colour = colour;
    // A summary's steps are bands: one chevron a run says which way it goes, without a thicket of them.
    const bool banded = picture.row_band > 1 || picture.col_band > 1;
    const auto run = static_cast<std::size_t>(slice.run_length);
    if (chevron >= 6.0f && (!banded || k % run == run / 2)) chevrons.push_back({a, b, colour});
  }
  flush();
  for (const auto& [a, b, colour] : chevrons)
    grid_paint::PaintChevron(p, {0.5f * (a.x + b.x), 0.5f * (a.y + b.y)}, b.x - a.x, b.y - a.y, colour,
                             chevron);
}

void PaintStepNumbers(const Painter& p, const GridPicture& picture, const SliceLayout& slice,
                      const GridSlice& source, int slice_index) {
  char text[16];
  const float inset = 0.12f * p.line_height;
  for (std::size_t i = 0; i < slice.cells.size(); ++i) {
    if (!p.Visible(slice.cells[i])) continue;
    const int r = static_cast<int>(i) / picture.cols, c = static_cast<int>(i) % picture.cols;
    std::snprintf(text, sizeof text, "%d", StepInLaunch(picture, slice_index, r, c));
    const CellState state = StateAt(source, i);
    const palette::Colours& colours = palette::Active();
    const ImU32 ink = state == CellState::Ran ? colours.on_light : colours.text_axis;
    const ImVec2 at = p.At({slice.cells[i].min.x + inset, slice.cells[i].min.y + 0.5f * inset});
    // A patch of the cell's own fill under the digits, so that hatching and the path never run through them.
    const ImVec2 size = ImGui::CalcTextSize(text);
    p.dl->AddRectFilled({at.x - 0.5f * inset, at.y}, {at.x + size.x + 0.5f * inset, at.y + size.y},
                        CellFill(state));
    ui::DrawText(p.dl, at, ink, text);
  }
}

// The current band magnified: a framed box of its own beside the summary, a leader from the band to it.
void PaintLens(const Painter& p, const GridLens& lens) {
  grid_paint::PaintDashed(p, p.At(lens.leader.from), p.At(lens.leader.to), palette::Active().current_edge,
                          p.Stroke(), 0.4f * p.line_height);
  p.dl->AddRectFilled(p.At(lens.frame.min), p.At(lens.frame.max), palette::Active().panel);
  p.dl->AddRect(p.At(lens.frame.min), p.At(lens.frame.max), palette::Active().current_edge, 0.0f, 0,
                p.Stroke());
  ui::DrawText(p.dl, p.At(lens.title.pos), palette::Active().text, lens.title.text.c_str());
  for (std::size_t i = 0; i < lens.cells.size() && i < lens.states.size(); ++i)
    PaintCell(p, lens.cells[i], lens.states[i]);
  if (lens.current) PaintCurrentOutline(p, *lens.current);
}

void PaintLabels(const Painter& p, const std::vector<LayoutLabel>& labels) {
  for (const LayoutLabel& label : labels) {
    ui::DrawText(p.dl, p.At(label.pos), LabelColour(label.role), label.text.c_str());
  }
}

void PaintLegend(const Painter& p, const GridLayout& layout) {
  for (const LegendEntry& e : layout.legend) {
    if (e.core >= 0) {
      grid_paint::PaintCoreOutline(p, e.swatch, e.core);
    } else {
      PaintCell(p, e.swatch, e.state);
      if (e.current) PaintCurrentOutline(p, e.swatch);
      if (e.focus)
        PaintFocusOutline(p,
                          {{e.swatch.min.x + 0.3f * p.line_height, e.swatch.min.y + 0.3f * p.line_height},
                           {e.swatch.max.x - 0.3f * p.line_height, e.swatch.max.y - 0.3f * p.line_height}});
    }
    ui::DrawText(p.dl, p.At(e.label.pos), LabelColour(e.label.role), e.label.text.c_str());
  }
  if (layout.legend_path && layout.legend_path_label) {
    const float t = std::max(1.5f, 0.12f * p.line_height);
    const ImVec2 a = p.At(layout.legend_path->from), b = p.At(layout.legend_path->to);
    p.dl->AddLine(a, b, palette::Active().path_shadow, t + 2.0f);
    grid_paint::PaintArrow(p, a, b, palette::Active().path_done, t, 0.5f * p.line_height);
    ui::DrawText(p.dl, p.At(layout.legend_path_label->pos), palette::Active().text_strong,
                 layout.legend_path_label->text.c_str());
  }
  if (layout.legend_note)
    ui::DrawText(p.dl, p.At(layout.legend_note->pos), palette::Active().text_strong,
                 layout.legend_note->text.c_str());
  if (layout.legend_innermost && layout.legend_innermost_label) {
    grid_paint::PaintArrow(p, p.At(layout.legend_innermost->from), p.At(layout.legend_innermost->to),
                           palette::Active().passage, std::max(2.0f, 0.15f * p.line_height),
                           0.6f * p.line_height);
    ui::DrawText(p.dl, p.At(layout.legend_innermost_label->pos), LabelColour(LabelRole::Innermost),
                 layout.legend_innermost_label->text.c_str());
  }
}

void ShowCellTooltip(const GridPicture& picture, const GridCell& hit) {
  const GridSlice& slice = picture.slices[static_cast<std::size_t>(hit.slice)];
  const CellState state = StateAt(slice, static_cast<std::size_t>(hit.row * picture.cols + hit.col));
  ImGui::BeginTooltip();
  ui::Text("grid step %d: %s", StepInLaunch(picture, hit.slice, hit.row, hit.col), StateName(state));
  ui::Text("batch %d, head %d, %s %d, %s %d", slice.batch, slice.head, picture.row_label.c_str(), hit.row,
           picture.col_label.c_str(), hit.col);
  if (picture.core1_first_step >= 0)
    ui::Text("runs on TensorCore %d", CoreOfCell(picture, hit.slice, hit.row, hit.col));
  ui::TextDisabled("click to seek here; Ctrl + wheel zooms, a double-click fits, a right drag pans");
  ImGui::EndTooltip();
}

// A band of a summarised grid: the rows and columns of the full grid it holds, and their summed-up state.
void ShowBandTooltip(const GridPicture& summary, const GridPicture& full, const GridCell& hit) {
  const GridSlice& slice = summary.slices[static_cast<std::size_t>(hit.slice)];
  const CellState state = StateAt(slice, static_cast<std::size_t>(hit.row * summary.cols + hit.col));
  const int r0 = hit.row * summary.row_band, c0 = hit.col * summary.col_band;
  ImGui::BeginTooltip();
  ui::Text("batch %d, head %d: %s %d to %d, %s %d to %d", slice.batch, slice.head, full.row_label.c_str(), r0,
           std::min(r0 + summary.row_band, full.rows) - 1, full.col_label.c_str(), c0,
           std::min(c0 + summary.col_band, full.cols) - 1);
  ui::Text("%s", StateName(state));
  ui::TextDisabled("a summary of a grid too large for the pane; click to seek to the band's first step");
  ImGui::EndTooltip();
}

// The mouse on the canvas, in a tour as anywhere: Ctrl + wheel zooms, a double-click fits the pane again,
// and a drag with the right button pans a zoomed grid.
void ZoomAndPan(GridViewState& state) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.KeyCtrl && io.MouseWheel != 0.0f) {
    state.zoom = std::clamp(io.MouseWheel > 0.0f ? state.zoom * kZoomStep : state.zoom / kZoomStep, kMinZoom,
                            kMaxZoom);
  }
  if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) state.zoom = 1.0f;
  if (ImGui::IsMouseDragging(ImGuiMouseButton_Right)) {
    const ImVec2 delta = io.MouseDelta;
    ImGui::SetScrollX(ImGui::GetScrollX() - delta.x);
    ImGui::SetScrollY(ImGui::GetScrollY() - delta.y);
  }
}

// The title, the execution-order toggle and the zoom buttons above the canvas.
void DrawControls(const GridPicture& picture, GridViewState& state) {
  ui::TextUnformatted(picture.title.c_str());
  ImGui::Checkbox("Execution order", &state.show_order);
  // Buttons rather than a slider: they can be hit from a distance, and a slider's grab sits behind its value.
  ImGui::SameLine();
  if (ui::Button("-")) state.zoom = std::max(kMinZoom, state.zoom / kZoomStep);
  ImGui::SameLine();
  ui::Text("Zoom %3.0f%%", static_cast<double>(state.zoom * 100.0f));
  ImGui::SameLine();
  if (ui::Button("+")) state.zoom = std::min(kMaxZoom, state.zoom * kZoomStep);
  ImGui::SameLine();
  if (ui::Button("Fit")) state.zoom = 1.0f;
}

}  // namespace

// ---- [View] ----

std::optional<GridCell> DrawGridView(const GridPicture& full, GridViewState& state) {
  IM_ASSERT((full.rows >= 0 && full.cols >= 0) && "GridPicture rows and cols must not be negative.");
  const GridPicture& picture = full;  // the controls' title; the canvas draws the layout's summary if any
  std::optional<GridCell> intent;
  ImGui::PushID(picture.title.c_str());  // stable across frames, unlike the address of a temporary
  if (!state.compact) DrawControls(picture, state);

  if (ImGui::BeginChild("grid canvas", ImVec2(0.0f, 0.0f), false, ImGuiWindowFlags_HorizontalScrollbar)) {
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float line_height = ImGui::GetTextLineHeight();
    const GridLayoutOptions options{
        .zoom = state.zoom,
        .show_order = state.show_order,
        .text = {.char_width = ImGui::CalcTextSize("0").x, .line_height = line_height}};
    // One pixel of slack so that a layout that fits exactly never summons a scrollbar that then shrinks
    // the pane and makes it not fit.
    const GridLayout layout = BuildGridLayout(full, avail.x - 1.0f, avail.y - 1.0f, options);
    // A large grid in a small pane comes back as a summary in bands: it is what the canvas shows.
    const GridPicture& shown = layout.summary ? *layout.summary : full;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const bool clicked = ImGui::InvisibleButton(
        "cells", ImVec2(std::max(layout.content_size.x, 1.0f), std::max(layout.content_size.y, 1.0f)));
    const bool hovered = ImGui::IsItemHovered();
    if (hovered) ZoomAndPan(state);

    ImDrawList* dl = ImGui::GetWindowDrawList();
    const Painter painter{dl, origin, line_height, dl->GetClipRectMin(), dl->GetClipRectMax()};
    std::optional<LayoutRect> current_cell;  // where the cursor's cell was painted, if it was
    // A step's transition: the ring starts from the cell it left (cell for cell only, not in a summary).
    std::optional<LayoutRect> glide_from;
    if (state.glide < 1.0f && state.glide_from && !layout.summary)
      for (const SliceLayout& slice : layout.slices) {
        const auto i = static_cast<std::size_t>(state.glide_from->row * shown.cols + state.glide_from->col);
        if (slice.source == state.glide_from->slice && i < slice.cells.size()) glide_from = slice.cells[i];
      }
    PaintLegend(painter, layout);
    for (const SliceLayout& slice : layout.slices) {
      const GridSlice& source = shown.slices[static_cast<std::size_t>(slice.source)];
      PaintCells(painter, shown, slice, source, layout.cell_gap);
      if (state.show_order) {
        PaintPath(painter, shown, slice, source, layout.cell_pitch);
        if (!layout.summary && layout.cell_pitch >= 2.2f * line_height) {
          PaintStepNumbers(painter, shown, slice, source, slice.source);
        }
      }
      PaintLabels(painter, slice.labels);
      for (const SliceLayout::CoreRegion& region : slice.core_regions)
        grid_paint::PaintCoreRegion(painter, region);
      grid_paint::PaintArrow(painter, painter.At(slice.innermost.from), painter.At(slice.innermost.to),
                             palette::Active().passage, std::max(2.0f, 0.15f * line_height),
                             0.6f * line_height);
      if (!layout.summary) {
        for (const GridMotion& motion : shown.motion) {
          const auto i = static_cast<std::size_t>(motion.cell.row * shown.cols + motion.cell.col);
          if (motion.cell.slice == slice.source && i < slice.cells.size())
            PaintMotion(painter, slice.cells[i], motion);
        }
      }
      if (shown.current && shown.current->slice == slice.source) {
        const auto i = static_cast<std::size_t>(shown.current->row * shown.cols + shown.current->col);
        if (i < slice.cells.size()) {
          PaintCurrentOutline(
              painter, glide_from ? Between(*glide_from, slice.cells[i], state.glide) : slice.cells[i]);
          current_cell = slice.cells[i];
        }
      }
    }
    const std::optional<LayoutRect> stop_focus = FocusRect(layout, shown);
    if (stop_focus) PaintFocusOutline(painter, *stop_focus);
    if (layout.lens) PaintLens(painter, *layout.lens);
    if (Drawn* drawn = DrawnProbe()) {
      drawn->cell_px = layout.cell_pitch - layout.cell_gap;
      // The focus is the stop's cells when it names them, else the cursor's cell (or its magnified copy when
      // the grid is summed up in bands).
      const std::optional<LayoutRect> focus = stop_focus    ? stop_focus
                                              : layout.lens ? layout.lens->current
                                                            : current_cell;
      drawn->focus_in_view["grid"] = focus && painter.Inside(*focus);
    }
    if (layout.too_large) {
      const float y = layout.slices.empty() ? 0.0f : layout.slices.front().grid.min.y;
      ui::DrawText(dl, painter.At({0.0f, y}), palette::Active().text_strong,
                   "Too many grid steps per slice to draw.");
    }

    if (hovered) {
      const ImVec2 mouse = ImGui::GetIO().MousePos;
      if (const auto hit = HitTestGridLayout(layout, shown, {mouse.x - origin.x, mouse.y - origin.y})) {
        if (layout.summary) {
          ShowBandTooltip(shown, full, *hit);
        } else {
          ShowCellTooltip(full, *hit);
        }
        // In a summary, a band seeks to its first cell.
        if (clicked) {
          intent = GridCell{.slice = hit->slice,
                            .row = std::min(hit->row * shown.row_band, full.rows - 1),
                            .col = std::min(hit->col * shown.col_band, full.cols - 1)};
        }
      }
    }
  }
  ImGui::EndChild();
  ImGui::PopID();
  return intent;
}

}  // namespace tilewalk::views
