// The scores picture as SVG: s and p of the minor block side by side as heatmaps, each with its shape,
// where it comes from and its colour scale; then the masks with their hatch swatches and counts, and the
// note on the mask value when s already holds it.
#include <algorithm>
#include <array>

#include "app/pictures/picture_svg.hpp"
#include "app/pictures/svg_heatmap.hpp"
#include "app/views/tour_palette.hpp"

namespace tilewalk::pictures {
namespace {

constexpr double kScoresWidth = 720, kScoresGap = 16, kImageHeight = 300;

// The tile fitted into w by kImageHeight, rows kept rows and columns columns.
double FitWidth(const views::Heatmap& h, double w) {
  if (h.rows <= 0 || h.cols <= 0) return w;
  return std::min(w, kImageHeight * h.cols / h.rows);
}

void ScoresColumn(SvgDocument& svg, std::string_view name, const views::Heatmap& h, const std::string& note,
                  bool note_is_formula, double x, double w) {
  const views::palette::Colours& c = views::palette::Active();
  svg.Group("column " + std::string(name));
  svg.Text("name", x, SvgDocument::kLine * 0.8, h.label.empty() ? std::string(name) : h.label,
           {.colour = c.text_strong, .bold = true});
  svg.Text("shape", x + 4 * SvgDocument::kCharWidth, SvgDocument::kLine * 0.8,
           std::to_string(h.rows) + " x " + std::to_string(h.cols), {.colour = c.text_dim});
  svg.Text(note_is_formula ? "formula" : "from", x, SvgDocument::kLine * 1.8, note,
           {.colour = note_is_formula ? c.text_strong : c.text_dim});
  const double image_w = FitWidth(h, w);
  const double image_h = h.cols > 0 && h.rows > 0 ? image_w * h.rows / h.cols : kImageHeight;
  SvgHeatmapImage(svg, h, "heatmap " + std::string(name), x, SvgDocument::kLine * 2.2, image_w, image_h);
  SvgColourScale(svg, h, x, SvgDocument::kLine * 2.4 + image_h, std::max(image_w, w * 0.6));
  svg.EndGroup();
}

// A hatch swatch as the session paints masked entries: light stripes on dark.
void Swatch(SvgDocument& svg, std::string_view cls, double x, double y, views::Rgb light, bool forward) {
  const double s = SvgDocument::kFontSize;
  svg.Rect(cls, x, y, s, s, IM_COL32(views::kHatchDark.r, views::kHatchDark.g, views::kHatchDark.b, 0xFF));
  const double h = s / 2;
  const std::string d = forward ? SvgSegment(x, y + h, x + h, y) + SvgSegment(x, y + s, x + s, y) +
                                      SvgSegment(x + h, y + s, x + s, y + h)
                                : SvgSegment(x, y + h, x + h, y + s) + SvgSegment(x, y, x + s, y + s) +
                                      SvgSegment(x + h, y, x + s, y + h);
  svg.Path(std::string(cls) + " hatch", d, IM_COL32(light.r, light.g, light.b, 0xFF), 2);
}

}  // namespace

std::string ScoresSvg(const views::ScoresPicture& picture) {
  SvgDocument svg("scores", "Scores: s and p" + (picture.launch.empty() ? "" : " of " + picture.launch));
  const views::palette::Colours& c = views::palette::Active();
  if (!picture.empty_message.empty()) {
    svg.Text("empty", 0, SvgDocument::kLine * 0.8, picture.empty_message, {.colour = c.text_dim});
    return svg.Finish(kScoresWidth, SvgDocument::kLine * 1.5);
  }
  const double col_w = (kScoresWidth - kScoresGap) / 2;
  ScoresColumn(svg, "s", picture.s, picture.s_from, false, 0, col_w);
  if (picture.has_p) {
    const bool tiled = picture.m_tiles > 0;
    ScoresColumn(svg, "p", picture.p,
                 tiled ? "exp(s - m tiled x" + std::to_string(picture.m_tiles) + ")" : picture.p_from, tiled,
                 col_w + kScoresGap, col_w);
  } else {
    svg.Text("name", col_w + kScoresGap, SvgDocument::kLine * 0.8, "p",
             {.colour = c.text_strong, .bold = true});
    svg.Text("not-yet", col_w + kScoresGap, SvgDocument::kLine * 1.8, "not yet computed in this block",
             {.colour = c.text_dim});
  }
  const double tallest = std::max(picture.s.rows > 0 && picture.s.cols > 0
                                      ? FitWidth(picture.s, col_w) * picture.s.rows / picture.s.cols
                                      : kImageHeight,
                                  picture.has_p && picture.p.rows > 0 && picture.p.cols > 0
                                      ? FitWidth(picture.p, col_w) * picture.p.rows / picture.p.cols
                                      : 0.0);
  double y = SvgDocument::kLine * 3.6 + tallest + 8;
  svg.Group("masks");
  if (picture.has_causal) {
    Swatch(svg, "mask causal", 0, y, views::kHatchLight, true);
    svg.Text("mask-count causal", 20, y + SvgDocument::kFontSize - 2,
             "causal mask: " + std::to_string(picture.causal_masked) + " masked", {.colour = c.text});
    y += SvgDocument::kLine;
  }
  if (picture.has_segment) {
    Swatch(svg, "mask segment", 0, y, views::kSegmentLight, false);
    svg.Text("mask-count segment", 20, y + SvgDocument::kFontSize - 2,
             "segment mask: " + std::to_string(picture.segment_masked) + " masked", {.colour = c.text});
    y += SvgDocument::kLine;
  }
  if (!picture.has_causal && !picture.has_segment) {
    svg.Text("mask none", 0, y + SvgDocument::kFontSize - 2, "no mask in this block", {.colour = c.text_dim});
    y += SvgDocument::kLine;
  }
  std::array<int, views::kOffScaleKinds> off_scale = picture.s.off_scale;
  if (picture.has_p) views::AddOffScaleCounts(off_scale, picture.p.off_scale);
  y = SvgOffScaleKey(svg, off_scale, 0, y);
  if (picture.mask_added) {
    svg.Text("mask-note", 0, y + SvgDocument::kFontSize - 2,
             "s + mask value (-2.4e38) where masked: left out of the scale", {.colour = c.text_dim});
    y += SvgDocument::kLine;
  }
  svg.EndGroup();
  return svg.Finish(kScoresWidth, y + 4);
}

}  // namespace tilewalk::pictures
