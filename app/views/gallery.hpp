// The gallery: a debug window that draws every view against canned pictures, in several states each
// (gallery_exhibits.hpp), with the code that builds each picture. It is living documentation of what each
// view looks like in each situation, and it is what the GUI smoke tests render. It also plays the app's
// part for its grid fixtures: it applies the intents the grid view returns to their canned cursors.
#pragma once

#include <vector>

#include "app/views/gallery_exhibits.hpp"
#include "app/views/grid_picture.hpp"
#include "app/views/scenario_picture.hpp"
#include "app/views/source_picture.hpp"

namespace tilewalk::views {

struct GalleryState {
  std::vector<CannedGridSpec> grid_specs = CannedGridSpecs();  // one per grid exhibit
  std::vector<GridViewState> grid_views = std::vector<GridViewState>(grid_specs.size());  // in step with them
  std::vector<GalleryExhibit> exhibits = GalleryExhibits(grid_specs);
  std::size_t selected = 0;  // the exhibit drawn
  SourceViewState source_view{};
  ScenarioDraft scenario_draft{};
};

// Draws the "Gallery" window; `open` is the usual ImGui close flag (may be null). Where the window goes is
// the caller's choice (SetNextWindowPos), since only the app knows what else shares the screen.
void DrawGallery(GalleryState& state, bool* open);

}  // namespace tilewalk::views
