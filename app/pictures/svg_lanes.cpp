// The lanes picture as SVG: m, l and alpha side by side as block_q rows by 128 lanes, each with where it
// comes from and whether its lanes are alike; below, m tiled to the width of a score block, and the count
// of rows alpha rescales.
#include <algorithm>

#include "app/pictures/picture_svg.hpp"
#include "app/pictures/svg_heatmap.hpp"
#include "app/views/tour_palette.hpp"

namespace tilewalk::pictures {
namespace {

constexpr double kWidth = 720, kGap = 16, kBandHeight = 220;
constexpr double kLine = SvgDocument::kLine;

void Column(SvgDocument& svg, std::string_view name, const views::Heatmap& h, const std::string& from,
            bool lanes_equal, double x, double w) {
  const views::palette::Colours& c = views::palette::Active();
  svg.Group("column " + std::string(name));
  svg.Text("name", x, kLine * 0.8, h.label.empty() ? std::string(name) : h.label,
           {.colour = c.text_strong, .bold = true});
  if (!from.empty()) svg.Text("from", x, kLine * 1.8, from, {.colour = c.text_dim});
  if (h.cols != 128)
    svg.Text("shape", x, kLine * 2.8, std::to_string(h.rows) + " x " + std::to_string(h.cols),
             {.colour = c.text_dim});
  else if (lanes_equal)
    svg.Text("lanes alike", x, kLine * 2.8, "lanes alike", {.colour = c.issued_text});
  else
    svg.Text("lanes differ", x, kLine * 2.8, "lanes differ", {.colour = c.skipped_text});
  SvgHeatmapImage(svg, h, "heatmap " + std::string(name), x, kLine * 3.2, w, kBandHeight);
  SvgColourScale(svg, h, x, kLine * 3.4 + kBandHeight, w);
  svg.EndGroup();
}

}  // namespace

std::string LanesSvg(const views::LanesPicture& picture) {
  SvgDocument svg("lanes", "Lanes: m, l and alpha" + (picture.launch.empty() ? "" : " of " + picture.launch));
  const views::palette::Colours& c = views::palette::Active();
  if (!picture.empty_message.empty()) {
    svg.Text("empty", 0, kLine * 0.8, picture.empty_message, {.colour = c.text_dim});
    return svg.Finish(kWidth, kLine * 1.5);
  }
  const double col_w = (kWidth - 2 * kGap) / 3;
  Column(svg, "m", picture.m, picture.m_from, picture.m_lanes_equal, 0, col_w);
  Column(svg, "l", picture.l, picture.l_from, picture.l_lanes_equal, col_w + kGap, col_w);
  const double alpha_x = 2 * (col_w + kGap);
  if (picture.has_alpha) {
    Column(svg, "alpha", picture.alpha, "", true, alpha_x, col_w);
  } else {
    svg.Text("name", alpha_x, kLine * 0.8, "alpha", {.colour = c.text_strong, .bold = true});
    svg.Text("not-yet", alpha_x, kLine * 1.8, "not yet in this block", {.colour = c.text_dim});
  }
  double y = kLine * 4.6 + kBandHeight + 8;
  svg.Line("separator", 0, y, kWidth, y, c.edge, 1);
  y += kLine;
  if (picture.tile_repeats > 0) {
    svg.Text("tile", 0, y, "tile x" + std::to_string(picture.tile_repeats), {.colour = c.current_text});
    svg.Text("tile-note", 10 * SvgDocument::kCharWidth, y,
             "m: 128 lanes -> " + std::to_string(picture.score_cols) + " score columns",
             {.colour = c.text_dim});
    SvgHeatmapImage(svg, picture.m, "heatmap m-tiled", 0, y + 6, kWidth, 60, picture.tile_repeats);
    y += 66 + kLine;
  } else {
    svg.Text("tile", 0, y, "tile: once s gives the score width", {.colour = c.text_dim});
    y += kLine;
  }
  if (picture.has_alpha) {
    svg.Text("alpha-formula", 0, y, "alpha = exp(m_prev - m_next)", {.colour = c.current_text});
    svg.Text(
        "rescaled", 30 * SvgDocument::kCharWidth, y,
        std::to_string(picture.rows_rescaled) + "/" + std::to_string(picture.alpha.rows) + " rows rescaled",
        {.colour = c.text});
    y += kLine;
  }
  return svg.Finish(kWidth, y + 4);
}

}  // namespace tilewalk::pictures
