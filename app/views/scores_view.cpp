#include "app/views/scores_view.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/views/drawn_probe.hpp"
#include "app/views/heatmap_view.hpp"
#include "app/views/text_budget.hpp"
#include "app/views/tour_palette.hpp"
#include "app/views/ui_text.hpp"

namespace tilewalk::views {
namespace {

// Returns the image's height.
float Column(const char* id, const Heatmap& h, const std::string& from, float width, float height,
             int m_tiles = 0) {
  ImGui::BeginGroup();
  ImGui::PushID(id);
  ui::TextUnformatted(h.label.c_str());
  ImGui::SameLine();
  ui::TextColored(palette::Vec(palette::Active().text_dim), "%d x %d", h.rows, h.cols);
  if (m_tiles > 0) {
    ui::TextColored(palette::Vec(palette::Active().text_strong), "exp(s - m tiled x%d)", m_tiles);
  } else {
    ui::TextColored(palette::Vec(palette::Active().text_dim), "%s", from.c_str());
  }
  const ImVec2 size = FitTile(h.rows, h.cols, {width, height});
  DrawHeatmapImage(h, size);
  DrawColourScale(h, std::max(size.x, width * 0.6f));  // under its image, but wide enough for its labels
  ImGui::PopID();
  ImGui::EndGroup();
  return size.y;
}

void Swatch(Rgb light, Rgb dark, bool forward) {
  const float s = ImGui::GetTextLineHeight();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(at, {at.x + s, at.y + s}, IM_COL32(dark.r, dark.g, dark.b, 0xFF));
  for (float d = -s; d < s; d += s * 0.34f) {
    const ImVec2 a = forward ? ImVec2{at.x + d, at.y + s} : ImVec2{at.x + d, at.y};
    const ImVec2 b = forward ? ImVec2{at.x + d + s, at.y} : ImVec2{at.x + d + s, at.y + s};
    draw->PushClipRect(at, {at.x + s, at.y + s}, true);
    draw->AddLine(a, b, IM_COL32(light.r, light.g, light.b, 0xFF), s * 0.14f);
    draw->PopClipRect();
  }
  ImGui::Dummy({s, s});
  ImGui::SameLine();
}

}  // namespace

void DrawScoresView(const ScoresPicture& picture) {
  if (DrawEmptyMessage(picture.empty_message)) return;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float spacing = ImGui::GetStyle().ItemSpacing.x * 2.0f;
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const float col_w = std::floor((avail.x - spacing) * 0.5f);
  // Below the images: the scale (one line or two), one line per mask (or "no mask"), and the two-line note on
  // the mask value.
  const int legend_lines = std::max(1, (picture.has_causal ? 1 : 0) + (picture.has_segment ? 1 : 0));
  int scale_lines = ColourScaleLines(picture.s, col_w * 0.6f);
  if (picture.has_p) scale_lines = std::max(scale_lines, ColourScaleLines(picture.p, col_w * 0.6f));
  const float text_lines =
      2.6f + static_cast<float>(scale_lines + legend_lines) + (picture.mask_added ? 2.0f : 0.0f);
  const float image_h =
      std::max(line * 2.0f, avail.y - RememberedTextHeight("scores text", line * text_lines) - 1.0f);
  const float top = ImGui::GetCursorPosY();
  const float left = ImGui::GetCursorPosX();
  float drawn_h = Column("s", picture.s, picture.s_from, col_w, image_h);
  ImGui::SameLine(left + col_w + spacing);
  if (picture.has_p) {
    drawn_h = std::max(drawn_h, Column("p", picture.p, picture.p_from, col_w, image_h, picture.m_tiles));
  } else {
    ImGui::BeginGroup();
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + col_w);
    ui::TextUnformatted("p");
    ui::TextColored(palette::Vec(palette::Active().text_dim), "not yet computed in this block");
    ImGui::PopTextWrapPos();
    ImGui::EndGroup();
  }
  if (picture.has_causal) {
    Swatch(kHatchLight, kHatchDark, true);
    ui::Text("causal mask: %d masked", picture.causal_masked);
  }
  if (picture.has_segment) {
    Swatch(kSegmentLight, kHatchDark, false);
    ui::Text("segment mask: %d masked", picture.segment_masked);
  }
  if (!picture.has_causal && !picture.has_segment) {
    ui::TextColored(palette::Vec(palette::Active().text_dim), "no mask in this block");
  }
  std::array<int, kOffScaleKinds> off_scale{};
  AddOffScale(off_scale, picture.s);
  if (picture.has_p) AddOffScale(off_scale, picture.p);
  DrawOffScaleKey(off_scale);
  if (picture.mask_added) {
    ImGui::PushTextWrapPos(0.0f);
    ui::TextColored(palette::Vec(palette::Active().text_dim),
                    "s + mask value (-2.4e38) where masked: left out of the scale");
    ImGui::PopTextWrapPos();
  }
  NoteFocus("scores", ui::LastItemInView());
  RememberTextHeight("scores text", ImGui::GetCursorPosY() - top - drawn_h);
}

}  // namespace tilewalk::views
