#include "app/session/stop_focus.hpp"

#include <algorithm>

#include "app/session/tour_session.hpp"

namespace tilewalk::session {

using Kind = walkthrough::StopFocus::Kind;

void FocusMemoryOn(views::MemoryPicture& memory, const walkthrough::StopFocus& focus) {
  if (focus.kind != Kind::Operand) return;
  const auto row = [&](const std::vector<views::OperandPicture>& operands) {
    for (std::size_t i = 0; i < operands.size(); ++i)
      if (operands[i].name == focus.operand) return static_cast<int>(i);
    return -1;
  };
  if (const int i = row(memory.inputs); i >= 0) {
    memory.focus = views::MemoryFocus::Input;
    memory.focus_index = i;
  } else if (const int o = row(memory.outputs); o >= 0) {
    memory.focus = views::MemoryFocus::Output;
    memory.focus_index = o;
  } else {
    for (const views::ScratchPicture& s : memory.scratch)
      if (s.text.starts_with(focus.operand + " ")) memory.focus = views::MemoryFocus::Scratch;
  }
}

void FocusGridOn(views::GridPicture& grid, const walkthrough::StopFocus& focus) {
  if (focus.kind != Kind::Cell || focus.cell.size() != 4 || focus.cell_last.size() != 4) return;
  // The innermost grid axis is the last index: along a row, or down a column.
  const std::size_t row_axis = grid.walks_down_columns ? 3 : 2, col_axis = grid.walks_down_columns ? 2 : 3;
  for (std::size_t s = 0; s < grid.slices.size(); ++s) {
    if (grid.slices[s].batch != focus.cell[0] || grid.slices[s].head != focus.cell[1]) continue;
    if (focus.cell[row_axis] >= grid.rows || focus.cell[col_axis] >= grid.cols) return;
    grid.focus = views::GridRange{
        .slice = static_cast<int>(s),
        .first_row = static_cast<int>(focus.cell[row_axis]),
        .last_row = static_cast<int>(std::min<int64_t>(focus.cell_last[row_axis], grid.rows - 1)),
        .first_col = static_cast<int>(focus.cell[col_axis]),
        .last_col = static_cast<int>(std::min<int64_t>(focus.cell_last[col_axis], grid.cols - 1))};
    return;
  }
}

void FocusTimelineOn(views::TimelinePicture& timeline, const walkthrough::StopFocus& focus) {
  if (focus.kind != Kind::Launch) return;
  for (views::TimelineBand& band : timeline.launches) band.focus = band.name == focus.launch;
}

void FocusRowsOn(views::LanesPicture& lanes, views::ScoresPicture& scores,
                 const walkthrough::StopFocus& focus) {
  if (focus.kind != Kind::Rows) return;
  for (views::Heatmap* h : {&lanes.m, &lanes.l, &lanes.alpha, &scores.s, &scores.p}) {
    h->focus_first_row = focus.first_row;
    h->focus_last_row = focus.last_row;
  }
}

void FocusPictures(TourPictures& pictures, const walkthrough::StopFocus& focus) {
  FocusMemoryOn(pictures.memory, focus);
  FocusGridOn(pictures.grid, focus);
  FocusTimelineOn(pictures.timeline, focus);
  FocusRowsOn(pictures.lanes, pictures.scores, focus);
}

}  // namespace tilewalk::session
