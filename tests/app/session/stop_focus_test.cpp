// A stop's focus reaches the pictures it concerns: cells of the grid (in the launch's own axis order), a
// launch on the timeline, rows of the lanes and scores tiles; and the grid layout finds the focus's box,
// in a summary too.
#include "app/session/stop_focus.hpp"

#include <doctest/doctest.h>

#include "app/views/grid_layout.hpp"

namespace tilewalk::session {
namespace {

views::GridPicture Grid(int batches, int rows, int cols) {
  views::GridPicture grid{.rows = rows, .cols = cols};
  for (int b = 0; b < batches; ++b)
    grid.slices.push_back({.batch = b, .head = 0, .cells = std::vector<views::CellState>(rows * cols)});
  return grid;
}

walkthrough::StopFocus Cells(std::vector<int64_t> first, std::vector<int64_t> last) {
  return {.kind = walkthrough::StopFocus::Kind::Cell, .cell = std::move(first), .cell_last = std::move(last)};
}

}  // namespace

TEST_CASE(
    "stop focus: cells of the forward grid are (batch, head, q, kv), and dK/dV's (batch, head, kv, q)") {
  views::GridPicture fwd = Grid(2, 4, 4);
  FocusGridOn(fwd, Cells({1, 0, 0, 3}, {1, 0, 2, 3}));
  REQUIRE(fwd.focus.has_value());
  CHECK(*fwd.focus ==
        views::GridRange{.slice = 1, .first_row = 0, .last_row = 2, .first_col = 3, .last_col = 3});
  views::GridPicture dkv = Grid(1, 4, 4);
  dkv.walks_down_columns = true;  // dK/dV: q innermost, its grid index (batch, head, kv, q)
  FocusGridOn(dkv, Cells({0, 0, 3, 0}, {0, 0, 3, 2}));
  REQUIRE(dkv.focus.has_value());
  CHECK(*dkv.focus ==
        views::GridRange{.slice = 0, .first_row = 0, .last_row = 2, .first_col = 3, .last_col = 3});
  // Past the grid, or a batch it does not have: no focus. A range past the edge stops at it.
  views::GridPicture small = Grid(1, 2, 2);
  FocusGridOn(small, Cells({0, 0, 5, 0}, {0, 0, 5, 0}));
  CHECK_FALSE(small.focus.has_value());
  FocusGridOn(small, Cells({3, 0, 0, 0}, {3, 0, 0, 0}));
  CHECK_FALSE(small.focus.has_value());
  FocusGridOn(small, Cells({0, 0, 1, 0}, {0, 0, 9, 9}));
  REQUIRE(small.focus.has_value());
  CHECK(small.focus->last_row == 1);
  CHECK(small.focus->last_col == 1);
}

TEST_CASE("stop focus: a launch is outlined on the timeline, rows on every lanes and scores tile") {
  views::TimelinePicture timeline;
  timeline.launches = {{.name = "fwd"}, {.name = "dkv"}, {.name = "dq"}};
  FocusTimelineOn(timeline, {.kind = walkthrough::StopFocus::Kind::Launch, .launch = "dkv"});
  CHECK_FALSE(timeline.launches[0].focus);
  CHECK(timeline.launches[1].focus);
  CHECK_FALSE(timeline.launches[2].focus);
  views::LanesPicture lanes;
  views::ScoresPicture scores;
  FocusRowsOn(lanes, scores, {.kind = walkthrough::StopFocus::Kind::Rows, .first_row = 0, .last_row = 7});
  for (const views::Heatmap* h : {&lanes.m, &lanes.l, &lanes.alpha, &scores.s, &scores.p}) {
    CHECK(h->focus_first_row == 0);
    CHECK(h->focus_last_row == 7);
  }
  // A focus of another kind touches none of them.
  views::LanesPicture untouched_lanes;
  views::ScoresPicture untouched_scores;
  FocusRowsOn(untouched_lanes, untouched_scores,
              {.kind = walkthrough::StopFocus::Kind::Launch, .launch = "fwd"});
  CHECK(untouched_lanes.m.focus_first_row == -1);
  CHECK(untouched_scores.s.focus_first_row == -1);
}

TEST_CASE("stop focus: the grid layout boxes the focus's cells, in a summary of bands as well") {
  views::GridPicture grid = Grid(1, 4, 4);
  grid.focus = views::GridRange{.slice = 0, .first_row = 0, .last_row = 2, .first_col = 3, .last_col = 3};
  const views::GridLayout layout = views::BuildGridLayout(grid, 600, 600);
  const std::optional<views::LayoutRect> box = views::FocusRect(layout, grid);
  REQUIRE(box.has_value());
  const views::SliceLayout& slice = layout.slices.front();
  CHECK(box->min.x == slice.cells[3].min.x);   // row 0, column 3
  CHECK(box->max.y == slice.cells[11].max.y);  // row 2, column 3
  CHECK(box->max.x == slice.cells[11].max.x);
  views::GridPicture big = Grid(1, 256, 256);
  big.focus =
      views::GridRange{.slice = 0, .first_row = 100, .last_row = 120, .first_col = 0, .last_col = 255};
  big.current = views::GridCell{0, 100, 0};
  const views::GridLayout summary = views::BuildGridLayout(big, 600, 600);
  REQUIRE(summary.summary.has_value());
  REQUIRE(summary.summary->focus.has_value());
  CHECK(views::FocusRect(summary, *summary.summary).has_value());
}

}  // namespace tilewalk::session
