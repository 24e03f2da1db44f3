// A stop's `focus:` brought forward in the pictures it concerns: an operand's row or a scratch buffer in the
// Memory pane, a cell or range of cells outlined in the grid, a launch outlined on the timeline, rows of the
// tile outlined in the Lanes and Scores heatmaps. A focus the launch at the cursor lacks (an operand it does
// not have, cells past its grid) leaves the pictures as the event made them.
#pragma once

#include <string>

#include "app/views/grid_picture.hpp"
#include "app/views/lanes_picture.hpp"
#include "app/views/memory_picture.hpp"
#include "app/views/scores_picture.hpp"
#include "app/views/timeline_picture.hpp"
#include "walkthrough/stop_picture.hpp"

namespace tilewalk::session {

struct TourPictures;

// All of the below, on the pictures of one moment: what the session calls once they are built.
void FocusPictures(TourPictures& pictures, const walkthrough::StopFocus& focus);

void FocusMemoryOn(views::MemoryPicture& memory, const walkthrough::StopFocus& focus);
// The cell's grid index is the launch's own: (batch, head, row block, column block), or, for a grid that
// walks down its columns (dK/dV), (batch, head, column block, row block).
void FocusGridOn(views::GridPicture& grid, const walkthrough::StopFocus& focus);
void FocusTimelineOn(views::TimelinePicture& timeline, const walkthrough::StopFocus& focus);
void FocusRowsOn(views::LanesPicture& lanes, views::ScoresPicture& scores,
                 const walkthrough::StopFocus& focus);

}  // namespace tilewalk::session
