// A heatmap in an SVG picture: the session's image of the tile embedded as a PNG, a pixel per element
// (repeated side by side when the picture tiles it), outlined, and under it the colour scale with the
// range its colours span. Shared by the memory (scratch), lanes and scores pictures.
#pragma once

#include <array>
#include <string>

#include "app/pictures/svg_document.hpp"
#include "app/views/heatmap_picture.hpp"

namespace tilewalk::pictures {

// "0.125", "-2.4e+38", "~0": three significant digits, as the views write a heatmap's values.
std::string HeatmapValueText(float value);

// The image in the box at (x, y) of w by h, `repeats` copies side by side; a placeholder frame when the
// heatmap has no image. `cls` names it ("heatmap s").
void SvgHeatmapImage(SvgDocument& svg, const views::Heatmap& heatmap, std::string_view cls, double x,
                     double y, double w, double h, int repeats = 1);

// The colour scale in one line, its top at y: min, the ramp, max; or "no entry in colour".
void SvgColourScale(SvgDocument& svg, const views::Heatmap& heatmap, double x, double y, double w);

// A key to the off-scale looks that `counts` holds (indexed by views::OffScale), in one row from (x, y): each
// look six entries a side, as the heatmaps paint it, and its name. Returns the y below it (y itself when the
// counts hold none).
double SvgOffScaleKey(SvgDocument& svg, const std::array<int, views::kOffScaleKinds>& counts, double x,
                      double y);

}  // namespace tilewalk::pictures
