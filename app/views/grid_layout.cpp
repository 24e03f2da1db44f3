// Geometry of the grid view. Sections:
//   [Sanitising]  inputs that are NaN, negative or zero become safe values
//   [Slice]       one (batch, head) block: labels, cells, execution path, innermost arrow
// How many slices share a row and the cell pitch that fits the pane are in grid_slice_fit.cpp.
#include "app/views/grid_layout.hpp"

#include "app/views/grid_legend_layout.hpp"
#include "app/views/grid_slice_fit.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace tilewalk::views {
namespace {

using grid_legend::TextWidth;
using namespace grid_fit;

// ---- [Sanitising] ----

TextMetrics SaneMetrics(const TextMetrics& text) {
  TextMetrics sane;
  if (std::isfinite(text.char_width) && text.char_width > 0.0f) sane.char_width = text.char_width;
  if (std::isfinite(text.line_height) && text.line_height > 0.0f) sane.line_height = text.line_height;
  return sane;
}

// The smallest of 1, 2, 5, 10, 20, 50, ... such that labelling every stride-th row or column leaves at
// least `needed` pixels per label, so that indices never overprint on a dense grid.
int LabelStride(float pitch, float needed) {
  if (pitch <= 0.0f) return 1 << 30;
  for (int decade = 1; decade < (1 << 26); decade *= 10) {
    for (int step : {1, 2, 5}) {
      if (static_cast<float>(step * decade) * pitch >= needed) return step * decade;
    }
  }
  return 1 << 30;
}

// ---- [Slice] ----

void AddIndexLabels(SliceLayout& slice, const GridPicture& picture, float pitch, const TextMetrics& m) {
  const float lh = m.line_height;
  const int col_stride = LabelStride(
      pitch, static_cast<float>(IndexDigits(picture.cols * picture.col_band)) * m.char_width + m.char_width);
  const float index_y = slice.grid.min.y - 1.2f * lh;
  for (int c = 0; c < picture.cols; c += col_stride) {
    std::string text = std::to_string(c * picture.col_band);
    const float centre = slice.grid.min.x + (static_cast<float>(c) + 0.5f) * pitch;
    slice.labels.push_back(
        {{centre - 0.5f * TextWidth(text, m), index_y}, std::move(text), LabelRole::Index});
  }
  const int row_stride = LabelStride(pitch, 1.1f * lh);
  for (int r = 0; r < picture.rows; r += row_stride) {
    std::string text = std::to_string(r * picture.row_band);
    const float centre = slice.grid.min.y + (static_cast<float>(r) + 0.5f) * pitch;
    slice.labels.push_back({{slice.grid.min.x - 0.4f * lh - TextWidth(text, m), centre - 0.5f * lh},
                            std::move(text),
                            LabelRole::Index});
  }
}

// Megacore: the bounding box of each core's cells in the slice, pushed out to the middle of the gap, and its
// name in the box's top-right corner (its top-left when the box is narrower than the name).
bool Overlap(const LayoutRect& a, const LayoutRect& b) {
  return a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y;
}

// Where a core's name tag goes inside its outline: the top-right corner, or else the first of the other
// corners that leaves the current cell uncovered, so the tag never hides the step being taught.
LayoutVec CoreTagCorner(const LayoutRect& region, LayoutVec tag, const std::optional<LayoutRect>& current,
                        float pad) {
  const float left = region.min.x + pad, right = std::max(left, region.max.x - pad - tag.x);
  const float top = region.min.y + pad, bottom = std::max(top, region.max.y - pad - tag.y);
  for (const LayoutVec at :
       {LayoutVec{right, top}, LayoutVec{right, bottom}, LayoutVec{left, top}, LayoutVec{left, bottom}}) {
    if (!current || !Overlap({at, {at.x + tag.x, at.y + tag.y}}, *current)) return at;
  }
  return {right, top};
}

void AddCoreRegions(SliceLayout& slice, const GridPicture& picture, int source_index, float inset,
                    const TextMetrics& m) {
  if (picture.core1_first_step < 0 || picture.cols <= 0) return;
  std::optional<LayoutRect> current;
  if (picture.current && picture.current->slice == source_index) {
    const auto i = static_cast<std::size_t>(picture.current->row * picture.cols + picture.current->col);
    if (i < slice.cells.size()) current = slice.cells[i];
  }
  for (int core = 0; core < 2; ++core) {
    std::optional<LayoutRect> box;
    for (std::size_t i = 0; i < slice.cells.size(); ++i) {
      const int r = static_cast<int>(i) / picture.cols, c = static_cast<int>(i) % picture.cols;
      if (CoreOfCell(picture, source_index, r, c) != core) continue;
      const LayoutRect& cell = slice.cells[i];
      if (!box) box = cell;
      box->min = {std::min(box->min.x, cell.min.x), std::min(box->min.y, cell.min.y)};
      box->max = {std::max(box->max.x, cell.max.x), std::max(box->max.y, cell.max.y)};
    }
    if (!box) continue;
    const LayoutRect rect{{box->min.x - inset, box->min.y - inset}, {box->max.x + inset, box->max.y + inset}};
    std::string name = "core " + std::to_string(core);
    const LayoutVec at =
        CoreTagCorner(rect, {TextWidth(name, m), m.line_height}, current, 0.3f * m.line_height);
    slice.core_regions.push_back({rect, core, {at, std::move(name), LabelRole::Legend}});
  }
}

SliceLayout BuildSlice(const GridPicture& picture, int total, const SliceChrome& chrome,
                       const GridSlice& source, int source_index, LayoutVec origin, LayoutVec block_size,
                       float pitch, float gap, bool lay_out_cells, const TextMetrics& m) {
  const float lh = m.line_height;
  const int rows = std::max(picture.rows, 0), cols = std::max(picture.cols, 0);
  SliceLayout slice;
  slice.frame = {origin, {origin.x + block_size.x, origin.y + block_size.y}};
  const LayoutVec grid_min{origin.x + chrome.left, origin.y + chrome.top};
  slice.grid = {
      grid_min,
      {grid_min.x + static_cast<float>(cols) * pitch, grid_min.y + static_cast<float>(rows) * pitch}};

  std::string title = SliceTitle(picture, source, total);
  const float axis_y = title.empty() ? origin.y : origin.y + 1.2f * lh;
  if (!title.empty()) slice.labels.push_back({origin, std::move(title), LabelRole::SliceTitle});
  const float col_label_x =
      std::max(grid_min.x, slice.grid.Centre().x - 0.5f * TextWidth(picture.col_label, m));
  slice.labels.push_back({{col_label_x, axis_y}, picture.col_label, LabelRole::AxisName});
  slice.labels.push_back({{grid_min.x - 0.4f * lh - TextWidth(picture.row_label, m), grid_min.y - 1.2f * lh},
                          picture.row_label,
                          LabelRole::AxisName});
  AddIndexLabels(slice, picture, pitch, m);

  if (lay_out_cells) {
    const float inset = gap * 0.5f;
    slice.cells.reserve(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols));
    for (int r = 0; r < rows; ++r) {
      for (int c = 0; c < cols; ++c) {
        const LayoutVec cell_min{grid_min.x + static_cast<float>(c) * pitch + inset,
                                 grid_min.y + static_cast<float>(r) * pitch + inset};
        slice.cells.push_back({cell_min, {cell_min.x + pitch - gap, cell_min.y + pitch - gap}});
      }
    }
    // The grid runs in lexicographic order with the last axis fastest, so the path visits a whole run of
    // the innermost axis before it moves one step along the other.
    slice.run_length = picture.walks_down_columns ? rows : cols;
    AddCoreRegions(slice, picture, source_index, inset, m);
    slice.path.resize(slice.cells.size());
    for (int r = 0; r < rows; ++r) {
      for (int c = 0; c < cols; ++c) {
        const auto step = static_cast<std::size_t>(StepInSlice(rows, cols, picture.walks_down_columns, r, c));
        slice.path[step] = slice
                               .cells[static_cast<std::size_t>(r) * static_cast<std::size_t>(cols) +
                                      static_cast<std::size_t>(c)]
                               .Centre();
      }
    }
  }

  if (picture.walks_down_columns) {
    const float x = slice.grid.max.x + 0.8f * lh;
    const bool beside = chrome.innermost_label == InnermostLabel::Beside;
    const float min_length = beside ? 2.0f * lh : 0.0f;
    slice.innermost = {{x, slice.grid.min.y}, {x, std::max(slice.grid.max.y, slice.grid.min.y + min_length)}};
    if (beside) {
      const float text_x = x + 0.8f * lh;
      const float text_y = 0.5f * (slice.innermost.from.y + slice.innermost.to.y) - lh;
      slice.labels.push_back({{text_x, text_y}, chrome.innermost_head, LabelRole::Innermost});
      slice.labels.push_back({{text_x, text_y + lh}, chrome.innermost_tail, LabelRole::Innermost});
    } else if (chrome.innermost_label == InnermostLabel::Below) {
      slice.labels.push_back(
          {{slice.grid.min.x, slice.grid.max.y + 0.4f * lh}, chrome.innermost_head, LabelRole::Innermost});
    }
  } else {
    const float y = slice.grid.max.y + 0.8f * lh;
    slice.innermost = {{slice.grid.min.x, y}, {std::max(slice.grid.max.x, slice.grid.min.x + 2.0f * lh), y}};
    if (chrome.innermost_label != InnermostLabel::InLegend) {
      slice.labels.push_back(
          {{slice.grid.min.x, y + 0.6f * lh}, chrome.innermost_head, LabelRole::Innermost});
    }
  }
  return slice;
}

// Beside in short labels: for a pane too short or too narrow for the longer ones.
enum class LegendPlace : std::uint8_t { Above, Beside, BesideTerse };

// A layout with what makes it better than another: less content past the pane, then larger cells.
struct PlacedLayout {
  GridLayout layout;
  float overflow = 0.0f;  // pixels of content past the pane's right and bottom edges, at zoom 1
  float pitch = 0.0f;     // the fitted cell pitch, at zoom 1

  bool BetterThan(const PlacedLayout& other) const {
    if (overflow != other.overflow) return overflow < other.overflow;
    return pitch > other.pitch;
  }
};

// `total`: the launch's slices, of which `picture` may hold only the one in focus.
// `legend_height_max`: how tall the legend beside the slices may grow before it flows into another column.
PlacedLayout LayOutWithLegend(const GridPicture& picture, int total, float width, float height,
                              const GridLayoutOptions& options, LegendPlace place, float legend_height_max) {
  const TextMetrics m = SaneMetrics(options.text);
  const float lh = m.line_height;
  const float zoom = std::clamp(FiniteOr(options.zoom, 1.0f), kMinZoom, kMaxZoom);
  const float max_fit =
      options.max_fit_cell > 0.0f && std::isfinite(options.max_fit_cell) ? options.max_fit_cell : 6.0f * lh;

  GridLayout layout;
  layout.legend_beside = place != LegendPlace::Above;
  float legend_height =
      layout.legend_beside
          ? grid_legend::BuildLegendColumn(layout, picture, options, m, place == LegendPlace::BesideTerse,
                                           legend_height_max)
          : grid_legend::BuildLegendAbove(layout, picture, options, m, width);
  const float legend_width = grid_legend::LegendWidth(layout, m);
  const float legend_gap = 1.2f * lh;
  layout.content_size = {legend_width, legend_height};
  if (picture.slices.empty()) return {std::move(layout)};
  // The room the slices get: under the legend, or beside its column.
  const float slices_top = layout.legend_beside ? 0.0f : legend_height;
  const float slices_width = layout.legend_beside ? std::max(width - legend_width - legend_gap, 0.0f) : width;

  const int rows = std::max(picture.rows, 0), cols = std::max(picture.cols, 0);
  const float slice_gap = 1.5f * lh;
  const int slice_count = static_cast<int>(picture.slices.size());
  // Keep whichever label placement gives the larger cells; on a tie the label stays beside its arrow.
  SliceChrome chrome;
  Arrangement fit;
  fit.pitch = -1.0f;
  fit.shortfall = std::numeric_limits<float>::infinity();
  const std::vector<InnermostLabel> placements =
      layout.legend_beside ? std::vector{InnermostLabel::InLegend}
                           : std::vector{InnermostLabel::Beside, InnermostLabel::Below};
  for (const InnermostLabel placement : placements) {
    const SliceChrome candidate = MeasureChrome(picture, picture.slices.front(), total, placement, m);
    const Arrangement candidate_fit =
        FitSlices(slice_count, rows, cols, candidate, slices_width, height - slices_top, slice_gap, max_fit);
    if (candidate_fit.shortfall < fit.shortfall ||
        (candidate_fit.shortfall == fit.shortfall && candidate_fit.pitch > fit.pitch)) {
      chrome = candidate;
      fit = candidate_fit;
    }
  }
  // Whole pixels: cell edges stay crisp, and rounding can never push the content past the pane.
  const float pitch = std::floor(std::clamp(fit.pitch * zoom, kMinPitch, kMaxPitch));
  layout.cell_pitch = pitch;
  layout.cell_gap = pitch >= 6.0f ? std::clamp(pitch * 0.08f, 1.0f, 6.0f) : 0.0f;
  layout.too_large =
      static_cast<std::int64_t>(rows) * static_cast<std::int64_t>(cols) > kMaxLaidOutCellsPerSlice;

  const LayoutVec block{
      std::max(chrome.left + static_cast<float>(cols) * pitch + chrome.right, chrome.min_width),
      std::max(chrome.top + static_cast<float>(rows) * pitch + chrome.bottom, chrome.min_height)};
  layout.slices.reserve(picture.slices.size());
  for (int s = 0; s < slice_count; ++s) {
    const int at_col = s % fit.slice_columns, at_row = s / fit.slice_columns;
    const LayoutVec origin{static_cast<float>(at_col) * (block.x + slice_gap),
                           slices_top + static_cast<float>(at_row) * (block.y + slice_gap)};
    layout.slices.push_back(BuildSlice(picture, total, chrome, picture.slices[static_cast<std::size_t>(s)], s,
                                       origin, block, pitch, layout.cell_gap, !layout.too_large, m));
    layout.slices.back().source = s;
  }
  const int used_columns = std::min(fit.slice_columns, slice_count);
  const int used_rows = (slice_count + fit.slice_columns - 1) / fit.slice_columns;
  const LayoutVec slices_size{
      static_cast<float>(used_columns) * block.x + static_cast<float>(used_columns - 1) * slice_gap,
      static_cast<float>(used_rows) * block.y + static_cast<float>(used_rows - 1) * slice_gap};
  if (layout.legend_beside) {
    // Right after the cells, so that the eye goes from a cell to its colour's name in one short move.
    grid_legend::PlaceLegendAt(layout, slices_size.x + legend_gap);
    layout.content_size = {slices_size.x + legend_gap + legend_width, std::max(slices_size.y, legend_height)};
  } else {
    layout.content_size = {std::max(legend_width, slices_size.x), legend_height + slices_size.y};
  }
  // Judged at zoom 1: zooming in overflows on purpose.
  const float unzoomed = 1.0f / zoom;
  const float overflow = std::max(layout.content_size.x * unzoomed - width, 0.0f) +
                         std::max(layout.content_size.y * unzoomed - height, 0.0f);
  return {std::move(layout), std::floor(overflow), fit.pitch};
}

// The slice the cursor is in; else the last one the grid has reached; else the first.
int FocusSlice(const GridPicture& picture) {
  if (picture.current && picture.current->slice >= 0 &&
      picture.current->slice < static_cast<int>(picture.slices.size()))
    return picture.current->slice;
  int reached = 0;
  for (std::size_t s = 0; s < picture.slices.size(); ++s) {
    const std::vector<CellState>& cells = picture.slices[s].cells;
    if (std::any_of(cells.begin(), cells.end(), [](CellState c) { return c != CellState::Pending; }))
      reached = static_cast<int>(s);
  }
  return reached;
}

// The best of the legend above and beside.
PlacedLayout LayOutBest(const GridPicture& picture, int total, float width, float height,
                        const GridLayoutOptions& options) {
  constexpr float kOneColumn = std::numeric_limits<float>::infinity();
  PlacedLayout above =
      LayOutWithLegend(picture, total, width, height, options, LegendPlace::Above, kOneColumn);
  if (picture.slices.empty()) return above;
  PlacedLayout best = std::move(above);
  // Beside: in one column, or flowing into as many as the pane's height needs.
  for (const LegendPlace place : {LegendPlace::Beside, LegendPlace::BesideTerse})
    for (const float legend_height_max : {kOneColumn, height}) {
      PlacedLayout beside =
          LayOutWithLegend(picture, total, width, height, options, place, legend_height_max);
      if (beside.BetterThan(best)) best = std::move(beside);
    }
  return best;
}

// Every slice if they fit at a readable size, else the one in focus alone, its title saying how many there
// are.
PlacedLayout LayOutSlices(const GridPicture& picture, float width, float height,
                          const GridLayoutOptions& options) {
  const int total = static_cast<int>(picture.slices.size());
  PlacedLayout all = LayOutBest(picture, total, width, height, options);
  const float readable = kMinReadablePitchLines * SaneMetrics(options.text).line_height;
  if (total <= 1 || (all.overflow == 0.0f && all.pitch >= readable)) return all;
  const int focus = FocusSlice(picture);
  GridPicture one = picture;
  one.slices = {picture.slices[static_cast<std::size_t>(focus)]};
  if (one.current) {  // the cursor's cell is in the slice in focus, now the picture's only one
    if (one.current->slice == focus)
      one.current->slice = 0;
    else
      one.current.reset();
  }
  PlacedLayout alone = LayOutBest(one, total, width, height, options);
  if (all.BetterThan(alone) && all.overflow == 0.0f) return all;
  alone.layout.slices.front().source = focus;
  return alone;
}

// A summary and its lens side by side: the lens's box right of the summary or under it, whichever leaves the
// summary's cells larger, so that neither covers the other and both fit the pane.
PlacedLayout LayOutSummary(const GridPicture& banded, const GridPicture& full, float width, float height,
                           const GridLayoutOptions& options) {
  const TextMetrics m = SaneMetrics(options.text);
  const std::optional<LayoutVec> lens_size = GridLensSize(banded, full, m);
  if (!lens_size) {
    PlacedLayout alone = LayOutSlices(banded, width, height, options);
    alone.layout.summary = banded;
    return alone;
  }
  const float gap = m.line_height;
  std::optional<PlacedLayout> best;
  LayoutVec box_size;
  bool right = true;
  for (const bool beside : {true, false}) {
    const LayoutVec box{beside ? std::min(lens_size->x, 0.45f * width) : width,
                        beside ? height : std::min(lens_size->y, 0.5f * height)};
    PlacedLayout candidate = LayOutSlices(banded, beside ? std::max(width - box.x - gap, 0.0f) : width,
                                          beside ? height : std::max(height - box.y - gap, 0.0f), options);
    if (!best || candidate.BetterThan(*best)) {
      best = std::move(candidate);
      box_size = box;
      right = beside;
    }
  }
  GridLayout& layout = best->layout;
  layout.summary = banded;
  // Right of the slices, a legend beside them moves further right: the magnifier stays next to its band,
  // and its leader crosses no legend.
  float slices_right = 0.0f;
  for (const SliceLayout& slice : layout.slices) slices_right = std::max(slices_right, slice.frame.max.x);
  const LayoutVec at =
      right ? LayoutVec{(layout.legend_beside ? slices_right : layout.content_size.x) + gap, 0.0f}
            : LayoutVec{0.0f, layout.content_size.y + gap};
  layout.lens = BuildGridLens(layout, full, m, {at, {at.x + box_size.x, at.y + box_size.y}});
  if (!layout.lens) return std::move(*best);
  if (right && layout.legend_beside) {
    const float shift = layout.lens->frame.Width() + gap;
    grid_legend::PlaceLegendAt(layout, shift);
    layout.content_size.x += shift;
  }
  layout.content_size = {std::max(layout.content_size.x, layout.lens->frame.max.x),
                         std::max(layout.content_size.y, layout.lens->frame.max.y)};
  return std::move(*best);
}

}  // namespace

GridLayout BuildGridLayout(const GridPicture& picture, float width, float height,
                           const GridLayoutOptions& options) {
  width = std::max(FiniteOr(width, 0.0f), 0.0f);
  height = std::max(FiniteOr(height, 0.0f), 0.0f);
  // A grid too large to read cell for cell in this pane: bands of rows and columns (only along an axis of
  // more than a few cells), growing until a band cell is readable or each axis has a few bands left.
  const float readable = kMinBandPitchLines * SaneMetrics(options.text).line_height;
  const bool small = picture.rows <= kUnbandedSide && picture.cols <= kUnbandedSide;
  const bool bandable = !small && options.zoom <= 1.0f &&
                        static_cast<std::int64_t>(std::max(picture.rows, 0)) * std::max(picture.cols, 0) <=
                            kMaxLaidOutCellsPerSlice;
  // Cells can be no larger than the pane shared by the rows or by the columns alone; a grid whose cells
  // would be unreadable even so goes straight to bands, without laying out every cell first.
  const float at_most = std::min(width / static_cast<float>(std::max(picture.cols, 1)),
                                 height / static_cast<float>(std::max(picture.rows, 1)));
  float pitch = at_most;
  if (!bandable || at_most >= readable) {
    PlacedLayout best = LayOutSlices(picture, width, height, options);
    if (!bandable || best.pitch >= readable || best.layout.too_large) return std::move(best.layout);
    pitch = best.pitch;
  }
  // Cells shrink about as the band grows, so start near the band that makes them readable.
  const int first = std::clamp(static_cast<int>(readable / std::max(pitch, 1.0f)), 2, 1 << 20);
  for (int band = first;; band += std::max(1, band / 2)) {
    GridPicture banded =
        BandGrid(picture, picture.rows > kUnbandedSide ? band : 1, picture.cols > kUnbandedSide ? band : 1);
    PlacedLayout candidate = LayOutSummary(banded, picture, width, height, options);
    const bool few = banded.rows <= kUnbandedSide / 2 && banded.cols <= kUnbandedSide / 2;
    if (candidate.pitch >= readable || few) return std::move(candidate.layout);
  }
}

}  // namespace tilewalk::views
