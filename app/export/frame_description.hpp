// What the manifest says of the frame the session is showing: where the cursor is in the run and in the
// code, the passage on screen, a caption, and the estimated time.
#pragma once

#include <string>

#include "app/export/manifest.hpp"
#include "app/session/tour_session.hpp"

namespace tilewalk::app {

ManifestFrame DescribeFrame(session::TourSession& session, std::string file);

}  // namespace tilewalk::app
