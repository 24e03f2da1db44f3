// The gallery's exhibits: each view in several states, each labelled with the code that builds its
// picture, so that the gallery documents what a view looks like in each situation (as Dear ImGui's demo
// does) and a screenshot of each can be written for the docs (`tilewalk gui --gallery --screenshot DIR`).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "app/views/canned_grids.hpp"
#include "app/views/canned_tour_pictures.hpp"

namespace tilewalk::views {

enum class GalleryView : std::uint8_t {
  Grid,
  Source,
  Passage,
  Memory,
  Timeline,
  Lanes,
  Scores,
  Cost,
  Scenario
};
const char* GalleryViewName(GalleryView view);  // "Memory view"

// A grid exhibit draws CannedGridSpecs()[index], which the gallery keeps so that clicks can move its cursor.
struct GridExhibit {
  std::size_t index = 0;
};

struct GalleryExhibit {
  GalleryView view = GalleryView::Grid;
  std::string state{};    // what it shows: "a copy landing while v is redirected"
  std::string builder{};  // the code that makes its picture: "CannedMemoryPicture()"
  std::string slug{};     // a file name for it: "memory-copy-landing"
  std::variant<GridExhibit, SourcePicture, PassagePicture, MemoryPicture, TimelinePicture, LanesPicture,
               ScoresPicture, CostPicture, ScenarioPicture>
      picture{};
};

// Every exhibit, grouped by view in the order of the enum; slugs are unique.
std::vector<GalleryExhibit> GalleryExhibits(const std::vector<CannedGridSpec>& grids);

}  // namespace tilewalk::views
