// The files an export writes per pane of a frame: the pane's picture as JSON (pictures/00001-grid.json),
// whatever the format, and with --format svg the pane drawn as SVG (frames/00001-grid.svg) unless the pane
// has nothing to show there, which its manifest entry then says. Only the panes that have a picture to
// write are written: grid, memory, lanes, scores, cost and timeline (the source, passage and scenario panes
// are text the manifest carries, or forms).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "app/export/manifest.hpp"
#include "app/screen/tour_layout.hpp"
#include "app/session/tour_session.hpp"
#include "base/result.hpp"

namespace tilewalk::app {

// Writes the files of frame `index` for each pane of `panes` that has a picture, under `folder` (which has
// frames/ and pictures/); what the manifest lists for them, or the first write that failed.
base::Result<std::vector<ManifestPane>> WritePaneFiles(const session::TourPictures& pictures, PaneSet panes,
                                                       int index, bool svg,
                                                       const std::filesystem::path& folder);

}  // namespace tilewalk::app
