#include "app/views/cost_view.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <initializer_list>
#include <string>
#include <utility>

#include "app/views/chart_scales.hpp"
#include "app/views/drawn_probe.hpp"
#include "app/views/meaning_fill.hpp"
#include "app/views/text_budget.hpp"
#include "app/views/tour_palette.hpp"
#include "app/views/ui_text.hpp"

namespace tilewalk::views {
namespace {

struct Chart {
  float left = 0, width = 0;
  double from_us = 0, to_us = 1;
  float X(double us) const {
    const double f = std::clamp((us - from_us) / std::max(1e-12, to_us - from_us), 0.0, 1.0);
    return left + width * static_cast<float>(f);
  }
};

// A bar at least 1.5 px wide, so that a short copy on a long axis still shows.
void Bar(ImDrawList* draw, const Chart& chart, double a, double b, float y0, float y1, Meaning meaning) {
  float x0 = chart.X(a), x1 = chart.X(b);
  if (x1 - x0 < 1.5f) x1 = x0 + 1.5f;
  FillMeaning(draw, ImVec2(x0, y0), ImVec2(x1, y1), meaning);
}

// Two lanes a TensorCore, compute above copies, over [from_us, to_us]: `top` and `lane_h` place the
// core's pair. The cursor's step and the copies it issued are outlined in the current colour. With
// `label_steps`, each step's bar carries its number when it fits.
void DrawCoreLanes(ImDrawList* draw, const CostPicture& p, const Chart& chart, int core, float top,
                   float lane_h, bool label_steps) {
  const float line = ImGui::GetTextLineHeight();
  const float gap = line * 0.2f;
  const float compute_y = top, copy_y = top + lane_h + gap;
  const ImU32 name_colour = palette::Active().text_dim;  // plain text: "0 compute" names the core
  const std::string prefix = p.cores > 1 ? std::to_string(core) + " " : "";
  const float name_x = chart.left - ImGui::CalcTextSize((prefix + "compute ").c_str()).x;
  ui::DrawText(draw, ImVec2(name_x, compute_y + (lane_h - line) * 0.5f), name_colour,
               (prefix + "compute").c_str());
  ui::DrawText(draw, ImVec2(name_x, copy_y + (lane_h - line) * 0.5f), name_colour,
               (prefix + "copies").c_str());
  draw->AddRectFilled(ImVec2(chart.left, compute_y), ImVec2(chart.left + chart.width, compute_y + lane_h),
                      palette::Active().lane_ground);
  draw->AddRectFilled(ImVec2(chart.left, copy_y), ImVec2(chart.left + chart.width, copy_y + lane_h),
                      palette::Active().lane_ground);
  draw->PushClipRect(ImVec2(chart.left, compute_y), ImVec2(chart.left + chart.width, copy_y + lane_h), true);
  for (std::size_t i = 0; i < p.steps.size(); ++i) {
    const CostStep& s = p.steps[i];
    if (s.core != core || s.end_us < chart.from_us || s.start_us - s.wait_us > chart.to_us) continue;
    if (s.wait_us > 0)
      Bar(draw, chart, s.start_us - s.wait_us, s.start_us, compute_y + lane_h * 0.35f,
          compute_y + lane_h * 0.65f, Meaning::Error);
    Bar(draw, chart, s.start_us, s.end_us, compute_y + 1.0f, compute_y + lane_h - 1.0f,
        s.ran ? Meaning::Compute : Meaning::Idle);
    if (label_steps) {
      char n[24];
      std::snprintf(n, sizeof n, "%zu", i + 1);
      const float x0 = chart.X(s.start_us), x1 = chart.X(s.end_us);
      const ImVec2 size = ImGui::CalcTextSize(n);
      if (x1 - x0 > size.x + 4.0f)
        ui::DrawText(draw, ImVec2((x0 + x1 - size.x) * 0.5f, compute_y + (lane_h - size.y) * 0.5f),
                     palette::Active().on_current, n);
    }
  }
  for (const CostCopy& c : p.copies) {
    if (c.core != core || c.end_us < chart.from_us || c.start_us > chart.to_us) continue;
    Bar(draw, chart, c.start_us, c.end_us, copy_y + 1.0f, copy_y + lane_h - 1.0f,
        c.writeback ? Meaning::WrittenBack : Meaning::Copied);
  }
  if (p.current_step >= 0 && static_cast<std::size_t>(p.current_step) < p.steps.size() &&
      p.steps[static_cast<std::size_t>(p.current_step)].core == core) {
    const CostStep& s = p.steps[static_cast<std::size_t>(p.current_step)];
    draw->AddRect(ImVec2(chart.X(s.start_us) - 1.0f, compute_y),
                  ImVec2(std::max(chart.X(s.end_us), chart.X(s.start_us) + 1.5f) + 1.0f, compute_y + lane_h),
                  palette::Active().current, 0.0f, 0, 3.0f);
    for (const CostCopy& c : p.copies) {
      if (c.step != p.current_step) continue;
      draw->AddRect(ImVec2(chart.X(c.start_us) - 1.0f, copy_y),
                    ImVec2(std::max(chart.X(c.end_us), chart.X(c.start_us) + 1.5f) + 1.0f, copy_y + lane_h),
                    palette::Active().current, 0.0f, 0, 2.0f);
    }
    const float cx = chart.X(p.cursor_us);  // the cursor's time is on its own core's clock
    draw->AddLine(ImVec2(cx, compute_y), ImVec2(cx, copy_y + lane_h), palette::Active().text, 1.5f);
  }
  draw->PopClipRect();
}

// A time axis under a chart: a tick and a round label at each step that leaves room, "µs" after the last,
// and `caption` in the middle when it fits between labels. Returns the row's height.
float DrawAxis(ImDrawList* draw, const Chart& chart, float y, const std::string& caption,
               ImU32 caption_colour) {
  const float line = ImGui::GetTextLineHeight();
  const float tick = line * 0.3f;
  const float label_room = ImGui::CalcTextSize("0.00 µs").x * 1.5f;
  const std::vector<double> ticks = AxisTicksBetween(chart.from_us, chart.to_us, chart.width / label_room);
  const ImU32 dim = palette::Active().text_dim;
  const float caption_w = caption.empty() ? 0.0f : ImGui::CalcTextSize(caption.c_str()).x;
  const float caption_x = chart.left + (chart.width - caption_w) * 0.5f;
  float free_from = chart.left - line;  // labels never overlap: each starts after the last one ended
  for (std::size_t i = 0; i < ticks.size(); ++i) {
    const float x = chart.X(ticks[i]);
    draw->AddLine(ImVec2(x, y), ImVec2(x, y + tick), dim, 1.0f);
    char label[32];
    std::snprintf(label, sizeof label, i + 1 == ticks.size() ? "%.3g µs" : "%.3g", ticks[i]);
    const float w = ImGui::CalcTextSize(label).x;
    const float lx = std::clamp(x - 0.5f * w, chart.left, chart.left + chart.width - w);
    const bool under_caption =
        caption_w > 0.0f && lx < caption_x + caption_w + line && lx + w + line > caption_x;
    if (lx < free_from || under_caption) continue;
    ui::DrawText(draw, ImVec2(lx, y + tick), dim, label);
    free_from = lx + w + line * 0.5f;
  }
  if (caption_w > 0.0f && caption_w + 2.0f * line < chart.width)
    ui::DrawText(draw, ImVec2(caption_x, y + tick), caption_colour, caption.c_str());
  return tick + line;
}

// The lanes of every core over [from_us, to_us], each `lane_h` tall, and a time axis under them with
// `caption`. Returns the lanes' height (the axis is text).
float DrawLanes(const CostPicture& p, double from_us, double to_us, bool label_steps,
                const std::string& caption, float lane_h) {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float line = ImGui::GetTextLineHeight();
  const float label_w = ImGui::CalcTextSize(p.cores > 1 ? "0 compute " : "compute ").x;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float pair_h = 2.0f * lane_h + line * 0.2f;
  const Chart chart{at.x + label_w, std::max(1.0f, ImGui::GetContentRegionAvail().x - label_w), from_us,
                    to_us};
  const int cores = std::max(p.cores, 1);
  for (int core = 0; core < cores; ++core)
    DrawCoreLanes(draw, p, chart, core, at.y + static_cast<float>(core) * (pair_h + line * 0.4f), lane_h,
                  label_steps);
  const float lanes_h = static_cast<float>(cores) * pair_h + static_cast<float>(cores - 1) * line * 0.4f;
  const float axis_h = DrawAxis(draw, chart, at.y + lanes_h + 2.0f, caption,
                                label_steps ? palette::Active().text_strong : palette::Active().text_dim);
  ImGui::Dummy(ImVec2(chart.width + label_w, lanes_h + 2.0f + axis_h));
  return lanes_h;
}

void Swatch(Meaning meaning, const char* label) {
  const float line = ImGui::GetTextLineHeight();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float s = line * 0.7f;
  FillMeaning(ImGui::GetWindowDrawList(), ImVec2(p.x, p.y + (line - s) * 0.5f),
              ImVec2(p.x + s, p.y + (line + s) * 0.5f), meaning);
  ImGui::Dummy(ImVec2(s, line));
  ImGui::SameLine();
  ui::TextColored(palette::Vec(palette::Active().text_dim), "%s", label);
}

// Phrases flowed onto lines whole: ImGui's own wrapping may break a number after its decimal point.
struct Phrase {
  const char* text;
  ImU32 colour = palette::Active().text;
};

void Phrases(std::initializer_list<Phrase> phrases) {
  bool first = true;
  for (const auto& [phrase, colour] : phrases) {
    if (!first) {
      ImGui::SameLine();
      if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(phrase).x) ImGui::NewLine();
    }
    first = false;
    ui::TextColored(palette::Vec(colour), "%s", phrase);
  }
}

}  // namespace

void DrawCostView(const CostPicture& p) {
  const float top = ImGui::GetCursorPosY();
  const float avail_h = ImGui::GetContentRegionAvail().y;
  ImGui::PushTextWrapPos(0.0f);
  if (!p.empty_message.empty()) {
    ui::TextColored(palette::Vec(palette::Active().text_dim), "%s", p.empty_message.c_str());
    ImGui::PopTextWrapPos();
    return;
  }
  char total[48], compute[80], copies[40], bubbles[48];
  std::snprintf(total, sizeof total, "Total %.2f µs:", p.total_us);
  if (p.overhead_us > 0)
    std::snprintf(compute, sizeof compute, "compute %.2f (%.2f of it grid-step overhead),", p.compute_us,
                  p.overhead_us);
  else
    std::snprintf(compute, sizeof compute, "compute %.2f,", p.compute_us);
  std::snprintf(copies, sizeof copies, "copies %.2f,", p.dma_us);
  std::snprintf(bubbles, sizeof bubbles, "bubbles %.2f (estimates).", p.bubble_us);
  const ImU32 bound = p.hbm_bound ? palette::Active().skipped_text : palette::Active().passage;
  Phrases({{total},
           {compute},
           {copies},
           {bubbles},
           {p.hbm_bound ? "HBM-bound:" : "Compute-bound:", bound},
           {p.hbm_bound ? "the copy engine is busier" : "the core is busier", bound},
           {p.hbm_bound ? "than the core." : "than the copy engine.", bound}});
  ImGui::PopTextWrapPos();
  // The key flows on after the totals.
  for (const auto& [meaning, label] :
       {std::pair{Meaning::Compute, "compute"}, std::pair{Meaning::Idle, "skipped"},
        std::pair{Meaning::Copied, "copy in"}, std::pair{Meaning::WrittenBack, "writeback"},
        std::pair{Meaning::Error, "bubble"}}) {
    ImGui::SameLine(0.0f, ImGui::GetTextLineHeight());
    if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(label).x + ImGui::GetTextLineHeight() * 2.0f)
      ImGui::NewLine();
    Swatch(meaning, label);
  }

  // The charts share what the text leaves (as drawn in the last frame): each lane between one and three
  // lines tall. Two charts of two lanes a core.
  const float line = ImGui::GetTextLineHeight();
  const bool zoomed = p.current_step >= 0 && static_cast<std::size_t>(p.current_step) < p.steps.size();
  const float lanes = static_cast<float>((zoomed ? 4 : 2) * std::max(p.cores, 1));
  const float text_h = RememberedTextHeight("cost text", 9.0f * ImGui::GetTextLineHeightWithSpacing());
  const float lane_h = std::clamp(std::floor((avail_h - text_h - 1.0f) / lanes), line, 3.0f * line);
  float charts_h = DrawLanes(p, 0.0, std::max(p.total_us, 1e-6), false, "", lane_h);
  // The focus: the launch's totals and its chart; the zoom on the cursor's step and the notes may scroll.
  NoteFocus("cost", ui::LastItemInView() && ImGui::GetScrollY() <= 0.0f);
  if (zoomed) {
    const CostStep& s = p.steps[static_cast<std::size_t>(p.current_step)];
    double copies = 0, copies_end = s.start_us;
    for (const CostCopy& c : p.copies) {
      if (c.step != p.current_step) continue;
      copies += c.end_us - c.start_us;
      copies_end = std::max(copies_end, c.end_us);
    }
    const CostWindow window = CostWindowAround(p, kCostZoomSteps);
    charts_h += DrawLanes(p, window.from_us, window.to_us, true,
                          "zoom: around step " + std::to_string(p.current_step + 1), lane_h);
    char step[48], compute[48], copied[64], waited[40];
    std::snprintf(step, sizeof step, "Step %d of %zu:", p.current_step + 1, p.steps.size());
    std::snprintf(compute, sizeof compute, "compute %.2f µs%s,", s.end_us - s.start_us,
                  s.ran ? "" : " (skipped)");
    std::snprintf(copied, sizeof copied, "copies %.2f µs (%s),", copies,
                  copies == 0                     ? "none"
                  : copies_end <= s.end_us + 1e-9 ? "hidden under compute"
                                                  : "not all hidden");
    std::snprintf(waited, sizeof waited, "waited %.2f µs.", s.wait_us);
    Phrases({{step, palette::Active().text_strong},
             {compute, palette::Active().text_strong},
             {copied, palette::Active().text_strong},
             {waited, palette::Active().text_strong}});
  }
  ImGui::PushTextWrapPos(0.0f);
  ui::TextColored(palette::Vec(palette::Active().text_dim),
                  "Estimates from a cost model, not measurements: %s.", p.chip.c_str());
  if (!p.vmem.empty()) ui::TextColored(palette::Vec(palette::Active().text_dim), "%s.", p.vmem.c_str());
  ImGui::PopTextWrapPos();
  RememberTextHeight("cost text", ImGui::GetCursorPosY() - top - charts_h);
}

}  // namespace tilewalk::views
