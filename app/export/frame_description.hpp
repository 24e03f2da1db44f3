// What the manifest says of the frame the session is showing: where the cursor is in the run and in the
// code (the C++ and Pallas lines with their text, the event's fields as the trace writes them), the
// passage on screen, a caption and alt text made from the stop's narration, and the estimated time; and
// of the stop: its narration and the passages its frames show, filled as the passage pane fills them, as
// Markdown and as plain text, with the time a reader needs for it.
#pragma once

#include <string>

#include "app/export/manifest.hpp"
#include "app/session/tour_session.hpp"

namespace tilewalk::app {

ManifestFrame DescribeFrame(session::TourSession& session, std::string file);

// Adds to `stop` what the frame on screen shows of it: the narration, its reading time and any problem
// filling it, and the passage shown, unless already there. Called at every frame of the stop.
void DescribeStopText(session::TourSession& session, ManifestStop& stop);

}  // namespace tilewalk::app
