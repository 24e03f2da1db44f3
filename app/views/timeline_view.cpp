#include "app/views/timeline_view.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "app/views/tour_palette.hpp"

namespace tilewalk::views {
namespace {

struct KindStyle {
  const char* label;
  ImU32 colour;
};

constexpr std::array<KindStyle, static_cast<std::size_t>(MarkerKind::kCount)> kKinds = {{
    {"copy issued", palette::kIssued},
    {"copy skipped", palette::kSkipped},
    {"writeback", palette::kWriteback},
    {"step skipped", palette::kSkippedStep},
    {"error", palette::kError},
}};

float EventX(std::uint64_t event, float left, float width, std::uint64_t count) {
  if (count <= 1) return left;
  return left + width * static_cast<float>(static_cast<double>(event) / static_cast<double>(count - 1));
}

std::optional<Intent> DrawButtons(const TimelinePicture& picture) {
  std::optional<Intent> intent;
  if (ImGui::Button("|<")) intent = Intent{.kind = IntentKind::GoToStart};
  ImGui::SameLine();
  if (ImGui::Button("<<")) intent = Intent{.kind = IntentKind::StepGridStep, .value = -1};
  ImGui::SameLine();
  if (ImGui::Button(" < ")) intent = Intent{.kind = IntentKind::StepStatement, .value = -1};
  ImGui::SameLine();
  if (ImGui::Button(picture.playing ? "Pause" : "Play ")) intent = Intent{.kind = IntentKind::TogglePlay};
  ImGui::SameLine();
  if (ImGui::Button(" > ")) intent = Intent{.kind = IntentKind::StepStatement, .value = 1};
  ImGui::SameLine();
  if (ImGui::Button(">>")) intent = Intent{.kind = IntentKind::StepGridStep, .value = 1};
  ImGui::SameLine();
  if (ImGui::Button(">|")) intent = Intent{.kind = IntentKind::GoToEnd};
  ImGui::SameLine();
  int speed = static_cast<int>(picture.speed);
  ImGui::SetNextItemWidth(ImGui::CalcTextSize("M").x * 16.0f);
  if (ImGui::SliderInt("##speed", &speed, 1, 120, "%d statements/s")) {
    intent = Intent{.kind = IntentKind::SetSpeed, .value = speed};
  }
  ImGui::SameLine();
  ImGui::TextUnformatted(picture.position.c_str());
  return intent;
}

}  // namespace

std::uint64_t ScrubberEventAt(float x, float left, float width, std::uint64_t event_count) {
  if (event_count == 0 || !(width > 0.0f)) return 0;
  const double f = std::clamp(static_cast<double>(x - left) / static_cast<double>(width), 0.0, 1.0);
  return static_cast<std::uint64_t>(std::llround(f * static_cast<double>(event_count - 1)));
}

std::optional<Intent> DrawTimelineView(const TimelinePicture& picture) {
  std::optional<Intent> intent = DrawButtons(picture);
  ImGui::TextColored(palette::Vec(palette::kCurrent), "%s", picture.statement.c_str());

  const float line = ImGui::GetTextLineHeight();
  const float lane = std::max(4.0f, line * 0.45f);
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float width = std::max(1.0f, ImGui::GetContentRegionAvail().x - line);
  const float left = at.x + line * 0.5f;
  const float band_height = line * 1.1f;
  const float lanes_height = lane * static_cast<float>(kKinds.size());
  const float height = band_height + lanes_height + line * 0.3f;
  ImGui::InvisibleButton("scrubber", ImVec2(width + line, height));
  if (ImGui::IsItemActive() && picture.event_count > 0) {
    const std::uint64_t event = ScrubberEventAt(ImGui::GetIO().MousePos.x, left, width, picture.event_count);
    if (event != picture.cursor) intent = Intent{.kind = IntentKind::SeekToEvent, .value = static_cast<std::int64_t>(event)};
  }
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(ImVec2(left, at.y), ImVec2(left + width, at.y + height), IM_COL32(0x18, 0x1A, 0x20, 0xFF));
  for (std::size_t i = 0; i < picture.launches.size(); ++i) {
    const TimelineBand& band = picture.launches[i];
    const float x0 = EventX(band.first, left, width, picture.event_count);
    const float x1 = EventX(band.end == 0 ? 0 : band.end - 1, left, width, picture.event_count);
    const ImU32 fill = i % 2 == 0 ? IM_COL32(0x34, 0x3A, 0x46, 0xFF) : IM_COL32(0x2A, 0x30, 0x3A, 0xFF);
    draw->AddRectFilled(ImVec2(x0, at.y), ImVec2(x1, at.y + band_height), fill);
    draw->PushClipRect(ImVec2(x0, at.y), ImVec2(x1, at.y + band_height), true);
    draw->AddText(ImVec2(x0 + 4.0f, at.y + (band_height - line) * 0.5f), palette::kText, band.name.c_str());
    draw->PopClipRect();
  }
  for (const TimelineMarker& m : picture.markers) {
    const std::size_t k = static_cast<std::size_t>(m.kind);
    const float x = EventX(m.event, left, width, picture.event_count);
    const float y = at.y + band_height + lane * static_cast<float>(k);
    draw->AddRectFilled(ImVec2(x - 1.0f, y + 1.0f), ImVec2(x + 1.0f, y + lane - 1.0f), kKinds[k].colour);
  }
  if (picture.landing) {
    // A small flag under the launch bands: where the stop landed, so that one can wander and come back.
    const float lx = EventX(*picture.landing, left, width, picture.event_count);
    const float s = line * 0.35f;
    draw->AddTriangleFilled(ImVec2(lx - s, at.y + height), ImVec2(lx + s, at.y + height), ImVec2(lx, at.y + height - s * 1.6f),
                            palette::kPassage);
  }
  const float cx = EventX(picture.cursor, left, width, picture.event_count);
  draw->AddRectFilled(ImVec2(cx - 2.0f, at.y), ImVec2(cx + 2.0f, at.y + height), palette::kCurrent);

  // Legend: one swatch per kind.
  for (std::size_t k = 0; k < kKinds.size(); ++k) {
    if (k > 0) ImGui::SameLine();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float s = line * 0.7f;
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(p.x, p.y + (line - s) * 0.5f), ImVec2(p.x + s, p.y + (line + s) * 0.5f),
                                              kKinds[k].colour);
    ImGui::Dummy(ImVec2(s, line));
    ImGui::SameLine();
    ImGui::TextColored(palette::Vec(palette::kTextDim), "%s", kKinds[k].label);
  }
  return intent;
}

}  // namespace tilewalk::views
