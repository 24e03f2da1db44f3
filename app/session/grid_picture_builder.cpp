#include "app/session/picture_builders.hpp"

#include <algorithm>
#include <cassert>
#include <vector>

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

views::GridPicture BuildGridPicture(const walkthrough::Snapshot& snap, const kernel::LaunchInfo* info) {
  views::GridPicture picture;
  const int rank = snap.grid.rank();
  if (info == nullptr || rank < 2 || info->axes.rows >= rank || info->axes.cols >= rank) return picture;
  const int row_axis = info->axes.rows, col_axis = info->axes.cols;
  // The other axes make the slices (flash: batch and head; splash: head). The picture draws a grid whose
  // slice axes (those with more than one index) all run outside both block axes, or all between them; a
  // slice axis inside both would make every cell's steps interleave.
  std::vector<int> slice_axes;
  bool outside = false, between = false;
  for (int a = 0; a < rank; ++a) {
    if (a == row_axis || a == col_axis) continue;
    slice_axes.push_back(a);
    if (snap.grid[a] <= 1) continue;
    if (a > std::max(row_axis, col_axis)) return picture;
    (a < std::min(row_axis, col_axis) ? outside : between) = true;
  }
  if (outside && between) return picture;
  picture.slices_between_blocks = between;
  picture.title = LaunchTitle(snap.launch_name);
  picture.row_label = std::string(info->axes.row_label);
  picture.col_label = std::string(info->axes.col_label);
  picture.rows = static_cast<int>(snap.grid[row_axis]);
  picture.cols = static_cast<int>(snap.grid[col_axis]);
  picture.walks_down_columns = row_axis > col_axis;  // the query axis innermost: steps walk down a column
  picture.core1_first_step = static_cast<int>(snap.core1_first_step);
  // The slices in step order; (batch, head) name each: the last two slice axes, the first of them absent
  // (0) when the grid has one slice axis.
  const int outer =
      slice_axes.size() >= 2 ? static_cast<int>(snap.grid[slice_axes[slice_axes.size() - 2]]) : 1;
  const int inner = slice_axes.empty() ? 1 : static_cast<int>(snap.grid[slice_axes.back()]);
  int slices = 1;
  for (int a : slice_axes) slices *= static_cast<int>(snap.grid[a]);
  assert(snap.cells.size() == static_cast<std::size_t>(slices * picture.rows * picture.cols) &&
         "a snapshot has one cell per grid step of its launch");
  picture.slices.resize(static_cast<std::size_t>(slices));  // StepInLaunch counts them
  for (int index = 0; index < slices; ++index) {
    views::GridSlice& slice = picture.slices[static_cast<std::size_t>(index)];
    slice.batch = (index / inner) % outer;
    slice.head = index % inner;
    slice.cells.resize(static_cast<std::size_t>(picture.rows * picture.cols));
    for (int r = 0; r < picture.rows; ++r)
      for (int c = 0; c < picture.cols; ++c)
        slice.cells[static_cast<std::size_t>(r * picture.cols + c)] =
            ToView(snap.cells[static_cast<std::size_t>(views::StepInLaunch(picture, index, r, c))]);
  }
  picture.current = views::CellOfStep(picture, snap.step);
  return picture;
}

}  // namespace tilewalk::session
