#include "app/views/pipeline_chart_view.hpp"

#include <imgui.h>

#include <algorithm>

#include "app/views/meaning_fill.hpp"
#include "app/views/tour_palette.hpp"
#include "app/views/ui_text.hpp"

namespace tilewalk::views {
namespace {

constexpr float kLaneLines = 1.15f, kCompactLaneLines = 0.85f;

Meaning MeaningOf(PipelineSpanKind kind) {
  switch (kind) {
    case PipelineSpanKind::Skipped:
      return Meaning::Idle;
    case PipelineSpanKind::Wait:
      return Meaning::Error;  // a bubble: the core idles, cross-hatched as the cost pane draws it
    case PipelineSpanKind::CopyIn:
      return Meaning::Copied;
    case PipelineSpanKind::Writeback:
      return Meaning::WrittenBack;
    default:
      return Meaning::Compute;
  }
}

float LaneHeight(bool compact) {
  return ImGui::GetTextLineHeight() * (compact ? kCompactLaneLines : kLaneLines);
}

}  // namespace

float PipelineChartHeight(const PipelineChart& chart, bool compact) {
  if (chart.lanes.empty()) return 0.0f;
  return (compact ? 0.0f : ImGui::GetTextLineHeightWithSpacing()) +
         LaneHeight(compact) * static_cast<float>(chart.lanes.size()) + ImGui::GetStyle().ItemSpacing.y;
}

void DrawPipelineChart(const PipelineChart& chart, bool compact) {
  if (chart.lanes.empty()) return;
  if (!compact) ui::TextUnformatted(chart.now);
  const float line = ImGui::GetTextLineHeight();
  const float lane = LaneHeight(compact);
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float name_width = ImGui::CalcTextSize("DMA 0 ").x;
  const float left = at.x + name_width;
  const float width = std::max(1.0f, ImGui::GetContentRegionAvail().x - name_width - line * 0.5f);
  const float height = lane * static_cast<float>(chart.lanes.size());
  ImGui::Dummy(ImVec2(name_width + width, height));
  const double span_us = std::max(1e-9, chart.to_us - chart.from_us);
  const auto x_of = [&](double t) {
    return left + width * static_cast<float>(std::clamp((t - chart.from_us) / span_us, 0.0, 1.0));
  };
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const palette::Colours& colours = palette::Active();
  for (std::size_t l = 0; l < chart.lanes.size(); ++l) {
    const PipelineLane& row = chart.lanes[l];
    const float y = at.y + lane * static_cast<float>(l);
    ui::DrawText(draw, ImVec2(at.x, y + (lane - line) * 0.5f), colours.text_dim, row.name);
    draw->AddLine(ImVec2(left, y + lane - 0.5f), ImVec2(left + width, y + lane - 0.5f), colours.edge);
    for (const PipelineSpan& span : row.spans) {
      const float x0 = x_of(span.start_us), x1 = std::max(x_of(span.end_us) - 1.0f, x0 + 1.0f);
      const ImVec2 a(x0, y + 2.0f), b(x1, y + lane - 2.0f);
      FillMeaning(draw, a, b, MeaningOf(span.kind));
      const bool now = span.start_us <= chart.playhead_us && chart.playhead_us < span.end_us;
      if (now) draw->AddRect(a, b, colours.text_strong, 0.0f, 0, std::max(1.5f, line * 0.1f));
      const float label = ImGui::CalcTextSize(span.label.c_str()).x;
      if (x1 - x0 > label + 6.0f && span.kind != PipelineSpanKind::Wait) {
        draw->PushClipRect(a, b, true);
        ui::DrawText(draw, ImVec2(x0 + 3.0f, y + (lane - line) * 0.5f), colours.on_light, span.label);
        draw->PopClipRect();
      }
    }
  }
  const float px = x_of(chart.playhead_us);
  draw->AddRectFilled(ImVec2(px - 1.5f, at.y), ImVec2(px + 1.5f, at.y + height), colours.current);
}

}  // namespace tilewalk::views
