// One pane of the tour screen drawn alone, as a figure for a web page or a paper (`export --figure`): the
// pane's picture fills the frame, with no title bar, tabs, scrollbars, splitters or buttons, and no text that
// the export's manifest carries instead (the pane's title, the frame's caption). The figure panes are the
// pictures: grid, memory, lanes, scores, cost and timeline. The source, the passage and the scenario are
// text or controls, which the manifest carries as text. Each pane has a default size, chosen for its shape.
#pragma once

#include <string>

#include "app/pixel_size.hpp"
#include "app/screen/tour_screen.hpp"

namespace tilewalk::app {

// The panes that are pictures: grid, memory, lanes, scores, cost and timeline. An export draws these as
// figures or SVG and writes their pictures as JSON; the others are text or controls.
PaneSet PicturePanes();
// The layout size a figure of `pane` is drawn at unless --size says otherwise (at scale 1):
// grid 640x480, memory 800x560, lanes and scores 800x450, cost 960x400, timeline 1280x120.
PixelSize DefaultFigureSize(Pane pane);
// The pane's title as the window shows it over the pane ("Memory: VMEM of the fwd launch").
std::string FigureTitle(const session::TourPictures& pictures, Pane pane);
// Why `pane` has nothing to show at the pictures' moment: the one sentence it would draw instead of a
// picture (no launch ran, no score block yet, no lanes in this launch). Empty when it has a picture. An
// export writes no image of an empty pane, and its manifest gives this reason.
std::string EmptyPaneReason(const session::TourPictures& pictures, Pane pane);

// Draws `pane` over the whole of ImGui's display, between NewFrame and Render. `state` keeps the
// heatmaps' textures and the grid's and memory's view state, as the tour screen's does.
void DrawFigure(const session::TourPictures& pictures, Pane pane, TourScreenState& state);

}  // namespace tilewalk::app
