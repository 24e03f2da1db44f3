// The gallery: a debug window that draws every view against canned pictures. It is living documentation of
// what each view looks like in each situation, and it is what the GUI smoke tests render. It also plays
// the app's part for its fixtures: it applies the intents the views return to its own canned cursors.
#pragma once

#include <vector>

#include "app/views/canned_grids.hpp"
#include "app/views/canned_tour_pictures.hpp"
#include "app/views/grid_picture.hpp"

namespace tilewalk::views {

struct GalleryState {
  std::vector<CannedGridSpec> grid_specs = CannedGridSpecs();  // one per grid fixture
  std::vector<GridViewState> grid_views = std::vector<GridViewState>(grid_specs.size());  // in step with them
  SourcePicture source_picture = CannedSourcePicture();
  SourceViewState source_view{};
  PassagePicture passage_picture = CannedPassagePicture();
  MemoryPicture memory_picture = CannedMemoryPicture();
  TimelinePicture timeline_picture = CannedTimelinePicture();
  LanesPicture lanes_picture = CannedLanesPicture();
  ScoresPicture scores_picture = CannedScoresPicture();
  CostPicture cost_picture = CannedCostPicture();
  ScenarioPicture scenario_picture = CannedScenarioPicture();
  ScenarioDraft scenario_draft{};
};

// Draws the "Gallery" window; `open` is the usual ImGui close flag (may be null). Where the window goes is
// the caller's choice (SetNextWindowPos), since only the app knows what else shares the screen.
void DrawGallery(GalleryState& state, bool* open);

}  // namespace tilewalk::views
