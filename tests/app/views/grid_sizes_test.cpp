// Grids of every size a realistic sequence length gives, in the panes the grid gets on the desktop and in
// classroom mode: the summary, its magnifier and the legend share the pane without covering each other,
// all of it fits, and the cells stay readable.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "app/views/grid_layout.hpp"

namespace tilewalk::views::grid_sizes {
namespace {

GridPicture Causal(int rows, int cols) {
  GridPicture picture{
      .title = "t", .row_label = "q block", .col_label = "kv block", .rows = rows, .cols = cols};
  std::vector<CellState> cells(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols));
  // A causal forward grid a third of the way through: rows above the cursor ran or were skipped.
  const int cursor_row = rows / 3, cursor_col = std::min(cursor_row, cols - 1);
  for (int r = 0; r <= cursor_row; ++r)
    for (int c = 0; c < cols && (r < cursor_row || c <= cursor_col); ++c)
      cells[static_cast<std::size_t>(r * cols + c)] = c <= r ? CellState::Ran : CellState::Skipped;
  picture.slices.push_back({.batch = 0, .head = 0, .cells = std::move(cells)});
  picture.current = GridCell{0, cursor_row, cursor_col};
  return picture;
}

bool Overlap(const LayoutRect& a, const LayoutRect& b) {
  return a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y;
}

LayoutRect TextRect(const LayoutLabel& label, const TextMetrics& m) {
  std::size_t longest = 0, start = 0;
  while (start <= label.text.size()) {
    const std::size_t end = std::min(label.text.find('\n', start), label.text.size());
    longest = std::max(longest, end - start);
    start = end + 1;
  }
  const auto lines = static_cast<float>(std::count(label.text.begin(), label.text.end(), '\n') + 1);
  return {label.pos,
          {label.pos.x + static_cast<float>(longest) * m.char_width, label.pos.y + lines * m.line_height}};
}

// Everything the legend draws, as rectangles.
std::vector<LayoutRect> LegendRects(const GridLayout& layout, const TextMetrics& m) {
  std::vector<LayoutRect> rects;
  for (const LegendEntry& e : layout.legend) {
    rects.push_back(e.swatch);
    rects.push_back(TextRect(e.label, m));
  }
  for (const auto* label : {&layout.legend_path_label, &layout.legend_innermost_label, &layout.legend_note})
    if (*label) rects.push_back(TextRect(**label, m));
  return rects;
}

struct Pane {
  const char* where;
  float width, height;
  TextMetrics text;
};

// The grid pane's inside at 1920x1080: in the tour layout (20 px text), narrow and wide, and as classroom
// mode's picture (29 px text), beside the passage and stacked.
const Pane kPanes[] = {
    {"tour layout, 1080p", 560.0f, 620.0f, {11.0f, 20.0f}},
    {"tour layout, 1080p, wide", 1180.0f, 600.0f, {11.0f, 20.0f}},
    {"classroom, 1080p", 1150.0f, 820.0f, {16.0f, 29.0f}},
    {"classroom, 1080p, stacked", 1800.0f, 430.0f, {16.0f, 29.0f}},
};

}  // namespace

TEST_CASE(
    "grid sizes: from 4x4 to 256x256, the summary, its magnifier and the legend never cover each other") {
  const std::pair<int, int> sizes[] = {{4, 4}, {8, 8}, {16, 4}, {32, 8}, {32, 16}, {64, 64}, {256, 256}};
  int summarised = 0;
  for (const Pane& pane : kPanes) {
    for (const auto& [rows, cols] : sizes) {
      CAPTURE(pane.where);
      CAPTURE(rows);
      CAPTURE(cols);
      const GridLayout layout =
          BuildGridLayout(Causal(rows, cols), pane.width, pane.height, {.text = pane.text});
      // All of it fits the pane: nothing to scroll to.
      CHECK(layout.content_size.x <= pane.width + 0.5f);
      CHECK(layout.content_size.y <= pane.height + 0.5f);
      // Cells a person can read from the back of the room: a line of text high at least.
      CHECK(layout.cell_pitch >= pane.text.line_height);
      REQUIRE_FALSE(layout.slices.empty());
      const std::vector<LayoutRect> legend = LegendRects(layout, pane.text);
      for (const SliceLayout& slice : layout.slices)
        for (const LayoutRect& part : legend) CHECK_FALSE(Overlap(part, slice.grid));
      if (!layout.summary) continue;
      ++summarised;
      // A summary keeps the cursor's band magnified, beside or under it, over nothing.
      REQUIRE(layout.lens.has_value());
      CHECK(layout.lens->current.has_value());
      for (const SliceLayout& slice : layout.slices) CHECK_FALSE(Overlap(layout.lens->frame, slice.frame));
      for (const LayoutRect& part : legend) CHECK_FALSE(Overlap(layout.lens->frame, part));
      CHECK(layout.lens->frame.max.x <= pane.width + 0.5f);
      CHECK(layout.lens->frame.max.y <= pane.height + 0.5f);
    }
  }
  CHECK(summarised >= 8);  // the large grids are summaries in every pane
}

}  // namespace tilewalk::views::grid_sizes
