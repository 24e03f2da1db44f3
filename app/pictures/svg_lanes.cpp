// The lanes picture as SVG: m, l and alpha side by side as block_q rows by 128 lanes, each with where it
// comes from and whether its lanes are alike; below, m tiled to the width of a score block, and the count
// of rows alpha rescales.
#include <algorithm>
#include <array>

#include "app/pictures/picture_svg.hpp"
#include "app/pictures/svg_heatmap.hpp"
#include "app/views/tour_palette.hpp"

namespace tilewalk::pictures {
namespace {

constexpr double kLanesWidth = 720, kLanesGap = 16, kBandHeight = 220;

void LanesColumn(SvgDocument& svg, std::string_view name, const views::Heatmap& h, const std::string& from,
                 bool lanes_equal, double x, double w) {
  const views::palette::Colours& c = views::palette::Active();
  svg.Group("column " + std::string(name));
  svg.Text("name", x, SvgDocument::kLine * 0.8, h.label.empty() ? std::string(name) : h.label,
           {.colour = c.text_strong, .bold = true});
  if (!from.empty()) svg.Text("from", x, SvgDocument::kLine * 1.8, from, {.colour = c.text_dim});
  if (h.cols != 128)
    svg.Text("shape", x, SvgDocument::kLine * 2.8, std::to_string(h.rows) + " x " + std::to_string(h.cols),
             {.colour = c.text_dim});
  else if (lanes_equal)
    svg.Text("lanes alike", x, SvgDocument::kLine * 2.8, "lanes alike", {.colour = c.issued_text});
  else
    svg.Text("lanes differ", x, SvgDocument::kLine * 2.8, "lanes differ", {.colour = c.skipped_text});
  SvgHeatmapImage(svg, h, "heatmap " + std::string(name), x, SvgDocument::kLine * 3.2, w, kBandHeight);
  SvgColourScale(svg, h, x, SvgDocument::kLine * 3.4 + kBandHeight, w);
  svg.EndGroup();
}

}  // namespace

std::string LanesSvg(const views::LanesPicture& picture) {
  SvgDocument svg("lanes", "Lanes: m, l and alpha" + (picture.launch.empty() ? "" : " of " + picture.launch));
  const views::palette::Colours& c = views::palette::Active();
  if (!picture.empty_message.empty()) {
    svg.Text("empty", 0, SvgDocument::kLine * 0.8, picture.empty_message, {.colour = c.text_dim});
    return svg.Finish(kLanesWidth, SvgDocument::kLine * 1.5);
  }
  const double col_w = (kLanesWidth - 2 * kLanesGap) / 3;
  LanesColumn(svg, "m", picture.m, picture.m_from, picture.m_lanes_equal, 0, col_w);
  LanesColumn(svg, "l", picture.l, picture.l_from, picture.l_lanes_equal, col_w + kLanesGap, col_w);
  const double alpha_x = 2 * (col_w + kLanesGap);
  if (picture.has_alpha) {
    LanesColumn(svg, "alpha", picture.alpha, "", true, alpha_x, col_w);
  } else {
    svg.Text("name", alpha_x, SvgDocument::kLine * 0.8, "alpha", {.colour = c.text_strong, .bold = true});
    svg.Text("not-yet", alpha_x, SvgDocument::kLine * 1.8, "not yet in this block", {.colour = c.text_dim});
  }
  double y = SvgDocument::kLine * 4.6 + kBandHeight + 8;
  svg.Line("separator", 0, y, kLanesWidth, y, c.edge, 1);
  y += SvgDocument::kLine;
  if (picture.tile_repeats > 0) {
    svg.Text("tile", 0, y, "tile x" + std::to_string(picture.tile_repeats), {.colour = c.text_strong});
    svg.Text("tile-note", 10 * SvgDocument::kCharWidth, y,
             "m: 128 lanes -> " + std::to_string(picture.score_cols) + " score columns",
             {.colour = c.text_dim});
    SvgHeatmapImage(svg, picture.m, "heatmap m-tiled", 0, y + 6, kLanesWidth, 60, picture.tile_repeats);
    y += 66 + SvgDocument::kLine;
  } else {
    svg.Text("tile", 0, y, "tile: once s gives the score width", {.colour = c.text_dim});
    y += SvgDocument::kLine;
  }
  if (picture.has_alpha) {
    svg.Text("alpha-formula", 0, y, "alpha = exp(m_prev - m_next)", {.colour = c.text_strong});
    svg.Text(
        "rescaled", 30 * SvgDocument::kCharWidth, y,
        std::to_string(picture.rows_rescaled) + "/" + std::to_string(picture.alpha.rows) + " rows rescaled",
        {.colour = c.text});
    y += SvgDocument::kLine;
  }
  std::array<int, views::kOffScaleKinds> off_scale{};
  for (const views::Heatmap* h : {&picture.m, &picture.l}) views::AddOffScaleCounts(off_scale, h->off_scale);
  if (picture.has_alpha) views::AddOffScaleCounts(off_scale, picture.alpha.off_scale);
  y = SvgOffScaleKey(svg, off_scale, 0, y - SvgDocument::kFontSize + 2) + SvgDocument::kFontSize - 2;
  return svg.Finish(kLanesWidth, y + 4);
}

}  // namespace tilewalk::pictures
