// Geometry of the grid view: cells fit and never overlap, the path follows the loop order, the innermost
// arrow points along the innermost axis, and no pane size or grid size produces a NaN.
#include "app/views/grid_layout.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "app/views/canned_grids.hpp"

namespace tilewalk::views {
namespace {

GridPicture Blank(int rows, int cols, bool walks_down, int slices = 1) {
  GridPicture picture{.title = "t",
                      .row_label = "q block",
                      .col_label = "kv block",
                      .rows = rows,
                      .cols = cols,
                      .walks_down_columns = walks_down,
                      .slices = {}};
  for (int s = 0; s < slices; ++s) {
    picture.slices.push_back(
        {.batch = s, .head = 0, .cells = std::vector<CellState>(static_cast<std::size_t>(rows * cols))});
  }
  return picture;
}

bool Overlap(const LayoutRect& a, const LayoutRect& b) {
  return a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y;
}

bool Finite(LayoutVec v) {
  return std::isfinite(v.x) && std::isfinite(v.y);
}
bool Finite(const LayoutRect& r) {
  return Finite(r.min) && Finite(r.max);
}

void RequireAllFinite(const GridLayout& layout) {
  REQUIRE(std::isfinite(layout.cell_pitch));
  REQUIRE(std::isfinite(layout.cell_gap));
  REQUIRE(Finite(layout.content_size));
  for (const LegendEntry& e : layout.legend) REQUIRE(Finite(e.swatch));
  for (const SliceLayout& s : layout.slices) {
    REQUIRE(Finite(s.frame));
    REQUIRE(Finite(s.grid));
    REQUIRE(Finite(s.innermost.from));
    REQUIRE(Finite(s.innermost.to));
    for (const LayoutRect& c : s.cells) REQUIRE(Finite(c));
    for (const LayoutVec& p : s.path) REQUIRE(Finite(p));
    for (const LayoutLabel& l : s.labels) REQUIRE(Finite(l.pos));
  }
}

bool Near(LayoutVec a, LayoutVec b) {
  return std::abs(a.x - b.x) < 1e-3f && std::abs(a.y - b.y) < 1e-3f;
}

}  // namespace

TEST_CASE("grid layout: cells fit the pane and do not overlap, within and across slices") {
  for (const bool walks_down : {false, true}) {
    CAPTURE(walks_down);
    const GridPicture picture = Blank(4, 5, walks_down, 3);
    const float width = 900.0f, height = 700.0f;
    const GridLayout layout = BuildGridLayout(picture, width, height);
    REQUIRE(layout.slices.size() == 3);
    CHECK(layout.content_size.x <= width);
    CHECK(layout.content_size.y <= height);
    std::vector<LayoutRect> all;
    for (const SliceLayout& slice : layout.slices) {
      REQUIRE(slice.cells.size() == 20);
      CHECK(slice.frame.min.x >= 0.0f);
      CHECK(slice.frame.min.y >= 0.0f);
      CHECK(slice.frame.max.x <= width);
      CHECK(slice.frame.max.y <= height);
      for (const LayoutRect& cell : slice.cells) {
        CHECK(cell.Width() > 0.0f);
        CHECK(cell.Height() > 0.0f);
        CHECK(cell.min.x >= slice.grid.min.x);
        CHECK(cell.max.x <= slice.grid.max.x);
        CHECK(cell.min.y >= slice.grid.min.y);
        CHECK(cell.max.y <= slice.grid.max.y);
        all.push_back(cell);
      }
    }
    for (std::size_t i = 0; i < all.size(); ++i) {
      for (std::size_t j = i + 1; j < all.size(); ++j) REQUIRE_FALSE(Overlap(all[i], all[j]));
    }
    for (std::size_t i = 0; i < layout.slices.size(); ++i) {
      for (std::size_t j = i + 1; j < layout.slices.size(); ++j) {
        CHECK_FALSE(Overlap(layout.slices[i].frame, layout.slices[j].frame));
      }
    }
  }
}

TEST_CASE("grid layout: cells are row-major and laid out left to right, top to bottom") {
  const GridLayout layout = BuildGridLayout(Blank(3, 4, false), 800.0f, 600.0f);
  const SliceLayout& slice = layout.slices.front();
  // cell (1, 2) is to the right of (1, 1) and below (0, 2)
  CHECK(slice.cells[1 * 4 + 2].min.x > slice.cells[1 * 4 + 1].min.x);
  CHECK(slice.cells[1 * 4 + 2].min.y > slice.cells[0 * 4 + 2].min.y);
}

TEST_CASE("grid layout: the path walks along rows when kv is innermost (forward, dQ)") {
  const int rows = 3, cols = 5;
  const GridLayout layout = BuildGridLayout(Blank(rows, cols, false), 800.0f, 600.0f);
  const SliceLayout& slice = layout.slices.front();
  REQUIRE(slice.path.size() == static_cast<std::size_t>(rows * cols));
  CHECK(slice.run_length == cols);
  for (int k = 0; k < rows * cols; ++k) {
    CAPTURE(k);
    CHECK(Near(slice.path[static_cast<std::size_t>(k)], slice.cells[static_cast<std::size_t>(k)].Centre()));
  }
  // within a run the path moves right along one row
  CHECK(slice.path[1].x > slice.path[0].x);
  CHECK(slice.path[1].y == doctest::Approx(slice.path[0].y));
  // then wraps to the start of the next row
  CHECK(slice.path[static_cast<std::size_t>(cols)].y > slice.path[static_cast<std::size_t>(cols - 1)].y);
  CHECK(slice.path[static_cast<std::size_t>(cols)].x == doctest::Approx(slice.path[0].x));
}

TEST_CASE("grid layout: the path walks down columns when q is innermost (dK/dV)") {
  const int rows = 3, cols = 5;
  const GridLayout layout = BuildGridLayout(Blank(rows, cols, true), 800.0f, 600.0f);
  const SliceLayout& slice = layout.slices.front();
  REQUIRE(slice.path.size() == static_cast<std::size_t>(rows * cols));
  CHECK(slice.run_length == rows);
  for (int k = 0; k < rows * cols; ++k) {
    CAPTURE(k);
    const int row = k % rows, col = k / rows;
    CHECK(Near(slice.path[static_cast<std::size_t>(k)],
               slice.cells[static_cast<std::size_t>(row * cols + col)].Centre()));
  }
  CHECK(slice.path[1].y > slice.path[0].y);
  CHECK(slice.path[1].x == doctest::Approx(slice.path[0].x));
}

TEST_CASE("grid layout: the innermost arrow runs along the innermost axis and is labelled") {
  auto has_label = [](const SliceLayout& s, const std::string& text) {
    for (const LayoutLabel& l : s.labels) {
      if (l.role == LabelRole::Innermost && l.text == text) return true;
    }
    return false;
  };
  const SliceLayout along_rows = BuildGridLayout(Blank(4, 4, false), 800.0f, 600.0f).slices.front();
  CHECK(along_rows.innermost.to.x > along_rows.innermost.from.x);
  CHECK(along_rows.innermost.to.y == doctest::Approx(along_rows.innermost.from.y));
  CHECK(along_rows.innermost.from.y >= along_rows.grid.max.y);  // under the cells, not across them
  CHECK(has_label(along_rows, "innermost: kv block"));

  const SliceLayout down_columns = BuildGridLayout(Blank(4, 4, true), 800.0f, 600.0f).slices.front();
  CHECK(down_columns.innermost.to.y > down_columns.innermost.from.y);
  CHECK(down_columns.innermost.to.x == doctest::Approx(down_columns.innermost.from.x));
  CHECK(down_columns.innermost.from.x >= down_columns.grid.max.x);
  CHECK(has_label(down_columns, "q block"));
}

TEST_CASE("grid layout: zoom scales the cells and lets the content overflow the pane") {
  const GridPicture picture = Blank(8, 8, false);
  const GridLayout fit = BuildGridLayout(picture, 600.0f, 600.0f);
  const GridLayout zoomed = BuildGridLayout(picture, 600.0f, 600.0f, {.zoom = 2.0f});
  CHECK(zoomed.cell_pitch >= 2.0f * fit.cell_pitch);  // pitches are whole pixels, so within one of double
  CHECK(zoomed.cell_pitch <= 2.0f * fit.cell_pitch + 2.0f);
  CHECK(zoomed.content_size.x > 600.0f);
}

TEST_CASE("grid layout: index labels thin out instead of overprinting on a dense grid") {
  const GridLayout layout = BuildGridLayout(Blank(4, 300, false), 900.0f, 400.0f);
  const SliceLayout& slice = layout.slices.front();
  const float index_y = slice.grid.min.y - 1.2f * 13.0f;
  std::vector<const LayoutLabel*> column_indices;
  for (const LayoutLabel& l : slice.labels) {
    if (l.role == LabelRole::Index && l.pos.y == doctest::Approx(index_y)) column_indices.push_back(&l);
  }
  REQUIRE(column_indices.size() > 1);
  CHECK(column_indices.size() < 300);
  for (std::size_t i = 1; i < column_indices.size(); ++i) {
    const float previous_end =
        column_indices[i - 1]->pos.x + 7.0f * static_cast<float>(column_indices[i - 1]->text.size());
    CHECK(column_indices[i]->pos.x >= previous_end);
  }
}

TEST_CASE("grid layout: the legend names every state, and the path only when it is shown") {
  const GridPicture picture = Blank(2, 2, false);
  const GridLayout with_order = BuildGridLayout(picture, 800.0f, 600.0f, {.show_order = true});
  REQUIRE(with_order.legend.size() == 4);
  CHECK(with_order.legend[2].state == CellState::Skipped);
  CHECK(with_order.legend[2].label.text.find("no arithmetic") != std::string::npos);
  CHECK(with_order.legend_path.has_value());
  const GridLayout without = BuildGridLayout(picture, 800.0f, 600.0f, {.show_order = false});
  CHECK_FALSE(without.legend_path.has_value());
  // the legend sits above the slices
  for (const LegendEntry& e : with_order.legend) CHECK(e.swatch.max.y <= with_order.slices[0].frame.min.y);
}

TEST_CASE("grid layout: degenerate panes and grids give finite numbers and no cells out of thin air") {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  struct Pane {
    float width, height;
  };
  for (const Pane pane : {Pane{0, 0}, Pane{-50, -50}, Pane{nan, nan}, Pane{inf, inf}, Pane{1, 1e9f}}) {
    CAPTURE(pane.width);
    CAPTURE(pane.height);
    const GridLayout layout = BuildGridLayout(Blank(4, 4, false, 2), pane.width, pane.height);
    RequireAllFinite(layout);
    REQUIRE_FALSE(layout.slices.empty());  // a pane too small for both shows the one in focus
    CHECK(layout.cell_pitch >= 1.0f);
    CHECK(layout.slices[0].cells.size() == 16);
  }
  RequireAllFinite(BuildGridLayout(Blank(0, 0, false), 800.0f, 600.0f));
  CHECK(BuildGridLayout(Blank(0, 0, false), 800.0f, 600.0f).slices.front().cells.empty());
  CHECK(BuildGridLayout(Blank(0, 7, true), 800.0f, 600.0f).slices.front().path.empty());
  CHECK(BuildGridLayout(Blank(3, 3, false, 0), 800.0f, 600.0f).slices.empty());
  RequireAllFinite(BuildGridLayout(Blank(-3, -3, false), 800.0f, 600.0f));
  GridPicture most_negative = Blank(0, 0, true);
  most_negative.rows = most_negative.cols = std::numeric_limits<int>::min();  // no overflow on rows - 1
  RequireAllFinite(BuildGridLayout(most_negative, 800.0f, 600.0f));

  const GridLayoutOptions silly{
      .zoom = nan, .text = {.char_width = nan, .line_height = -1.0f}, .max_fit_cell = inf};
  RequireAllFinite(BuildGridLayout(Blank(4, 4, true), 800.0f, 600.0f, silly));
  RequireAllFinite(BuildGridLayout(Blank(4, 4, true), 800.0f, 600.0f, {.zoom = 0.0f}));
  RequireAllFinite(BuildGridLayout(Blank(4, 4, true), 800.0f, 600.0f, {.zoom = 1e30f}));
}

TEST_CASE(
    "grid layout: a huge grid in a small pane lays out with a minimum pitch, and an absurd one not at all") {
  const GridLayout huge = BuildGridLayout(Blank(1000, 1000, true), 100.0f, 100.0f);
  RequireAllFinite(huge);
  CHECK(huge.cell_pitch >= 1.0f);
  REQUIRE(huge.summary.has_value());  // in bands: a few cells, each many steps
  CHECK(huge.slices.front().cells.size() ==
        static_cast<std::size_t>(huge.summary->rows) * static_cast<std::size_t>(huge.summary->cols));
  CHECK(huge.content_size.x > 100.0f);  // it scrolls rather than shrinking to nothing
  // Zoomed in, the grid is drawn cell for cell, scrolling.
  const GridLayout zoomed = BuildGridLayout(Blank(1000, 1000, true), 100.0f, 100.0f, {.zoom = 2.0f});
  CHECK_FALSE(zoomed.summary.has_value());
  CHECK(zoomed.slices.front().cells.size() == 1000u * 1000u);

  // rows*cols overflows int and would need tens of gigabytes; the layout declines instead of allocating
  GridPicture absurd = Blank(0, 0, false);
  absurd.rows = 100000;
  absurd.cols = 100000;
  const GridLayout declined = BuildGridLayout(absurd, 800.0f, 600.0f);
  CHECK(declined.too_large);
  CHECK(declined.slices.front().cells.empty());
  RequireAllFinite(declined);
  CHECK_FALSE(HitTestGridLayout(declined, absurd, declined.slices.front().grid.Centre()).has_value());
}

TEST_CASE("grid layout: hit testing finds the cell under a point and nothing between slices") {
  const GridPicture picture = Blank(3, 4, false, 2);
  const GridLayout layout = BuildGridLayout(picture, 900.0f, 700.0f);
  for (int s = 0; s < 2; ++s) {
    for (int r = 0; r < 3; ++r) {
      for (int c = 0; c < 4; ++c) {
        const LayoutVec centre =
            layout.slices[static_cast<std::size_t>(s)].cells[static_cast<std::size_t>(r * 4 + c)].Centre();
        const auto hit = HitTestGridLayout(layout, picture, centre);
        REQUIRE(hit.has_value());
        CHECK(hit->slice == s);
        CHECK(hit->row == r);
        CHECK(hit->col == c);
      }
    }
  }
  CHECK_FALSE(HitTestGridLayout(layout, picture, {-5.0f, -5.0f}).has_value());
  CHECK_FALSE(HitTestGridLayout(layout, picture, layout.slices[0].frame.min).has_value());  // the title
}

TEST_CASE("hatching: segments stay inside the rectangle and degenerate input gives none") {
  const LayoutRect rect{{10.0f, 20.0f}, {50.0f, 44.0f}};
  const std::vector<LayoutSegment> lines = HatchSegments(rect, 6.0f);
  CHECK(lines.size() >= 8);
  for (const LayoutSegment& s : lines) {
    for (const LayoutVec p : {s.from, s.to}) {
      CHECK(p.x >= rect.min.x - 1e-3f);
      CHECK(p.x <= rect.max.x + 1e-3f);
      CHECK(p.y >= rect.min.y - 1e-3f);
      CHECK(p.y <= rect.max.y + 1e-3f);
    }
  }
  CHECK(HatchSegments(rect, 0.0f).empty());
  CHECK(HatchSegments(rect, std::numeric_limits<float>::quiet_NaN()).empty());
  CHECK(HatchSegments({{5, 5}, {5, 9}}, 2.0f).empty());
  CHECK(HatchSegments(rect, 1e-9f).size() <= 4096);  // the line count is clamped before it becomes an int
  CHECK(HatchSegments({{0, 0}, {std::numeric_limits<float>::infinity(), 5}}, 2.0f).size() <= 4096);
}

}  // namespace tilewalk::views

namespace tilewalk::views {

TEST_CASE(
    "grid layout: in a wide, short pane the legend stands beside the cells and names the innermost arrow") {
  const GridPicture picture = Blank(4, 4, false);
  const GridLayout wide = BuildGridLayout(picture, 420.0f, 200.0f);
  REQUIRE(wide.legend_beside);
  const SliceLayout& slice = wide.slices.front();
  for (const LegendEntry& e : wide.legend) CHECK(e.swatch.min.x >= slice.grid.max.x);
  REQUIRE(wide.legend_innermost_label.has_value());
  CHECK(wide.legend_innermost_label->text.find("innermost") != std::string::npos);
  for (const LayoutLabel& l : slice.labels)
    CHECK(l.role != LabelRole::Innermost);  // named once, in the legend
  CHECK(wide.content_size.x <= 420.0f);
  CHECK(wide.content_size.y <= 200.0f);
  // The legend above would leave the cells smaller: four rows under a band of legend in 200 pixels.
  CHECK(wide.cell_pitch > 20.0f);
  // A tall pane keeps the legend above, where it does not take width from the cells.
  CHECK_FALSE(BuildGridLayout(picture, 300.0f, 900.0f).legend_beside);
}

TEST_CASE(
    "grid layout: one slice needs no title, and a launch of many slices in a small pane shows the one in "
    "focus") {
  const GridLayout single = BuildGridLayout(Blank(2, 2, false), 400.0f, 300.0f);
  for (const LayoutLabel& l : single.slices.front().labels) CHECK(l.role != LabelRole::SliceTitle);

  GridPicture many = Blank(4, 4, false, 16);
  many.current = GridCell{9, 1, 1};
  const GridLayout focused = BuildGridLayout(many, 400.0f, 250.0f);
  REQUIRE(focused.slices.size() == 1);
  CHECK(focused.slices.front().source == 9);
  CHECK(focused.cell_pitch >= 13.0f);  // a line of text at the default metrics
  bool titled = false;
  for (const LayoutLabel& l : focused.slices.front().labels)
    titled = titled || (l.role == LabelRole::SliceTitle && l.text == "batch 9, head 0, 1 of 16");
  CHECK(titled);
  // A click on the one slice shown seeks within the slice it stands for.
  const auto hit = HitTestGridLayout(focused, many, focused.slices.front().cells[5].Centre());
  REQUIRE(hit.has_value());
  CHECK(hit->slice == 9);
  CHECK(hit->row == 1);
  CHECK(hit->col == 1);
  // With room for all sixteen, all are shown.
  CHECK(BuildGridLayout(many, 2400.0f, 1600.0f).slices.size() == 16);
}

}  // namespace tilewalk::views

namespace tilewalk::views {

TEST_CASE("grid layout: a grid too large for its pane is summarised in bands, a small one never") {
  GridPicture big = Blank(32, 16, false);
  std::vector<CellState>& cells = big.slices.front().cells;
  cells[0] = CellState::Ran;                                          // band (0, 0): ran
  cells[static_cast<std::size_t>(5 * 16 + 15)] = CellState::Skipped;  // row 5, column 15: the cursor's
  big.current = GridCell{0, 5, 15};
  const GridLayout small_pane = BuildGridLayout(big, 420.0f, 260.0f);
  REQUIRE(small_pane.summary.has_value());
  const GridPicture& bands = *small_pane.summary;
  CHECK(bands.row_band > 1);
  CHECK(bands.rows == (32 + bands.row_band - 1) / bands.row_band);
  CHECK(small_pane.cell_pitch >= 1.2f * 13.0f);
  REQUIRE(small_pane.legend_note.has_value());
  CHECK(small_pane.legend_note->text.find(std::to_string(bands.row_band)) != std::string::npos);
  const std::vector<CellState>& summary_cells = bands.slices.front().cells;
  CHECK(summary_cells[0] == CellState::Ran);
  REQUIRE(bands.current.has_value());
  CHECK(*bands.current == GridCell{0, 5 / bands.row_band, 15 / bands.col_band});
  // The cursor's band keeps its state: skipped, the only step in it that was reached.
  CHECK(summary_cells[static_cast<std::size_t>((5 / bands.row_band) * bands.cols + 15 / bands.col_band)] ==
        CellState::Skipped);
  CHECK(summary_cells.back() == CellState::Pending);
  // Labels count steps of the full grid: the second row label is the second band's first row.
  bool second_band_labelled = false;
  for (const LayoutLabel& l : small_pane.slices.front().labels)
    second_band_labelled =
        second_band_labelled || (l.role == LabelRole::Index && l.text == std::to_string(bands.row_band));
  CHECK(second_band_labelled);

  // The band the cursor is in, magnified cell for cell inside the content, the cursor's cell current.
  REQUIRE(small_pane.lens.has_value());
  const GridLens& lens = *small_pane.lens;
  // The band of row 5, column 15: whole along the rows, cut by the grid's right edge along the columns.
  const int band_cols = std::min(bands.col_band, 16 - (15 / bands.col_band) * bands.col_band);
  CHECK(lens.cells.size() == static_cast<std::size_t>(bands.row_band * band_cols));
  // The cursor's cell is outlined in the lens, and keeps its own state.
  REQUIRE(lens.current.has_value());
  CHECK(std::count(lens.states.begin(), lens.states.end(), CellState::Skipped) == 1);
  const int first_row = (5 / bands.row_band) * bands.row_band;
  CHECK(lens.title.text.find("\nq block " + std::to_string(first_row) + "-") != std::string::npos);
  CHECK(lens.frame.min.x >= 0.0f);
  CHECK(lens.frame.min.y >= 0.0f);
  CHECK(lens.frame.max.x <= small_pane.content_size.x + 0.01f);
  CHECK(lens.frame.max.y <= small_pane.content_size.y + 0.01f);
  for (const LayoutRect& cell : lens.cells) {
    CHECK(cell.min.x >= lens.frame.min.x);
    CHECK(cell.max.y <= lens.frame.max.y);
  }
  CHECK_FALSE(BuildGridLayout(big, 2400.0f, 1600.0f).summary.has_value());             // room for every cell
  CHECK_FALSE(BuildGridLayout(Blank(8, 8, false), 60.0f, 60.0f).summary.has_value());  // small: never banded
}

TEST_CASE("grid bands: a band is ran if any step ran, skipped if only skipped, and holds the cursor's cell") {
  GridPicture p = Blank(4, 4, false);
  std::vector<CellState>& cells = p.slices.front().cells;
  cells[0] = CellState::Skipped;  // band (0, 0): skipped and pending
  cells[2] = CellState::Skipped;  // band (0, 1): skipped, then ran
  cells[3] = CellState::Ran;
  cells[10] = CellState::Skipped;  // band (1, 1): the cursor's, skipped
  p.current = GridCell{0, 2, 2};
  const GridPicture banded = BandGrid(p, 2, 2);
  REQUIRE(banded.rows == 2);
  REQUIRE(banded.cols == 2);
  CHECK(banded.slices.front().cells ==
        std::vector<CellState>{CellState::Skipped, CellState::Ran, CellState::Pending, CellState::Skipped});
  CHECK(banded.current == GridCell{0, 1, 1});
}

}  // namespace tilewalk::views
