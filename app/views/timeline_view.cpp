// The timeline pane. Sections: the marker kinds and the scrubber's sizes; the buttons and time labels; the
// legend; the megacore lanes (a lane of grid steps per TensorCore on v4 and v5p); the scrubber; the pane,
// figure and classroom-strip entry points.
#include "app/views/timeline_view.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include "app/views/chart_scales.hpp"
#include "app/views/meaning_fill.hpp"
#include "app/views/pipeline_chart_view.hpp"
#include "app/views/play_rate.hpp"
#include "app/views/tour_palette.hpp"
#include "app/views/ui_text.hpp"

namespace tilewalk::views {
namespace {

struct KindStyle {
  const char* label;
  Meaning meaning;  // its colour (and, in print, its pattern)
};

constexpr std::array<KindStyle, static_cast<std::size_t>(MarkerKind::kCount)> kKinds = {{
    {"copy issued", Meaning::Copied},
    {"copy skipped", Meaning::Skipped},
    {"writeback", Meaning::WrittenBack},
    {"step skipped", Meaning::SkippedStep},
    {"error", Meaning::Error},
}};

// The scrubber's parts, in lines of text: the launch bands, one lane per marker kind, then on a megacore
// chip a lane of grid steps per TensorCore.
constexpr float kBandLines = 1.1f;
constexpr float kLaneLines = 0.45f;
constexpr float kScrubberPadLines = 0.3f;

float LaneHeight() {
  return std::max(4.0f, ImGui::GetTextLineHeight() * kLaneLines);
}

constexpr float kCoreLaneLines = 0.8f;

float CoreLaneHeight() {
  return std::max(6.0f, ImGui::GetTextLineHeight() * kCoreLaneLines);
}

float ScrubberHeight(bool core_lanes = false) {
  const float line = ImGui::GetTextLineHeight();
  return line * (kBandLines + kScrubberPadLines) + LaneHeight() * static_cast<float>(kKinds.size()) +
         (core_lanes ? 2.0f * CoreLaneHeight() : 0.0f);
}

// A marker of kind `k` centred on x in its lane: a bar, except a skipped step, which is a diamond, so that it
// does not read as a skipped copy (a neighbouring orange) from the back of a room. Both scale with the text,
// so classroom mode's larger text draws them thicker.
void DrawMarker(ImDrawList* draw, std::size_t k, float x, float y, float lane, float line) {
  const ImU32 colour = MeaningColour(kKinds[k].meaning);
  const float half = std::max(1.0f, line * 0.07f);
  if (k == static_cast<std::size_t>(MarkerKind::SkippedStep)) {
    const float r = std::max(half * 2.0f, lane * 0.5f - 1.0f), cy = y + lane * 0.5f;
    draw->AddQuadFilled(ImVec2(x, cy - r), ImVec2(x + r, cy), ImVec2(x, cy + r), ImVec2(x - r, cy), colour);
    return;
  }
  draw->AddRectFilled(ImVec2(x - half, y + 1.0f), ImVec2(x + half, y + lane - 1.0f), colour);
}

float AxisX(double fraction, float left, float width) {
  return left + width * static_cast<float>(std::clamp(fraction, 0.0, 1.0));
}

// Starts the next item on this line when `width` still fits there, else on the next line.
void SameLineIfFits(float width) {
  ImGui::SameLine();
  if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
}

// A button that shows whether it is the one chosen: the chosen one is filled in the accent colour.
bool ChoiceButton(const char* label, bool chosen) {
  if (chosen) {
    ImGui::PushStyleColor(ImGuiCol_Button, palette::Vec(palette::Active().selected));
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, palette::Vec(palette::Active().selected));
    ImGui::PushStyleColor(ImGuiCol_Text, palette::Vec(palette::Active().on_selected));
  }
  const bool clicked = ui::Button(label);
  if (chosen) ImGui::PopStyleColor(3);
  return clicked;
}

float ButtonWidth(const char* label) {
  return ImGui::CalcTextSize(label).x + ImGui::GetStyle().FramePadding.x * 2.0f +
         ImGui::GetStyle().ItemSpacing.x;
}

std::optional<Intent> DrawButtons(const TimelinePicture& picture) {
  std::optional<Intent> intent;
  if (ui::Button("|<")) intent = Intent{.kind = IntentKind::GoToStart};
  ImGui::SameLine();
  if (ui::Button(" < ")) intent = Intent{.kind = IntentKind::Step, .value = -1};
  ImGui::SameLine();
  if (ui::Button(picture.playing ? "Pause" : "Play ")) intent = Intent{.kind = IntentKind::TogglePlay};
  ImGui::SameLine();
  if (ui::Button(" > ")) intent = Intent{.kind = IntentKind::Step, .value = 1};
  ImGui::SameLine();
  if (ui::Button(">|")) intent = Intent{.kind = IntentKind::GoToEnd};

  SameLineIfFits(ImGui::CalcTextSize("step by: statement DMA grid step launch").x * 1.3f);
  ui::TextColored(palette::Vec(palette::Active().text_dim), "step by:");
  for (int u = 0; u < static_cast<int>(StepUnit::kCount); ++u) {
    const auto unit = static_cast<StepUnit>(u);
    ImGui::SameLine();
    ImGui::PushID(u);
    if (ChoiceButton(StepUnitName(unit), picture.step_unit == unit))
      intent = Intent{.kind = IntentKind::SetStepUnit, .value = u};
    ImGui::PopID();
  }

  SameLineIfFits(ButtonWidth("steps") + ButtonWidth("model time") + ImGui::CalcTextSize("play:").x);
  ui::TextColored(palette::Vec(palette::Active().text_dim), "play:");
  ImGui::SameLine();
  if (ChoiceButton("steps", picture.clock == PlayClock::Steps))
    intent = Intent{.kind = IntentKind::SetPlayClock, .value = static_cast<int>(PlayClock::Steps)};
  ImGui::SameLine();
  if (ChoiceButton("model time", picture.clock == PlayClock::ModelTime))
    intent = Intent{.kind = IntentKind::SetPlayClock, .value = static_cast<int>(PlayClock::ModelTime)};

  const float slider_width = ImGui::CalcTextSize("M").x * 9.0f;
  SameLineIfFits(slider_width + ImGui::CalcTextSize("speed").x + ButtonWidth("events") +
                 ButtonWidth("time (µs)") + ImGui::CalcTextSize("axis:").x);
  ImGui::SetNextItemWidth(slider_width);
  if (picture.clock == PlayClock::ModelTime) {
    // µs of TPU time a second, on a log scale: a wide range, every decade the same width.
    auto rate = static_cast<float>(picture.rate_us);
    if (ImGui::SliderFloat("##rate", &rate, static_cast<float>(kMinPlayRate),
                           static_cast<float>(kMaxPlayRate), "%.3g µs/s", ImGuiSliderFlags_Logarithmic))
      intent =
          Intent{.kind = IntentKind::SetPlayRate,
                 .value = PlayRateValue(std::clamp(static_cast<double>(rate), kMinPlayRate, kMaxPlayRate))};
  } else {
    int speed = static_cast<int>(picture.speed);
    if (ImGui::SliderInt("##speed", &speed, 1, 120, "%d/s"))
      intent = Intent{.kind = IntentKind::SetSpeed, .value = speed};
  }
  ImGui::SameLine(0.0f, 0.0f);
  ui::TextColored(palette::Vec(palette::Active().text_dim),
                  picture.clock == PlayClock::ModelTime ? " rate" : " speed");
  ImGui::SameLine();
  ui::TextColored(palette::Vec(palette::Active().text_dim), " axis:");
  ImGui::SameLine();
  if (ChoiceButton("events", picture.axis == TimelineAxis::Events))
    intent = Intent{.kind = IntentKind::SetAxis, .value = static_cast<int>(TimelineAxis::Events)};
  ImGui::SameLine();
  if (ChoiceButton("time (µs)", picture.axis == TimelineAxis::Time))
    intent = Intent{.kind = IntentKind::SetAxis, .value = static_cast<int>(TimelineAxis::Time)};
  return intent;
}

// The time axis under the scrubber: estimated microseconds at round intervals. (On the event axis the
// position line already counts events, so it has no row of its own.)
void DrawTimeLabels(const TimelinePicture& picture, float left, float width) {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float line = ImGui::GetTextLineHeight();
  char text[48];
  if (picture.total_us > 0) {
    const std::vector<double> ticks =
        AxisTicks(picture.total_us, width / (ImGui::CalcTextSize("M").x * 12.0f));
    for (double t : ticks) {
      const float x = AxisX(t / picture.total_us, left, width);
      std::snprintf(text, sizeof text, "%g µs", t);
      const float w = ImGui::CalcTextSize(text).x;
      // A tick at the value, its label starting just right of it (or ending at it, at the far end).
      draw->AddLine(ImVec2(x, at.y), ImVec2(x, at.y + line), palette::Active().text_dim);
      const float label_x = x + 3.0f + w <= left + width ? x + 3.0f : x - 3.0f - w;
      ui::DrawText(draw, ImVec2(label_x, at.y), palette::Active().text_dim, text);
    }
  }
  ImGui::Dummy(ImVec2(width, line));
}

// Each kind's swatch, with `buttons` between buttons that jump to its previous and next event (a figure
// has none).
std::optional<Intent> DrawLegend(bool buttons = true) {
  std::optional<Intent> intent;
  const float line = ImGui::GetTextLineHeight();
  const float button_widths = buttons ? ButtonWidth("<") * 2.0f : 0.0f;
  for (std::size_t k = 0; k < kKinds.size(); ++k) {
    if (k > 0) SameLineIfFits(ImGui::CalcTextSize(kKinds[k].label).x + button_widths + line * 2.0f);
    ImGui::PushID(static_cast<int>(k));
    if (buttons) {
      if (ui::Button("<"))
        intent = Intent{.kind = IntentKind::JumpToMarker, .value = -1, .arg = static_cast<int>(k)};
      ImGui::SameLine();
    }
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float frame = ImGui::GetFrameHeight();
    const float s = line * 0.7f;
    if (k == static_cast<std::size_t>(MarkerKind::SkippedStep)) {
      DrawMarker(ImGui::GetWindowDrawList(), k, p.x + s * 0.5f, p.y + (frame - s) * 0.5f, s, line);
    } else {
      FillMeaning(ImGui::GetWindowDrawList(), ImVec2(p.x, p.y + (frame - s) * 0.5f),
                  ImVec2(p.x + s, p.y + (frame + s) * 0.5f), kKinds[k].meaning);
    }
    ImGui::Dummy(ImVec2(s, frame));
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    ui::TextUnformatted(kKinds[k].label);
    if (buttons) {
      ImGui::SameLine();
      if (ui::Button(">"))
        intent = Intent{.kind = IntentKind::JumpToMarker, .value = 1, .arg = static_cast<int>(k)};
    }
    ImGui::PopID();
  }
  return intent;
}

// Megacore: each core's grid steps as bars on its own lane under the markers, in the neutral edge colour
// (the lane, not a hue, says which core), with the lane's name at its left end on a patch of the ground.
void DrawCoreLanes(ImDrawList* draw, const TimelinePicture& picture, float left, float width, float top) {
  const float lane = CoreLaneHeight();
  for (const TimelineStepBar& bar : picture.core_steps) {
    const float x0 = AxisX(TimelineFraction(picture, bar.first, bar.start_us), left, width);
    float x1 = picture.axis == TimelineAxis::Time
                   ? AxisX(TimelineFraction(picture, bar.end, bar.end_us), left, width)
                   : AxisX(TimelineFraction(picture, bar.end == 0 ? 0 : bar.end - 1, 0), left, width);
    if (x1 - x0 > 3.0f) x1 -= 1.0f;  // a hairline between neighbouring steps
    const float y = top + lane * static_cast<float>(bar.core);
    draw->AddRectFilled(ImVec2(x0, y + 1.0f), ImVec2(std::max(x1, x0 + 1.0f), y + lane - 1.0f),
                        palette::Active().edge);
  }
  for (int core = 0; core < 2; ++core) {
    const char* name = core == 0 ? "core 0" : "core 1";
    const float y = top + lane * static_cast<float>(core);
    const float scale = std::min(1.0f, lane / ImGui::GetTextLineHeight());
    const float name_width = ImGui::CalcTextSize(name).x * scale;
    draw->AddRectFilled(ImVec2(left, y + 1.0f), ImVec2(left + name_width + 4.0f, y + lane - 1.0f),
                        palette::Active().window);
    draw->AddText(ImGui::GetFont(), ImGui::GetFontSize() * scale, ImVec2(left + 2.0f, y),
                  palette::Active().text_strong, name);
  }
}

// The scrubber: launch bands, a lane of markers per kind, the landing flag and the cursor. Dragging on it
// returns the seek; `left` and `width` say where its axis lies, for the labels under it.
std::optional<Intent> DrawScrubber(const TimelinePicture& picture, float& left, float& width,
                                   bool core_lanes = true) {
  std::optional<Intent> intent;
  const float line = ImGui::GetTextLineHeight();
  const float lane = LaneHeight();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  width = std::max(1.0f, ImGui::GetContentRegionAvail().x - line);
  left = at.x + line * 0.5f;
  const float band_height = line * kBandLines;
  core_lanes = core_lanes && !picture.core_steps.empty();
  const float height = ScrubberHeight(core_lanes);
  ImGui::InvisibleButton("scrubber", ImVec2(width + line, height));
  if (ImGui::IsItemActive() && picture.event_count > 0) {
    const float x = ImGui::GetIO().MousePos.x;
    if (picture.axis == TimelineAxis::Time) {
      const double f = std::clamp(static_cast<double>(x - left) / static_cast<double>(width), 0.0, 1.0);
      intent = Intent{.kind = IntentKind::SeekToTime, .value = std::llround(f * picture.total_us * 1000.0)};
    } else if (const std::uint64_t event = ScrubberEventAt(x, left, width, picture.event_count);
               event != picture.cursor) {
      intent = Intent{.kind = IntentKind::SeekToEvent, .value = static_cast<std::int64_t>(event)};
    }
  }
  ImDrawList* draw = ImGui::GetWindowDrawList();
  // An outline, not a fill: the window colour is already there, and a software rasteriser pays per pixel.
  draw->AddRect(ImVec2(left - 1.0f, at.y - 1.0f), ImVec2(left + width + 1.0f, at.y + height + 1.0f),
                palette::Active().edge);
  for (std::size_t i = 0; i < picture.launches.size(); ++i) {
    const TimelineBand& band = picture.launches[i];
    const float x0 = AxisX(TimelineFraction(picture, band.first, band.start_us), left, width);
    const float x1 = picture.axis == TimelineAxis::Time
                         ? AxisX(TimelineFraction(picture, band.end, band.end_us), left, width)
                         : AxisX(TimelineFraction(picture, band.end == 0 ? 0 : band.end - 1, 0), left, width);
    const ImU32 fill = i % 2 == 0 ? palette::Active().band_even : palette::Active().band_odd;
    draw->AddRectFilled(ImVec2(x0, at.y), ImVec2(x1, at.y + band_height), fill);
    draw->PushClipRect(ImVec2(x0, at.y), ImVec2(x1, at.y + band_height), true);
    ui::DrawText(draw, ImVec2(x0 + 4.0f, at.y + (band_height - line) * 0.5f), palette::Active().text,
                 band.focus ? (band.name + ": the stop's launch").c_str() : band.name.c_str());
    draw->PopClipRect();
    if (band.focus) {
      draw->AddRect(ImVec2(x0, at.y), ImVec2(x1, at.y + height), palette::Active().passage, 0.0f, 0,
                    std::max(2.0f, 0.12f * line));
    }
  }
  for (const TimelineMarker& m : picture.markers) {
    const std::size_t k = static_cast<std::size_t>(m.kind);
    const float x = AxisX(TimelineFraction(picture, m.event, m.time_us), left, width);
    const float y = at.y + band_height + lane * static_cast<float>(k);
    DrawMarker(draw, k, x, y, lane, line);
  }
  if (core_lanes)
    DrawCoreLanes(draw, picture, left, width, at.y + band_height + lane * static_cast<float>(kKinds.size()));
  if (picture.landing) {
    // A small flag under the launch bands: where the stop landed, so that one can wander and come back.
    const float lx =
        AxisX(TimelineFraction(picture, *picture.landing, picture.landing_us.value_or(0)), left, width);
    const float s = line * 0.35f;
    draw->AddTriangleFilled(ImVec2(lx - s, at.y + height), ImVec2(lx + s, at.y + height),
                            ImVec2(lx, at.y + height - s * 1.6f), palette::Active().passage);
  }
  const float cx = AxisX(TimelineFraction(picture, picture.cursor, picture.cursor_us), left, width);
  draw->AddRectFilled(ImVec2(cx - 2.0f, at.y), ImVec2(cx + 2.0f, at.y + height), palette::Active().current);

  return intent;
}

}  // namespace

std::uint64_t ScrubberEventAt(float x, float left, float width, std::uint64_t event_count) {
  if (event_count == 0 || !(width > 0.0f)) return 0;
  const double f = std::clamp(static_cast<double>(x - left) / static_cast<double>(width), 0.0, 1.0);
  return static_cast<std::uint64_t>(std::llround(f * static_cast<double>(event_count - 1)));
}

// The chart of model-time playback, drawn while the clock is model time.
const PipelineChart* ShownChart(const TimelinePicture& picture) {
  return picture.clock == PlayClock::ModelTime && !picture.pipeline.lanes.empty() ? &picture.pipeline
                                                                                  : nullptr;
}

float ChartHeight(const TimelinePicture& picture, bool compact = false) {
  const PipelineChart* chart = ShownChart(picture);
  return chart == nullptr ? 0.0f : PipelineChartHeight(*chart, compact);
}

float TimelineViewHeight(const TimelinePicture& picture) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float time_labels = picture.axis == TimelineAxis::Time ? ImGui::GetTextLineHeightWithSpacing() : 0.0f;
  return ImGui::GetFrameHeightWithSpacing() + ImGui::GetTextLineHeightWithSpacing() + ChartHeight(picture) +
         ScrubberHeight(!picture.core_steps.empty()) + style.ItemSpacing.y + time_labels +
         ImGui::GetFrameHeight();
}

std::optional<Intent> DrawTimelineView(const TimelinePicture& picture) {
  std::optional<Intent> intent = DrawButtons(picture);
  ui::TextUnformatted(picture.position.c_str());
  ImGui::SameLine();
  ui::TextColored(palette::Vec(palette::Active().executing_edge), "%s", picture.statement.c_str());
  if (const PipelineChart* chart = ShownChart(picture)) DrawPipelineChart(*chart);
  float left = 0, width = 0;
  if (auto seek = DrawScrubber(picture, left, width)) intent = seek;
  if (picture.axis == TimelineAxis::Time) DrawTimeLabels(picture, left, width);
  if (auto jump = DrawLegend()) intent = jump;
  return intent;
}

void DrawTimelineFigure(const TimelinePicture& picture) {
  float left = 0, width = 0;
  DrawScrubber(picture, left, width);
  if (picture.axis == TimelineAxis::Time) DrawTimeLabels(picture, left, width);
  DrawLegend(/*buttons=*/false);
}

float TimelineStripHeight(const TimelinePicture& picture) {
  // With the pipeline chart, which has a lane per core, the scrubber's core lanes give way.
  return ImGui::GetTextLineHeightWithSpacing() + ChartHeight(picture, /*compact=*/true) +
         ScrubberHeight(!picture.core_steps.empty() && ShownChart(picture) == nullptr);
}

std::optional<Intent> DrawTimelineStrip(const TimelinePicture& picture) {
  ui::TextColored(palette::Vec(palette::Active().executing_edge), "%s", picture.statement.c_str());
  ImGui::SameLine();
  ui::TextUnformatted(picture.position.c_str());
  const PipelineChart* chart = ShownChart(picture);
  if (chart != nullptr) DrawPipelineChart(*chart, /*compact=*/true);
  float left = 0, width = 0;
  return DrawScrubber(picture, left, width, /*core_lanes=*/chart == nullptr);
}

}  // namespace tilewalk::views
