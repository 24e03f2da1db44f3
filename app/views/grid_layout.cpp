// Geometry of the grid view. Sections:
//   [Sanitising]  inputs that are NaN, negative or zero become safe values
//   [Fitting]     choosing how many slices share a row and the cell pitch that fits the pane
//   [Legend]      state swatches and the path sample, wrapped to the pane width
//   [Slice]       one (batch, head) block: labels, cells, execution path, innermost arrow
//   [Queries]     hit testing and hatching
#include "app/views/grid_layout.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace tilewalk::views {
namespace {

// ---- [Sanitising] ----

float FiniteOr(float value, float fallback) {
  return std::isfinite(value) ? value : fallback;
}

TextMetrics SaneMetrics(const TextMetrics& text) {
  TextMetrics sane;
  if (std::isfinite(text.char_width) && text.char_width > 0.0f) sane.char_width = text.char_width;
  if (std::isfinite(text.line_height) && text.line_height > 0.0f) sane.line_height = text.line_height;
  return sane;
}

// Digits of the largest index of an axis with `count` entries (0 to count-1), for any count.
int IndexDigits(int count) {
  int digits = 1;
  for (int value = std::max(count, 1) - 1; value >= 10; value /= 10) ++digits;
  return digits;
}

float TextWidth(const std::string& text, const TextMetrics& m) {
  return static_cast<float>(text.size()) * m.char_width;
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

// ---- [Fitting] ----

constexpr float kMinPitch = 2.0f;     // below this a cell is not a visible shape
constexpr float kMaxPitch = 4096.0f;  // zoomed in far enough; keeps the content size finite
constexpr float kMinZoom = 0.1f, kMaxZoom = 8.0f;

// Where the label of a vertical innermost arrow goes: beside it reads best, under the cells leaves the
// cells more width in a narrow pane. A horizontal arrow always has its label under it.
enum class InnermostLabel : std::uint8_t { Beside, Below };

// Space around the cells of one slice that does not scale with the cell pitch.
struct SliceChrome {
  float left = 0, right = 0, top = 0, bottom = 0;
  float min_width = 0, min_height = 0;  // the labels alone need this much
  InnermostLabel innermost_label = InnermostLabel::Below;
  std::string innermost_head{}, innermost_tail{};  // the label's first and (when beside) second line
};

SliceChrome MeasureChrome(const GridPicture& picture, const GridSlice& sample, InnermostLabel placement,
                          const TextMetrics& m) {
  const float lh = m.line_height;
  SliceChrome chrome;
  const std::string title = "batch " + std::to_string(sample.batch) + ", head " + std::to_string(sample.head);
  const int row_digits = IndexDigits(picture.rows);
  chrome.left =
      std::max(TextWidth(picture.row_label, m), static_cast<float>(row_digits) * m.char_width) + 0.5f * lh;
  // title, axis name, column indices, each on its own line
  chrome.top = 3.0f * lh + 0.8f * lh;
  const std::string& innermost_axis = picture.walks_down_columns ? picture.row_label : picture.col_label;
  chrome.innermost_label = picture.walks_down_columns ? placement : InnermostLabel::Below;
  if (picture.walks_down_columns && chrome.innermost_label == InnermostLabel::Beside) {
    // The arrow runs down the right-hand side; its label sits beside it, on two short lines.
    chrome.innermost_head = "innermost:";
    chrome.innermost_tail = innermost_axis;
    chrome.right =
        1.6f * lh + std::max(TextWidth(chrome.innermost_head, m), TextWidth(chrome.innermost_tail, m));
    chrome.bottom = 0.2f * lh;
    chrome.min_height = chrome.top + 2.0f * lh + chrome.bottom;
  } else if (picture.walks_down_columns) {
    // The arrow runs down the right-hand side; its label goes on one line under the cells.
    chrome.innermost_head = "innermost: " + innermost_axis;
    chrome.right = 1.4f * lh;
    chrome.bottom = 0.4f * lh + lh;
    chrome.min_height = chrome.top + chrome.bottom;
  } else {
    // The arrow runs under the cells, with its label on the line below it.
    chrome.innermost_head = "innermost: " + innermost_axis;
    chrome.right = 0.2f * lh;
    chrome.bottom = 0.4f * lh + 0.8f * lh + 0.2f * lh + lh;
    chrome.min_height = chrome.top + chrome.bottom;
  }
  chrome.min_width = std::max({TextWidth(title, m), chrome.left + TextWidth(picture.col_label, m),
                               chrome.left + TextWidth(chrome.innermost_head, m) + chrome.right});
  return chrome;
}

struct Arrangement {
  int slice_columns = 1, slice_rows = 1;
  float pitch = kMinPitch;
};

// Tries every number of slices per row and keeps the one that gives the largest cells.
Arrangement FitSlices(int slice_count, int rows, int cols, const SliceChrome& chrome, float width,
                      float height, float gap, float max_fit) {
  Arrangement best;
  best.pitch = -1.0f;
  const int count = std::max(slice_count, 1);
  for (int k = 1; k <= count; ++k) {
    const int r = (count + k - 1) / k;
    const float block_w = (width - static_cast<float>(k - 1) * gap) / static_cast<float>(k);
    const float block_h = (height - static_cast<float>(r - 1) * gap) / static_cast<float>(r);
    const float by_w = cols > 0 ? (block_w - chrome.left - chrome.right) / static_cast<float>(cols) : max_fit;
    const float by_h = rows > 0 ? (block_h - chrome.top - chrome.bottom) / static_cast<float>(rows) : max_fit;
    const float pitch = std::min(by_w, by_h);
    if (pitch > best.pitch) best = {.slice_columns = k, .slice_rows = r, .pitch = pitch};
    if (k >= 64) break;  // more slices per row than this never wins on a real pane
  }
  best.pitch = std::clamp(FiniteOr(best.pitch, kMinPitch), kMinPitch, std::max(max_fit, kMinPitch));
  return best;
}

// ---- [Legend] ----

float BuildLegend(GridLayout& layout, const GridLayoutOptions& options, const TextMetrics& m, float width) {
  const float lh = m.line_height;
  const float row_height = 1.4f * lh;
  float x = 0.0f, y = 0.0f;
  auto place = [&](float item_width) {
    if (x > 0.0f && x + item_width > width) {
      x = 0.0f;
      y += row_height;
    }
    const LayoutVec at{x, y};
    x += item_width + 1.2f * lh;
    return at;
  };
  struct Entry {
    CellState state;
    const char* text;
  };
  for (const Entry& e :
       {Entry{CellState::Pending, "pending"}, Entry{CellState::Ran, "ran"},
        Entry{CellState::Skipped, "skipped: visited, no arithmetic"}, Entry{CellState::Current, "current"}}) {
    const std::string text = e.text;
    const LayoutVec at = place(1.2f * lh + 0.4f * lh + TextWidth(text, m));
    const LayoutRect swatch{{at.x, at.y + 0.1f * lh}, {at.x + 1.2f * lh, at.y + 1.3f * lh}};
    layout.legend.push_back(
        {.swatch = swatch,
         .state = e.state,
         .label = {{swatch.max.x + 0.4f * lh, at.y + 0.2f * lh}, text, LabelRole::Legend}});
  }
  if (options.show_order) {
    const std::string text = "execution order";
    const LayoutVec at = place(2.4f * lh + 0.4f * lh + TextWidth(text, m));
    layout.legend_path = LayoutSegment{{at.x, at.y + 0.7f * lh}, {at.x + 2.4f * lh, at.y + 0.7f * lh}};
    layout.legend_path_label = LayoutLabel{{at.x + 2.8f * lh, at.y + 0.2f * lh}, text, LabelRole::Legend};
  }
  return y + row_height + 0.6f * lh;
}

// The legend can be wider than the slices on a narrow grid.
float LegendWidth(const GridLayout& layout, const TextMetrics& m) {
  float width = 0.0f;
  for (const LegendEntry& e : layout.legend)
    width = std::max(width, e.label.pos.x + TextWidth(e.label.text, m));
  if (layout.legend_path_label) {
    width = std::max(width, layout.legend_path_label->pos.x + TextWidth(layout.legend_path_label->text, m));
  }
  return width;
}

// ---- [Slice] ----

void AddIndexLabels(SliceLayout& slice, const GridPicture& picture, float pitch, const TextMetrics& m) {
  const float lh = m.line_height;
  const int col_stride =
      LabelStride(pitch, static_cast<float>(IndexDigits(picture.cols)) * m.char_width + m.char_width);
  const float index_y = slice.grid.min.y - 1.2f * lh;
  for (int c = 0; c < picture.cols; c += col_stride) {
    std::string text = std::to_string(c);
    const float centre = slice.grid.min.x + (static_cast<float>(c) + 0.5f) * pitch;
    slice.labels.push_back(
        {{centre - 0.5f * TextWidth(text, m), index_y}, std::move(text), LabelRole::Index});
  }
  const int row_stride = LabelStride(pitch, 1.1f * lh);
  for (int r = 0; r < picture.rows; r += row_stride) {
    std::string text = std::to_string(r);
    const float centre = slice.grid.min.y + (static_cast<float>(r) + 0.5f) * pitch;
    slice.labels.push_back({{slice.grid.min.x - 0.4f * lh - TextWidth(text, m), centre - 0.5f * lh},
                            std::move(text),
                            LabelRole::Index});
  }
}

SliceLayout BuildSlice(const GridPicture& picture, const SliceChrome& chrome, const GridSlice& source,
                       LayoutVec origin, LayoutVec block_size, float pitch, float gap, bool lay_out_cells,
                       const TextMetrics& m) {
  const float lh = m.line_height;
  const int rows = std::max(picture.rows, 0), cols = std::max(picture.cols, 0);
  SliceLayout slice;
  slice.frame = {origin, {origin.x + block_size.x, origin.y + block_size.y}};
  const LayoutVec grid_min{origin.x + chrome.left, origin.y + chrome.top};
  slice.grid = {
      grid_min,
      {grid_min.x + static_cast<float>(cols) * pitch, grid_min.y + static_cast<float>(rows) * pitch}};

  std::string title = "batch " + std::to_string(source.batch) + ", head " + std::to_string(source.head);
  slice.labels.push_back({origin, std::move(title), LabelRole::SliceTitle});
  const float col_label_x =
      std::max(grid_min.x, slice.grid.Centre().x - 0.5f * TextWidth(picture.col_label, m));
  slice.labels.push_back({{col_label_x, origin.y + 1.2f * lh}, picture.col_label, LabelRole::AxisName});
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
    } else {
      slice.labels.push_back(
          {{slice.grid.min.x, slice.grid.max.y + 0.4f * lh}, chrome.innermost_head, LabelRole::Innermost});
    }
  } else {
    const float y = slice.grid.max.y + 0.8f * lh;
    slice.innermost = {{slice.grid.min.x, y}, {std::max(slice.grid.max.x, slice.grid.min.x + 2.0f * lh), y}};
    slice.labels.push_back({{slice.grid.min.x, y + 0.6f * lh}, chrome.innermost_head, LabelRole::Innermost});
  }
  return slice;
}

}  // namespace

GridLayout BuildGridLayout(const GridPicture& picture, float width, float height,
                           const GridLayoutOptions& options) {
  const TextMetrics m = SaneMetrics(options.text);
  const float lh = m.line_height;
  width = std::max(FiniteOr(width, 0.0f), 0.0f);
  height = std::max(FiniteOr(height, 0.0f), 0.0f);
  const float zoom = std::clamp(FiniteOr(options.zoom, 1.0f), kMinZoom, kMaxZoom);
  const float max_fit =
      options.max_fit_cell > 0.0f && std::isfinite(options.max_fit_cell) ? options.max_fit_cell : 6.0f * lh;

  GridLayout layout;
  const float legend_height = BuildLegend(layout, options, m, width);
  layout.content_size = {LegendWidth(layout, m), legend_height};
  if (picture.slices.empty()) return layout;

  const int rows = std::max(picture.rows, 0), cols = std::max(picture.cols, 0);
  const float slice_gap = 1.5f * lh;
  const int slice_count = static_cast<int>(picture.slices.size());
  // Keep whichever label placement gives the larger cells; on a tie the label stays beside its arrow.
  SliceChrome chrome;
  Arrangement fit;
  fit.pitch = -1.0f;
  for (const InnermostLabel placement : {InnermostLabel::Beside, InnermostLabel::Below}) {
    const SliceChrome candidate = MeasureChrome(picture, picture.slices.front(), placement, m);
    const Arrangement candidate_fit =
        FitSlices(slice_count, rows, cols, candidate, width, height - legend_height, slice_gap, max_fit);
    if (candidate_fit.pitch > fit.pitch) {
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
                           legend_height + static_cast<float>(at_row) * (block.y + slice_gap)};
    layout.slices.push_back(BuildSlice(picture, chrome, picture.slices[static_cast<std::size_t>(s)], origin,
                                       block, pitch, layout.cell_gap, !layout.too_large, m));
  }
  const int used_columns = std::min(fit.slice_columns, slice_count);
  const int used_rows = (slice_count + fit.slice_columns - 1) / fit.slice_columns;
  layout.content_size = {
      std::max(layout.content_size.x,
               static_cast<float>(used_columns) * block.x + static_cast<float>(used_columns - 1) * slice_gap),
      legend_height + static_cast<float>(used_rows) * block.y +
          static_cast<float>(used_rows - 1) * slice_gap};
  return layout;
}

// ---- [Queries] ----

std::optional<GridCellRef> HitTestGridLayout(const GridLayout& layout, const GridPicture& picture,
                                             LayoutVec p) {
  if (layout.cell_pitch <= 0.0f || layout.too_large) return std::nullopt;
  for (std::size_t s = 0; s < layout.slices.size(); ++s) {
    const LayoutRect& grid = layout.slices[s].grid;
    if (!grid.Contains(p)) continue;
    const int col = std::clamp(static_cast<int>((p.x - grid.min.x) / layout.cell_pitch), 0, picture.cols - 1);
    const int row = std::clamp(static_cast<int>((p.y - grid.min.y) / layout.cell_pitch), 0, picture.rows - 1);
    return GridCellRef{.slice = static_cast<int>(s), .row = row, .col = col};
  }
  return std::nullopt;
}

std::vector<LayoutSegment> HatchSegments(const LayoutRect& rect, float spacing) {
  std::vector<LayoutSegment> segments;
  if (!(spacing > 0.0f) || !(rect.Width() > 0.0f) || !(rect.Height() > 0.0f)) return segments;
  // Each line is x + y = k; clip it to the rectangle. Start half a spacing in so no line is a corner dot.
  const float first = rect.min.x + rect.min.y + 0.5f * spacing;
  const float last = rect.max.x + rect.max.y;
  // Clamp in float before converting: a tiny spacing or an infinite rectangle must not overflow an int.
  const float lines = (last - first) / spacing;
  const int count =
      lines >= 0.0f && lines < 4095.0f ? static_cast<int>(lines) + 1 : (lines >= 4095.0f ? 4096 : 0);
  for (int i = 0; i < count; ++i) {
    const float k = first + static_cast<float>(i) * spacing;
    const float x0 = std::max(rect.min.x, k - rect.max.y);
    const float x1 = std::min(rect.max.x, k - rect.min.y);
    if (x1 <= x0) continue;
    segments.push_back({{x0, k - x0}, {x1, k - x1}});
  }
  return segments;
}

}  // namespace tilewalk::views
