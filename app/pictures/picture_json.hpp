// The tour's pictures as small JSON documents, one per pane and frame, for a page that draws its own
// figures or reads the numbers: grid cell states, memory slots with their blocks, the lanes' and scores'
// heatmaps as arrays (sampled down past kMaxHeatmapSide a side), the timeline's launches and markers, and
// the cost model's rows. The format is documented in docs/export-manifest.md ("Picture JSON"). Same
// picture, same bytes: times are rounded to 0.1 ns and heatmap values to six significant digits.
#pragma once

#include <string>

#include "app/views/cost_picture.hpp"
#include "app/views/grid_picture.hpp"
#include "app/views/lanes_picture.hpp"
#include "app/views/memory_picture.hpp"
#include "app/views/scores_picture.hpp"
#include "app/views/timeline_picture.hpp"

namespace tilewalk::pictures {

// A heatmap with more rows or columns than this is sampled: every k-th row and column, k the smallest
// stride that brings the side within it.
inline constexpr int kMaxHeatmapSide = 32;
inline constexpr int kPictureFormatVersion = 1;

std::string GridJson(const views::GridPicture& picture);
std::string MemoryJson(const views::MemoryPicture& picture);
std::string LanesJson(const views::LanesPicture& picture);
std::string ScoresJson(const views::ScoresPicture& picture);
std::string TimelineJson(const views::TimelinePicture& picture);
std::string CostJson(const views::CostPicture& picture);

}  // namespace tilewalk::pictures
