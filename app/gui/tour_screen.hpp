// The main window of a tour: five panes placed to fill the screen below the menu bar — source on the
// left, the grid over the memory in the middle, the passage on the right, the timeline along the bottom —
// each drawn from the session's pictures. It gathers the intents of the panes and the keyboard and hands
// them to the session, which owns the cursor; it also draws the help overlay.
#pragma once

#include "app/session/tour_session.hpp"
#include "app/views/grid_picture.hpp"
#include "app/views/source_picture.hpp"

namespace tilewalk::app {

struct TourScreenState {
  views::SourceViewState source;
  views::GridViewState grid{.compact = true};  // the pane's title says what the grid is
  bool show_help = false;
};

// `top`: where the menu bar ends. `seconds`: wall time since the last frame, for playback.
void DrawTourScreen(session::TourSession& session, TourScreenState& state, float top, double seconds);

}  // namespace tilewalk::app
