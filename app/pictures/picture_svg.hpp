// The tour's pictures as SVG, for a web page: the grid, memory, lanes, scores, timeline and cost panes
// drawn from the same picture structs the ImGui views draw, with no ImGui, no GL and no window. Text is
// SVG text; heatmaps are the session's own images, embedded as PNG data URIs and drawn a pixel per
// element; every mark carries classes naming what it is and means ("cell skipped", "slot active",
// "copy writeback"), and its colour comes from the active palette (tour_palette.hpp) as a presentation
// attribute, so that a stylesheet can restyle it. Each picture has a width of its own and a height from its
// content. Deterministic: the same picture and theme give the same bytes.
#pragma once

#include <string>

#include "app/views/compare_layout.hpp"
#include "app/views/compare_picture.hpp"
#include "app/views/cost_picture.hpp"
#include "app/views/grid_picture.hpp"
#include "app/views/lanes_picture.hpp"
#include "app/views/memory_picture.hpp"
#include "app/views/scores_picture.hpp"
#include "app/views/timeline_picture.hpp"

namespace tilewalk::pictures {

std::string GridSvg(const views::GridPicture& picture);
std::string MemorySvg(const views::MemoryPicture& picture);
std::string LanesSvg(const views::LanesPicture& picture);
std::string ScoresSvg(const views::ScoresPicture& picture);
std::string TimelineSvg(const views::TimelinePicture& picture);
std::string CostSvg(const views::CostPicture& picture);
// The comparison of kernels (views/compare_picture.hpp), kCompareFigureWidth wide.
std::string CompareSvg(const views::ComparePicture& picture);

}  // namespace tilewalk::pictures
