#include "app/views/heatmap_view.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <type_traits>

#include "app/views/tour_palette.hpp"

namespace tilewalk::views {

static_assert(
    std::is_same_v<ImTextureID, TextureId>,
    "views::TextureId must be ImGui's ImTextureID; update heatmap_picture.hpp if imconfig changes it.");

namespace {

ImU32 ToImU32(Rgb c) {
  return IM_COL32(c.r, c.g, c.b, 0xFF);
}

// Short numbers for a projector: 3 significant digits, and "~0" for what only a float can tell from zero
// (exp of a very negative score), which would otherwise read as a long exponent.
void FormatValue(char* out, std::size_t n, float v) {
  if (v != 0.0f && std::fabs(v) < 1e-6f) {
    std::snprintf(out, n, "~0");
  } else {
    std::snprintf(out, n, "%.3g", static_cast<double>(v));
  }
}

}  // namespace

bool DrawEmptyMessage(const std::string& message) {
  if (message.empty()) return false;
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(palette::Vec(palette::Active().text_dim), "%s", message.c_str());
  ImGui::PopTextWrapPos();
  return true;
}

ImVec2 FitTile(int rows, int cols, ImVec2 avail, float max_scale) {
  if (rows <= 0 || cols <= 0) return {0.0f, 0.0f};
  const float scale = std::max(
      0.25f, std::min({avail.x / static_cast<float>(cols), avail.y / static_cast<float>(rows), max_scale}));
  return {static_cast<float>(cols) * scale, static_cast<float>(rows) * scale};
}

void DrawHeatmapImage(const Heatmap& heatmap, ImVec2 size, int repeats) {
  repeats = std::max(1, repeats);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float copy_w = size.x / static_cast<float>(repeats);
  for (int i = 0; i < repeats; ++i) {
    const ImVec2 a{at.x + copy_w * static_cast<float>(i), at.y};
    const ImVec2 b{a.x + copy_w, at.y + size.y};
    if (heatmap.texture != nullptr) {
      draw->AddImage(heatmap.texture, a, b);
    } else {
      draw->AddRectFilled(a, b, palette::Active().panel);
    }
    if (i > 0) draw->AddLine(a, {a.x, b.y}, palette::Active().current, 2.0f);
  }
  draw->AddRect(at, {at.x + size.x, at.y + size.y}, palette::Active().edge);
  ImGui::Dummy(size);
}

void DrawColourScale(const Heatmap& heatmap, float width) {
  char lo[32], hi[32];
  if (!heatmap.has_range) {
    ImGui::TextColored(palette::Vec(palette::Active().text_dim), "no entry in colour");
    return;
  }
  FormatValue(lo, sizeof lo, heatmap.min);
  FormatValue(hi, sizeof hi, heatmap.max);
  const float hi_w = ImGui::CalcTextSize(hi).x;
  const float lo_w = ImGui::CalcTextSize(lo).x;
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float bar_w = std::max(width - lo_w - hi_w - 2.0f * spacing, 16.0f);
  const float h = ImGui::GetTextLineHeight() * 0.8f;
  ImGui::TextUnformatted(lo);
  ImGui::SameLine();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const ImVec2 bar_at{at.x, at.y + (ImGui::GetTextLineHeight() - h) * 0.5f};
  ImDrawList* draw = ImGui::GetWindowDrawList();
  constexpr int kSegments = 10;  // a gradient in ten pieces, each linear between two ramp points
  for (int i = 0; i < kSegments; ++i) {
    const float t0 = static_cast<float>(i) / kSegments, t1 = static_cast<float>(i + 1) / kSegments;
    const ImU32 c0 = ToImU32(ColourRamp(t0)), c1 = ToImU32(ColourRamp(t1));
    draw->AddRectFilledMultiColor({bar_at.x + bar_w * t0, bar_at.y}, {bar_at.x + bar_w * t1, bar_at.y + h},
                                  c0, c1, c1, c0);
  }
  ImGui::Dummy({bar_w, ImGui::GetTextLineHeight()});
  ImGui::SameLine();
  ImGui::TextUnformatted(hi);
}

}  // namespace tilewalk::views
