// The timeline picture as SVG: the position and the statement at the cursor, the scrubber with the
// launches as bands and a lane of markers per kind, the landing flag and the cursor, the time axis when
// the axis is time, and the key of the marker kinds. No buttons: a figure has nothing to press.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include "app/pictures/picture_svg.hpp"
#include "app/pictures/svg_document.hpp"
#include "app/views/chart_scales.hpp"
#include "app/views/tour_palette.hpp"

namespace tilewalk::pictures {
namespace {

using views::MarkerKind;

constexpr double kTimelineWidth = 960, kLeft = 8, kBand = 19, kLaneHeight = 7, kCoreLane = 12;

struct KindStyle {
  const char* label;
  const char* name;  // its class
  views::Meaning meaning;
};
constexpr std::array<KindStyle, static_cast<std::size_t>(MarkerKind::kCount)> kKinds = {{
    {"copy issued", "copy-issued", views::Meaning::Copied},
    {"copy skipped", "copy-skipped", views::Meaning::Skipped},
    {"writeback", "writeback", views::Meaning::WrittenBack},
    {"step skipped", "step-skipped", views::Meaning::SkippedStep},
    {"error", "error", views::Meaning::Error},
}};

double AxisX(double fraction) {
  return kLeft + (kTimelineWidth - 2 * kLeft) * std::clamp(fraction, 0.0, 1.0);
}

// A marker in its lane: a bar, or for a skipped step a diamond.
void Marker(SvgDocument& svg, std::string_view prefix, std::size_t k, double x, double y) {
  const KindStyle& kind = kKinds[k];
  const std::string cls = std::string(prefix) + kind.name;
  if (k == static_cast<std::size_t>(MarkerKind::SkippedStep)) {
    const double r = kLaneHeight / 2, cy = y + r;
    svg.Polygon(cls,
                SvgNumber(x) + "," + SvgNumber(cy - r) + " " + SvgNumber(x + r) + "," + SvgNumber(cy) + " " +
                    SvgNumber(x) + "," + SvgNumber(cy + r) + " " + SvgNumber(x - r) + "," + SvgNumber(cy),
                views::MeaningColour(kind.meaning));
    return;
  }
  svg.Rect(cls, x - 1, y + 1, 2, kLaneHeight - 2, views::MeaningColour(kind.meaning));
}

// Megacore: each TensorCore's grid steps on a lane of its own, class "core-step core-0" or "core-1", in the
// neutral edge colour: the lane's name says which core, a hue would claim a meaning.
void CoreLanes(SvgDocument& svg, const views::TimelinePicture& p, double top) {
  const views::palette::Colours& c = views::palette::Active();
  svg.Group("core-lanes");
  for (const views::TimelineStepBar& bar : p.core_steps) {
    const double x0 = AxisX(views::TimelineFraction(p, bar.first, bar.start_us));
    double x1 = p.axis == views::TimelineAxis::Time
                    ? AxisX(views::TimelineFraction(p, bar.end, bar.end_us))
                    : AxisX(views::TimelineFraction(p, bar.end == 0 ? 0 : bar.end - 1, 0));
    if (x1 - x0 > 3) x1 -= 1;  // a hairline between neighbouring steps
    svg.Rect(bar.core == 1 ? "core-step core-1" : "core-step core-0", x0, top + kCoreLane * bar.core + 1,
             std::max(x1 - x0, 1.0), kCoreLane - 2, c.edge);
  }
  for (int core = 0; core < 2; ++core) {
    // The name on a patch of the ground, so that it reads over the bars.
    svg.Rect("core-lane-name-ground", kLeft, top + kCoreLane * core + 1,
             6 * SvgDocument::kCharWidth * 10 / SvgDocument::kFontSize + 4, kCoreLane - 2, c.window);
    svg.Text("core-lane-name", kLeft + 2, top + kCoreLane * core + kCoreLane - 3,
             core == 0 ? "core 0" : "core 1", {.colour = c.text_strong, .size = 10});
  }
  svg.EndGroup();
}

double Scrubber(SvgDocument& svg, const views::TimelinePicture& p, double top) {
  const views::palette::Colours& c = views::palette::Active();
  const double core_lanes = p.core_steps.empty() ? 0 : 2 * kCoreLane;
  const double height = kBand + kLaneHeight * kKinds.size() + core_lanes + 5;
  svg.Group("scrubber");
  svg.Frame("scrubber-edge", kLeft - 1, top - 1, kTimelineWidth - 2 * kLeft + 2, height + 2, c.edge, 1);
  for (std::size_t i = 0; i < p.launches.size(); ++i) {
    const views::TimelineBand& band = p.launches[i];
    const double x0 = AxisX(views::TimelineFraction(p, band.first, band.start_us));
    const double x1 = p.axis == views::TimelineAxis::Time
                          ? AxisX(views::TimelineFraction(p, band.end, band.end_us))
                          : AxisX(views::TimelineFraction(p, band.end == 0 ? 0 : band.end - 1, 0));
    svg.Rect("launch", x0, top, x1 - x0, kBand, i % 2 == 0 ? c.band_even : c.band_odd);
    if (x1 - x0 > band.name.size() * SvgDocument::kCharWidth + 8)
      svg.Text("launch-name", x0 + 4, top + kBand - 5, band.name, {.colour = c.text});
  }
  for (const views::TimelineMarker& m : p.markers) {
    const auto k = static_cast<std::size_t>(m.kind);
    if (k >= kKinds.size()) continue;
    Marker(svg, "marker ", k, AxisX(views::TimelineFraction(p, m.event, m.time_us)),
           top + kBand + kLaneHeight * k);
  }
  if (!p.core_steps.empty()) CoreLanes(svg, p, top + kBand + kLaneHeight * kKinds.size());
  if (p.landing) {
    const double x = AxisX(views::TimelineFraction(p, *p.landing, p.landing_us.value_or(0))), s = 4.5;
    const double y = top + height;
    svg.Polygon("landing",
                SvgNumber(x - s) + "," + SvgNumber(y) + " " + SvgNumber(x + s) + "," + SvgNumber(y) + " " +
                    SvgNumber(x) + "," + SvgNumber(y - s * 1.6),
                c.passage);
  }
  const double cx = AxisX(views::TimelineFraction(p, p.cursor, p.cursor_us));
  svg.Rect("cursor", cx - 2, top, 4, height, c.current);
  svg.EndGroup();
  return top + height + 4;
}

double TimeAxis(SvgDocument& svg, const views::TimelinePicture& p, double top) {
  const views::palette::Colours& c = views::palette::Active();
  const double span = kTimelineWidth - 2 * kLeft;
  svg.Group("time-axis");
  char text[48];
  for (double t : views::AxisTicks(p.total_us, span / (SvgDocument::kCharWidth * 12))) {
    const double x = AxisX(t / p.total_us);
    std::snprintf(text, sizeof text, "%g \xC2\xB5s", t);
    const double w = (std::string_view(text).size() - 1) * SvgDocument::kCharWidth;
    svg.Line("tick", x, top, x, top + SvgDocument::kFontSize, c.text_dim, 1);
    const bool right = x + 3 + w <= kLeft + span;
    svg.Text("tick-label", right ? x + 3 : x - 3, top + SvgDocument::kFontSize - 2, text,
             {.colour = c.text_dim, .anchor = right ? TextAnchor::Start : TextAnchor::End});
  }
  svg.EndGroup();
  return top + SvgDocument::kLine;
}

double TimelineKey(SvgDocument& svg, double top) {
  const views::palette::Colours& c = views::palette::Active();
  svg.Group("key");
  double x = kLeft;
  for (std::size_t k = 0; k < kKinds.size(); ++k) {
    if (k == static_cast<std::size_t>(MarkerKind::SkippedStep))
      Marker(svg, "swatch ", k, x + 5, top + 3);
    else
      svg.MeaningRect("swatch " + std::string(kKinds[k].name), x, top + 3, 10, 10, kKinds[k].meaning);
    svg.Text("key-label", x + 14, top + SvgDocument::kFontSize, kKinds[k].label, {.colour = c.text});
    x += 14 + std::string_view(kKinds[k].label).size() * SvgDocument::kCharWidth + 18;
  }
  svg.EndGroup();
  return top + SvgDocument::kLine;
}

}  // namespace

std::string TimelineSvg(const views::TimelinePicture& p) {
  SvgDocument svg("timeline", "Timeline: " + p.position);
  const views::palette::Colours& c = views::palette::Active();
  svg.Text("position", kLeft, SvgDocument::kFontSize, p.position, {.colour = c.text});
  svg.Text("statement", kLeft, SvgDocument::kFontSize + SvgDocument::kLine, p.statement,
           {.colour = c.executing_edge});
  double y = Scrubber(svg, p, SvgDocument::kLine * 2 + 4);
  if (p.axis == views::TimelineAxis::Time) y = TimeAxis(svg, p, y);
  y = TimelineKey(svg, y);
  return svg.Finish(kTimelineWidth, y + 2);
}

}  // namespace tilewalk::pictures
