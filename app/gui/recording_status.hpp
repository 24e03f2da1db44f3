// While an edit records on its worker thread, a small window over the tour says so ("recording… 42 %",
// with a bar) and offers Cancel; the tour underneath stays live. Esc cancels too (key_bindings.hpp).
#pragma once

#include "app/session/tour_session.hpp"

namespace tilewalk::app {

// Draws nothing when no recording is under way; cancels it when Cancel is clicked.
void DrawRecordingStatus(session::TourSession& tour);

}  // namespace tilewalk::app
