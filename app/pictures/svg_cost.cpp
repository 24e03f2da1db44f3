// The cost picture as SVG: the totals and whether the launch is bound by HBM or by compute, the key, the
// whole launch as two lanes (compute above copies) for each TensorCore, the same lanes zoomed to two steps
// either side of the cursor's step with their numbers, that step's figures, and the note that these are
// estimates.
#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "app/pictures/picture_svg.hpp"
#include "app/pictures/svg_document.hpp"
#include "app/views/chart_scales.hpp"
#include "app/views/meaning.hpp"
#include "app/views/tour_palette.hpp"

namespace tilewalk::pictures {
namespace {

constexpr double kCostWidth = 720, kLabel = 8 * SvgDocument::kCharWidth, kLane = 17, kCostGap = 3;

struct Chart {
  double left = kLabel, width = kCostWidth - kLabel, from_us = 0, to_us = 1;
  double X(double us) const {
    return left + width * std::clamp((us - from_us) / std::max(1e-12, to_us - from_us), 0.0, 1.0);
  }
};

// The zoomed lanes' range, as the pane's: the cursor's step, its neighbours and the copies they issue.
Chart ZoomedChart(const views::CostPicture& p) {
  const views::CostWindow window = views::CostWindowAround(p, views::kCostZoomSteps);
  return {.from_us = window.from_us, .to_us = window.to_us};
}

std::string Us(const char* format, double value) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

// A bar at least 1.5 units wide, so that a short copy on a long axis still shows.
void Bar(SvgDocument& svg, std::string_view cls, const Chart& chart, double a, double b, double y, double h,
         views::Meaning meaning) {
  const double x0 = chart.X(a), x1 = std::max(chart.X(b), x0 + 1.5);
  svg.MeaningRect(cls, x0, y, x1 - x0, h, meaning);
}

// One TensorCore's pair of lanes, compute above copies, over the chart's range, from `top`.
void CoreLanes(SvgDocument& svg, const views::CostPicture& p, const Chart& chart, int core, double top,
               bool numbers) {
  const views::palette::Colours& c = views::palette::Active();
  const double compute_y = top, copy_y = top + kLane + kCostGap;
  const std::string prefix = p.cores > 1 ? std::to_string(core) + " " : "";
  const ImU32 name_colour = c.text_dim;  // plain text: "0 compute" names the core
  svg.Text("lane-name", 0, compute_y + kLane - 4, prefix + "compute", {.colour = name_colour});
  svg.Text("lane-name", 0, copy_y + kLane - 4, prefix + "copies", {.colour = name_colour});
  svg.Rect(core == 1 ? "lane core-1" : "lane", chart.left, compute_y, chart.width, kLane, c.lane_ground);
  svg.Rect(core == 1 ? "lane core-1" : "lane", chart.left, copy_y, chart.width, kLane, c.lane_ground);
  for (std::size_t i = 0; i < p.steps.size(); ++i) {
    const views::CostStep& s = p.steps[i];
    if (s.core != core || s.end_us < chart.from_us || s.start_us - s.wait_us > chart.to_us) continue;
    if (s.wait_us > 0)
      Bar(svg, "bubble", chart, s.start_us - s.wait_us, s.start_us, compute_y + kLane * 0.35, kLane * 0.3,
          views::Meaning::Error);
    Bar(svg, s.ran ? "step ran" : "step skipped", chart, s.start_us, s.end_us, compute_y + 1, kLane - 2,
        s.ran ? views::Meaning::Compute : views::Meaning::Idle);
    const double x0 = chart.X(s.start_us), x1 = chart.X(s.end_us);
    const std::string n = std::to_string(i + 1);
    if (numbers && x1 - x0 > n.size() * SvgDocument::kCharWidth + 4)
      svg.Text("step-number", (x0 + x1) / 2, compute_y + kLane - 4, n,
               {.colour = c.on_current, .anchor = TextAnchor::Middle});
  }
  for (const views::CostCopy& copy : p.copies) {
    if (copy.core != core || copy.end_us < chart.from_us || copy.start_us > chart.to_us) continue;
    Bar(svg, copy.writeback ? "copy writeback" : "copy in", chart, copy.start_us, copy.end_us, copy_y + 1,
        kLane - 2, copy.writeback ? views::Meaning::WrittenBack : views::Meaning::Copied);
  }
  if (p.current_step >= 0 && static_cast<std::size_t>(p.current_step) < p.steps.size() &&
      p.steps[static_cast<std::size_t>(p.current_step)].core == core) {
    const views::CostStep& s = p.steps[static_cast<std::size_t>(p.current_step)];
    const double x0 = chart.X(s.start_us);
    svg.Frame("current step", x0 - 1, compute_y, std::max(chart.X(s.end_us), x0 + 1.5) - x0 + 2, kLane,
              c.current, 2);
    const double cx = chart.X(p.cursor_us);  // on the clock of the cursor's core
    svg.Line("cursor", cx, compute_y, cx, copy_y + kLane, c.text, 1.5);
  }
}

// Every core's lanes over the chart's range; returns the y below them.
double Lanes(SvgDocument& svg, const views::CostPicture& p, const Chart& chart, double top, bool numbers) {
  const views::palette::Colours& c = views::palette::Active();
  svg.Group(numbers ? "lanes zoom" : "lanes launch");
  const int cores = std::max(p.cores, 1);
  double y = top;
  for (int core = 0; core < cores; ++core) {
    CoreLanes(svg, p, chart, core, y, numbers);
    y += 2 * kLane + kCostGap + (core + 1 < cores ? 3 * kCostGap : 0);
  }
  if (numbers) {
    svg.Text("axis-from", chart.left, y + SvgDocument::kLine - 2, Us("%.2f \xC2\xB5s", chart.from_us),
             {.colour = c.text_dim});
    svg.Text("axis-to", chart.left + chart.width, y + SvgDocument::kLine - 2,
             Us("%.2f \xC2\xB5s", chart.to_us), {.colour = c.text_dim, .anchor = TextAnchor::End});
    svg.Text("axis-caption", chart.left + chart.width / 2, y + SvgDocument::kLine - 2,
             "zoom: around step " + std::to_string(p.current_step + 1),
             {.colour = c.text_strong, .anchor = TextAnchor::Middle});
    y += SvgDocument::kLine;
  }
  svg.EndGroup();
  return y + 6;
}

double CostKey(SvgDocument& svg, double y) {
  const views::palette::Colours& c = views::palette::Active();
  svg.Group("key");
  double x = 0;
  for (const auto& [meaning, label] :
       {std::pair{views::Meaning::Compute, "compute"}, std::pair{views::Meaning::Idle, "skipped"},
        std::pair{views::Meaning::Copied, "copy in"}, std::pair{views::Meaning::WrittenBack, "writeback"},
        std::pair{views::Meaning::Error, "bubble"}}) {
    svg.MeaningRect("swatch " + std::string(SvgMeaningClass(meaning)), x, y - 10, 10, 10, meaning);
    svg.Text("key-label", x + 14, y, label, {.colour = c.text_dim});
    x += 14 + std::string_view(label).size() * SvgDocument::kCharWidth + 16;
  }
  svg.EndGroup();
  return y + SvgDocument::kLine;
}

double StepFigures(SvgDocument& svg, const views::CostPicture& p, double y) {
  const views::CostStep& s = p.steps[static_cast<std::size_t>(p.current_step)];
  double copies = 0, copies_end = s.start_us;
  for (const views::CostCopy& c : p.copies) {
    if (c.step != p.current_step) continue;
    copies += c.end_us - c.start_us;
    copies_end = std::max(copies_end, c.end_us);
  }
  const std::string text = "Step " + std::to_string(p.current_step + 1) + " of " +
                           std::to_string(p.steps.size()) + ": compute " +
                           Us("%.2f \xC2\xB5s", s.end_us - s.start_us) + (s.ran ? "" : " (skipped)") +
                           ", copies " + Us("%.2f \xC2\xB5s", copies) + " (" +
                           (copies == 0                     ? "none"
                            : copies_end <= s.end_us + 1e-9 ? "hidden under compute"
                                                            : "not all hidden") +
                           "), waited " + Us("%.2f \xC2\xB5s.", s.wait_us);
  return svg.Paragraph("step-figures", 0, y, text, {.colour = views::palette::Active().text_strong},
                       kCostWidth);
}

}  // namespace

std::string CostSvg(const views::CostPicture& p) {
  SvgDocument svg(
      "cost", "Estimated cost of the " + (p.launch.empty() ? std::string("launch") : p.launch) + " launch");
  const views::palette::Colours& c = views::palette::Active();
  double y = SvgDocument::kFontSize;
  if (!p.empty_message.empty()) {
    y = svg.Paragraph("empty", 0, y, p.empty_message, {.colour = c.text_dim}, kCostWidth);
    return svg.Finish(kCostWidth, y);
  }
  std::string totals = Us("Total %.2f \xC2\xB5s: ", p.total_us) + Us("compute %.2f", p.compute_us);
  if (p.overhead_us > 0) totals += Us(" (%.2f of it grid-step overhead)", p.overhead_us);
  totals += Us(", copies %.2f", p.dma_us) + Us(", bubbles %.2f (estimates).", p.bubble_us);
  y = svg.Paragraph("totals", 0, y, totals, {.colour = c.text}, kCostWidth);
  y = svg.Paragraph(p.hbm_bound ? "bound hbm" : "bound compute", 0, y,
                    p.hbm_bound ? "HBM-bound: the copy engine is busier than the core."
                                : "Compute-bound: the core is busier than the copy engine.",
                    {.colour = p.hbm_bound ? c.skipped_text : c.passage}, kCostWidth);
  y = CostKey(svg, y + 2);
  y = Lanes(svg, p, {.to_us = std::max(p.total_us, 1e-6)}, y - 8, false);
  if (p.current_step >= 0 && static_cast<std::size_t>(p.current_step) < p.steps.size()) {
    y = Lanes(svg, p, ZoomedChart(p), y + 4, true);
    y = StepFigures(svg, p, y + SvgDocument::kFontSize);
  } else {
    y += SvgDocument::kFontSize;
  }
  y = svg.Paragraph("note", 0, y, "Estimates from a cost model, not measurements: " + p.chip + ".",
                    {.colour = c.text_dim}, kCostWidth);
  if (!p.vmem.empty()) y = svg.Paragraph("note", 0, y, p.vmem + ".", {.colour = c.text_dim}, kCostWidth);
  return svg.Finish(kCostWidth, y);
}

}  // namespace tilewalk::pictures
