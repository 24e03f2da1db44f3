#include "app/pictures/svg_heatmap.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "app/pictures/png_bytes.hpp"
#include "app/views/tour_palette.hpp"

namespace tilewalk::pictures {
namespace {

// The ramp of ColourRamp as a 64 by 1 image: the scale bar.
const std::string& RampPng() {
  static const std::string png = [] {
    constexpr int kWidth = 64;
    std::vector<std::uint8_t> rgba;
    for (int i = 0; i < kWidth; ++i) {
      const views::Rgb c = views::ColourRamp(static_cast<float>(i) / (kWidth - 1));
      rgba.insert(rgba.end(), {c.r, c.g, c.b, 0xFF});
    }
    return EncodePng(kWidth, 1, rgba).value_or(std::string());
  }();
  return png;
}

}  // namespace

std::string HeatmapValueText(float value) {
  if (value != 0.0f && std::fabs(value) < 1e-6f) return "~0";
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", static_cast<double>(value));
  return text;
}

void SvgHeatmapImage(SvgDocument& svg, const views::Heatmap& heatmap, std::string_view cls, double x,
                     double y, double w, double h, int repeats) {
  const views::palette::Colours& c = views::palette::Active();
  repeats = std::max(1, repeats);
  const views::HeatmapImage* image = heatmap.image.get();
  std::optional<std::string> png;
  if (image != nullptr) png = EncodePng(image->width, image->height, image->rgba);
  const double copy_w = w / repeats;
  for (int i = 0; i < repeats; ++i) {
    const double at = x + copy_w * i;
    if (png)
      svg.PngImage(cls, at, y, copy_w, h, *png);
    else
      svg.Rect(std::string(cls) + " missing", at, y, copy_w, h, c.panel);
    if (i > 0) svg.Line("tile-seam", at, y, at, y + h, c.text_strong, 2);
  }
  svg.Frame("heatmap-edge", x, y, w, h, c.edge, 1);
  if (heatmap.focus_first_row >= 0 && heatmap.rows > 0 && heatmap.focus_first_row < heatmap.rows) {
    const double row_h = h / heatmap.rows;
    const int last = std::min(heatmap.focus_last_row, heatmap.rows - 1);
    svg.Frame("focus-rows", x - 2, y + row_h * heatmap.focus_first_row - 2, w + 4,
              row_h * (last + 1 - heatmap.focus_first_row) + 4, c.passage, 2.5);
  }
}

void SvgColourScale(SvgDocument& svg, const views::Heatmap& heatmap, double x, double y, double w) {
  const views::palette::Colours& c = views::palette::Active();
  const double baseline = y + SvgDocument::kFontSize;
  if (!heatmap.has_range) {
    svg.Text("scale none", x, baseline, "no entry in colour", {.colour = c.text_dim});
    return;
  }
  const std::string lo = HeatmapValueText(heatmap.min), hi = HeatmapValueText(heatmap.max);
  const double lo_w = static_cast<double>(lo.size()) * SvgDocument::kCharWidth + 6;
  const double hi_w = static_cast<double>(hi.size()) * SvgDocument::kCharWidth + 6;
  const double bar_w = std::max(16.0, w - lo_w - hi_w);
  svg.Group("scale");
  svg.Text("scale-min", x, baseline, lo, {.colour = c.text});
  svg.PngImage("scale-ramp", x + lo_w, y + 2, bar_w, SvgDocument::kFontSize - 2, RampPng());
  svg.Text("scale-max", x + lo_w + bar_w + 6, baseline, hi, {.colour = c.text});
  svg.EndGroup();
}

double SvgOffScaleKey(SvgDocument& svg, const std::array<int, views::kOffScaleKinds>& counts, double x,
                      double y) {
  if (std::all_of(counts.begin(), counts.end(), [](int n) { return n == 0; })) return y;
  const views::palette::Colours& c = views::palette::Active();
  constexpr int kSide = 6;
  constexpr double kCell = 2.0;
  svg.Group("off-scale-key");
  for (int k = 0; k < views::kOffScaleKinds; ++k) {
    if (counts[static_cast<std::size_t>(k)] == 0) continue;
    const auto kind = static_cast<views::OffScale>(k);
    const std::string name = views::OffScaleName(kind);
    for (int r = 0; r < kSide; ++r)
      for (int col = 0; col < kSide; ++col) {
        const views::Rgb look = views::OffScaleLook(kind, r, col);
        svg.Rect("off-scale-swatch", x + col * kCell, y + 2 + r * kCell, kCell, kCell,
                 IM_COL32(look.r, look.g, look.b, 0xFF));
      }
    svg.Text("off-scale-name", x + kSide * kCell + 4, y + SvgDocument::kFontSize - 2, name,
             {.colour = c.text_dim});
    x += kSide * kCell + 4 + static_cast<double>(name.size()) * SvgDocument::kCharWidth + 12;
  }
  svg.EndGroup();
  return y + SvgDocument::kLine;
}

}  // namespace tilewalk::pictures
