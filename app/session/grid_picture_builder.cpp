#include "app/session/picture_builders.hpp"

#include <cassert>

namespace tilewalk::session {
namespace {

views::CellState ToView(walkthrough::CellState state) {
  switch (state) {
    case walkthrough::CellState::Pending:
      return views::CellState::Pending;
    case walkthrough::CellState::Ran:
      return views::CellState::Ran;
    case walkthrough::CellState::Skipped:
      return views::CellState::Skipped;
  }
  return views::CellState::Pending;
}

std::string LaunchTitle(const std::string& launch) {
  if (launch == "fwd") return "Forward grid, row by row";
  if (launch == "dkv") return "dK/dV grid, column by column";
  if (launch == "dq") return "dQ grid, row by row";
  return launch + " grid";
}

}  // namespace

views::GridPicture BuildGridPicture(const walkthrough::Snapshot& snap) {
  views::GridPicture picture;
  if (snap.grid.rank() != 4) return picture;   // the grid pane reads (b, h, ·, ·) grids
  const bool dkv = snap.launch_name == "dkv";  // its grid is (b, h, kv, q): q innermost
  const int batches = static_cast<int>(snap.grid[0]), heads = static_cast<int>(snap.grid[1]);
  picture.title = LaunchTitle(snap.launch_name);
  picture.row_label = "q block";
  picture.col_label = "kv block";
  picture.rows = static_cast<int>(dkv ? snap.grid[3] : snap.grid[2]);
  picture.cols = static_cast<int>(dkv ? snap.grid[2] : snap.grid[3]);
  picture.walks_down_columns = dkv;
  picture.core1_first_step = static_cast<int>(snap.core1_first_step);
  assert(snap.cells.size() == static_cast<std::size_t>(batches * heads * picture.rows * picture.cols) &&
         "a snapshot has one cell per grid step of its launch");
  for (int b = 0; b < batches; ++b) {
    for (int h = 0; h < heads; ++h) {
      views::GridSlice slice{.batch = b, .head = h};
      const int index = b * heads + h;
      slice.cells.resize(static_cast<std::size_t>(picture.rows * picture.cols));
      for (int r = 0; r < picture.rows; ++r)
        for (int c = 0; c < picture.cols; ++c)
          slice.cells[static_cast<std::size_t>(r * picture.cols + c)] =
              ToView(snap.cells[static_cast<std::size_t>(views::StepInLaunch(picture, index, r, c))]);
      picture.slices.push_back(std::move(slice));
    }
  }
  picture.current = views::CellOfStep(picture, snap.step);
  return picture;
}

}  // namespace tilewalk::session
