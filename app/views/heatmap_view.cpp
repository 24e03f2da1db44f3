#include "app/views/heatmap_view.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <type_traits>

#include "app/views/tour_palette.hpp"
#include "app/views/ui_text.hpp"

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
  ui::TextColored(palette::Vec(palette::Active().text_dim), "%s", message.c_str());
  ImGui::PopTextWrapPos();
  return true;
}

ImVec2 FitTile(int rows, int cols, ImVec2 avail, float max_scale) {
  if (rows <= 0 || cols <= 0) return {0.0f, 0.0f};
  const float scale = std::max(
      0.25f, std::min({avail.x / static_cast<float>(cols), avail.y / static_cast<float>(rows), max_scale}));
  return {static_cast<float>(cols) * scale, static_cast<float>(rows) * scale};
}

namespace {

// The entry under the mouse: its row, column and value, and whether a mask covers it.
void ShowEntryTooltip(const Heatmap& heatmap, ImVec2 at, ImVec2 size, int repeats) {
  const HeatmapImage* image = heatmap.image.get();
  if (image == nullptr || image->width <= 0 || image->height <= 0 || size.x <= 0.0f || size.y <= 0.0f) return;
  const std::size_t count = static_cast<std::size_t>(image->width) * static_cast<std::size_t>(image->height);
  if (image->values.size() != count || image->entry_bits.size() != count) return;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const float copy_w = size.x / static_cast<float>(repeats);
  const float within = std::fmod(std::max(mouse.x - at.x, 0.0f), copy_w);
  const int col =
      std::clamp(static_cast<int>(within / copy_w * static_cast<float>(image->width)), 0, image->width - 1);
  const int row = std::clamp(static_cast<int>((mouse.y - at.y) / size.y * static_cast<float>(image->height)),
                             0, image->height - 1);
  const std::size_t i =
      static_cast<std::size_t>(row) * static_cast<std::size_t>(image->width) + static_cast<std::size_t>(col);
  char value[32];
  FormatValue(value, sizeof value, image->values[i]);
  ImGui::BeginTooltip();
  ui::Text("%s  row %d, column %d: %s", heatmap.label.c_str(), row, col, value);
  const std::uint8_t bits = image->entry_bits[i];
  if (bits & heatmap_entry::kPadding) {
    ui::TextDisabled("padding (unspecified, NaN in interpret mode)");
    ImGui::EndTooltip();
    return;
  }
  if (bits & heatmap_entry::kCausalMasked) ui::TextDisabled("masked: the key comes after the query");
  if (bits & heatmap_entry::kSegmentMasked) ui::TextDisabled("masked: another segment");
  if ((bits & heatmap_entry::kOffScale) &&
      !(bits & (heatmap_entry::kCausalMasked | heatmap_entry::kSegmentMasked))) {
    const std::optional<OffScale> kind = OffScaleOf(image->values[i]);
    ui::TextDisabled("off the colour scale: %s", kind ? OffScaleName(*kind) : "");
  }
  ImGui::EndTooltip();
}

}  // namespace

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
      if (heatmap.previous != nullptr && heatmap.fade < 1.0f) {
        const auto alpha = static_cast<int>(255.0f * (1.0f - std::clamp(heatmap.fade, 0.0f, 1.0f)));
        draw->AddImage(heatmap.previous, a, b, {0, 0}, {1, 1}, IM_COL32(255, 255, 255, alpha));
      }
    } else {
      draw->AddRectFilled(a, b, palette::Active().panel);
    }
    if (i > 0) draw->AddLine(a, {a.x, b.y}, palette::Active().text_strong, 2.0f);
  }
  draw->AddRect(at, {at.x + size.x, at.y + size.y}, palette::Active().edge);
  if (heatmap.focus_first_row >= 0 && heatmap.rows > 0 && heatmap.focus_first_row < heatmap.rows) {
    // The stop's rows: a band outlined across the tile in the passage's colour.
    const float row_h = size.y / static_cast<float>(heatmap.rows);
    const int last = std::min(heatmap.focus_last_row, heatmap.rows - 1);
    const float t = std::max(2.0f, 0.1f * ImGui::GetTextLineHeight());
    draw->AddRect({at.x - t, at.y + row_h * static_cast<float>(heatmap.focus_first_row) - t},
                  {at.x + size.x + t, at.y + row_h * static_cast<float>(last + 1) + t},
                  palette::Active().passage, 0.0f, 0, t);
  }
  ImGui::Dummy(size);
  if (ImGui::IsItemHovered()) ShowEntryTooltip(heatmap, at, size, repeats);
}

namespace {

// The scale's two labels, as DrawColourScale writes them.
struct ScaleLabels {
  char lo[32], hi[32];
  float lo_w, hi_w;

  explicit ScaleLabels(const Heatmap& heatmap) {
    FormatValue(lo, sizeof lo, heatmap.min);
    FormatValue(hi, sizeof hi, heatmap.max);
    lo_w = ImGui::CalcTextSize(lo).x;
    hi_w = ImGui::CalcTextSize(hi).x;
  }
};

// Whether lo, a bar at least two lines long and hi fit on one line `width` wide.
bool ScaleFitsOneLine(const ScaleLabels& labels, float width) {
  return width >= labels.lo_w + labels.hi_w + 2.0f * ImGui::GetStyle().ItemSpacing.x +
                      2.0f * ImGui::GetTextLineHeight();
}

}  // namespace

int ColourScaleLines(const Heatmap& heatmap, float width) {
  return !heatmap.has_range || ScaleFitsOneLine(ScaleLabels(heatmap), width) ? 1 : 2;
}

void DrawColourScale(const Heatmap& heatmap, float width) {
  if (!heatmap.has_range) {
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width);
    ui::TextColored(palette::Vec(palette::Active().text_dim), "no entry in colour");
    ImGui::PopTextWrapPos();
    return;
  }
  const ScaleLabels labels(heatmap);
  const char* lo = labels.lo;
  const char* hi = labels.hi;
  const float lo_w = labels.lo_w, hi_w = labels.hi_w;
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float line = ImGui::GetTextLineHeight();
  // lo, the bar, hi on one line; in a column too narrow for that, the bar over lo and hi at its two ends.
  const bool one_line = ScaleFitsOneLine(labels, width);
  const float bar_w = one_line ? width - lo_w - hi_w - 2.0f * spacing : width;
  const float h = line * 0.8f;
  const float left = ImGui::GetCursorPosX();
  if (one_line) {
    ui::TextUnformatted(lo);
    ImGui::SameLine();
  }
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const ImVec2 bar_at{at.x, at.y + (line - h) * 0.5f};
  ImDrawList* draw = ImGui::GetWindowDrawList();
  constexpr int kSegments = 10;  // a gradient in ten pieces, each linear between two ramp points
  for (int i = 0; i < kSegments; ++i) {
    const float t0 = static_cast<float>(i) / kSegments, t1 = static_cast<float>(i + 1) / kSegments;
    const ImU32 c0 = ToImU32(ColourRamp(t0)), c1 = ToImU32(ColourRamp(t1));
    draw->AddRectFilledMultiColor({bar_at.x + bar_w * t0, bar_at.y}, {bar_at.x + bar_w * t1, bar_at.y + h},
                                  c0, c1, c1, c0);
  }
  ImGui::Dummy({bar_w, line});
  if (one_line) {
    ImGui::SameLine();
  } else {
    ImGui::SetCursorPosX(left);
    ui::TextUnformatted(lo);
    ImGui::SameLine(left + std::max(lo_w + spacing, width - hi_w));
  }
  ui::TextUnformatted(hi);
}

void AddOffScale(std::array<int, kOffScaleKinds>& into, const Heatmap& heatmap) {
  AddOffScaleCounts(into, heatmap.off_scale);
}

void DrawOffScaleKey(const std::array<int, kOffScaleKinds>& counts) {
  const float line = ImGui::GetTextLineHeight();
  const float side = std::floor(line * 0.9f);
  bool first = true;
  for (int k = 0; k < kOffScaleKinds; ++k) {
    if (counts[static_cast<std::size_t>(k)] == 0) continue;
    const auto kind = static_cast<OffScale>(k);
    const std::string label = OffScaleName(kind);
    if (!first) ui::SameLineIfFits("MMM" + label);  // room for the swatch and the label
    first = false;
    // The look itself, six entries a side, as the heatmaps paint it.
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const ImVec2 a{at.x, at.y + (line - side) * 0.5f};
    constexpr int kSide = 6;
    const float cell = side / kSide;
    ImDrawList* draw = ImGui::GetWindowDrawList();
    for (int r = 0; r < kSide; ++r)
      for (int c = 0; c < kSide; ++c)
        draw->AddRectFilled({a.x + cell * static_cast<float>(c), a.y + cell * static_cast<float>(r)},
                            {a.x + cell * static_cast<float>(c + 1), a.y + cell * static_cast<float>(r + 1)},
                            ToImU32(OffScaleLook(kind, r, c)));
    draw->AddRect(a, {a.x + side, a.y + side}, palette::Active().edge);
    ImGui::Dummy({side, line});
    ImGui::SameLine(0.0f, line * 0.25f);
    ui::TextColored(palette::Vec(palette::Active().text_dim), "%s", label.c_str());
  }
}

}  // namespace tilewalk::views
