// What a point of the grid layout hits, the runs of cells to paint, and the hatching of skipped cells.
#include <algorithm>

#include "app/views/grid_layout.hpp"

namespace tilewalk::views {

std::optional<GridCell> HitTestGridLayout(const GridLayout& layout, const GridPicture& picture, LayoutVec p) {
  if (layout.cell_pitch <= 0.0f || layout.too_large) return std::nullopt;
  for (std::size_t s = 0; s < layout.slices.size(); ++s) {
    const LayoutRect& grid = layout.slices[s].grid;
    if (!grid.Contains(p)) continue;
    const int col = std::clamp(static_cast<int>((p.x - grid.min.x) / layout.cell_pitch), 0, picture.cols - 1);
    const int row = std::clamp(static_cast<int>((p.y - grid.min.y) / layout.cell_pitch), 0, picture.rows - 1);
    return GridCell{.slice = layout.slices[s].source, .row = row, .col = col};
  }
  return std::nullopt;
}

std::optional<LayoutRect> FocusRect(const GridLayout& layout, const GridPicture& picture) {
  if (!picture.focus || picture.cols <= 0) return std::nullopt;
  const GridRange& f = *picture.focus;
  for (const SliceLayout& slice : layout.slices) {
    if (slice.source != f.slice) continue;
    const auto at = [&](int row, int col) -> const LayoutRect* {
      const auto i = static_cast<std::size_t>(row) * static_cast<std::size_t>(picture.cols) +
                     static_cast<std::size_t>(col);
      return row >= 0 && col >= 0 && row < picture.rows && col < picture.cols && i < slice.cells.size()
                 ? &slice.cells[i]
                 : nullptr;
    };
    const LayoutRect* first = at(f.first_row, f.first_col);
    const LayoutRect* last =
        at(std::min(f.last_row, picture.rows - 1), std::min(f.last_col, picture.cols - 1));
    if (first == nullptr || last == nullptr) return std::nullopt;
    return LayoutRect{first->min, last->max};
  }
  return std::nullopt;
}

CellState StateAt(const GridSlice& slice, std::size_t index) {
  return index < slice.cells.size() ? slice.cells[index] : CellState::Pending;
}

std::vector<CellRun> CellRuns(const GridPicture& picture, const SliceLayout& slice, const GridSlice& source,
                              float gap) {
  std::vector<CellRun> runs;
  if (gap > 0.0f || picture.cols <= 0) {
    for (std::size_t i = 0; i < slice.cells.size(); ++i) runs.push_back({slice.cells[i], StateAt(source, i)});
    return runs;
  }
  const auto cols = static_cast<std::size_t>(picture.cols);
  for (std::size_t row_start = 0; row_start + cols <= slice.cells.size(); row_start += cols) {
    std::size_t run = row_start;
    for (std::size_t i = row_start + 1; i <= row_start + cols; ++i) {
      if (i < row_start + cols && StateAt(source, i) == StateAt(source, run)) continue;
      runs.push_back({{slice.cells[run].min, slice.cells[i - 1].max}, StateAt(source, run)});
      run = i;
    }
  }
  return runs;
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
