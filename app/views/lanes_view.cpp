#include "app/views/lanes_view.hpp"

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

// The caption over a column `width` wide: each part wraps inside the column, so that a long one never pushes
// the next column out of the pane.
void Caption(const Heatmap& h, const std::string& from, bool lanes_equal, float width) {
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width);
  ui::TextUnformatted(h.label);
  if (!from.empty()) {
    const float beside = ImGui::CalcTextSize(h.label.c_str()).x + ImGui::GetStyle().ItemSpacing.x +
                         ImGui::CalcTextSize(from.c_str()).x;
    if (beside <= width) ImGui::SameLine();
    ui::TextColored(palette::Vec(palette::Active().text_dim), "%s", from.c_str());
  }
  if (h.cols != 128) {
    ui::TextColored(palette::Vec(palette::Active().text_dim), "%d x %d", h.rows, h.cols);
  } else if (lanes_equal) {
    ui::TextColored(palette::Vec(palette::Active().issued_text), "lanes alike");
  } else {
    ui::TextColored(palette::Vec(palette::Active().skipped_text), "lanes differ");
  }
  ImGui::PopTextWrapPos();
}

// One heatmap in a column: caption, image stretched to the column (rows stay rows, lanes stay lanes), scale.
void Column(const char* id, const Heatmap& h, const std::string& from, bool lanes_equal, float width,
            float height) {
  ImGui::BeginGroup();
  ImGui::PushID(id);
  Caption(h, from, lanes_equal, width);
  DrawHeatmapImage(h, {width, height});
  DrawColourScale(h, width);
  ImGui::PopID();
  ImGui::EndGroup();
}

}  // namespace

void DrawLanesView(const LanesPicture& picture) {
  if (DrawEmptyMessage(picture.empty_message)) return;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const ImGuiStyle& style = ImGui::GetStyle();
  const float spacing = style.ItemSpacing.x * 2.0f;
  const float line = ImGui::GetTextLineHeightWithSpacing();
  // m, l and alpha side by side, block_q rows × 128 lanes each, alpha's line under them; then m tiled to the
  // score width. The images share what the text leaves (captions, scales, the alpha and tiling lines, as
  // drawn in the last frame).
  const float col_w = std::floor((avail.x - 2.0f * spacing) / 3.0f);
  int scale_lines = std::max(ColourScaleLines(picture.m, col_w), ColourScaleLines(picture.l, col_w));
  if (picture.has_alpha) scale_lines = std::max(scale_lines, ColourScaleLines(picture.alpha, col_w));
  const float text = RememberedTextHeight(
      "lanes text", static_cast<float>(6 + scale_lines) * line + 4.0f * style.ItemSpacing.y);
  const float images = std::max(0.0f, avail.y - text - 1.0f);
  const float top = ImGui::GetCursorPosY();
  const float tile_h = std::floor(std::max(0.5f * line, images * 0.25f));
  const float band_h = std::floor(std::max(line, images - tile_h));
  float image_h = band_h;
  // Each column starts at its own third, whatever the one before it drew.
  const float left = ImGui::GetCursorPosX();
  Column("m", picture.m, picture.m_from, picture.m_lanes_equal, col_w, band_h);
  ImGui::SameLine(left + col_w + spacing);
  Column("l", picture.l, picture.l_from, picture.l_lanes_equal, col_w, band_h);
  ImGui::SameLine(left + 2.0f * (col_w + spacing));
  if (picture.has_alpha) {
    Column("alpha", picture.alpha, "", true, col_w, band_h);
  } else {
    ImGui::BeginGroup();
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + col_w);
    ui::TextUnformatted("alpha");
    ui::TextColored(palette::Vec(palette::Active().text_dim), "not yet in this block");
    ImGui::PopTextWrapPos();
    ImGui::EndGroup();
  }

  std::array<int, kOffScaleKinds> off_scale{};
  for (const Heatmap* h : {&picture.m, &picture.l}) AddOffScale(off_scale, *h);
  if (picture.has_alpha) AddOffScale(off_scale, picture.alpha);
  DrawOffScaleKey(off_scale);
  if (picture.has_alpha) {
    ui::TextColored(palette::Vec(palette::Active().text_strong), "alpha = exp(m_prev - m_next)");
    const std::string rescaled =
        std::to_string(picture.rows_rescaled) + "/" + std::to_string(picture.alpha.rows) + " rows rescaled";
    ui::SameLineIfFits(rescaled);
    ui::TextUnformatted(rescaled);
  }
  // The focus: the three columns and alpha's line; the tiling below may scroll in a short pane.
  NoteFocus("lanes", ui::LastItemInView() && ImGui::GetScrollY() <= 0.0f);

  ImGui::Separator();
  if (picture.tile_repeats > 0) {
    ui::TextColored(palette::Vec(palette::Active().text_strong), "tile x%d", picture.tile_repeats);
    const std::string tiled = "m: 128 lanes -> " + std::to_string(picture.score_cols) + " score columns";
    ui::SameLineIfFits(tiled);
    ui::TextColored(palette::Vec(palette::Active().text_dim), "%s", tiled.c_str());
    DrawHeatmapImage(picture.m, {avail.x, tile_h}, picture.tile_repeats);
    image_h += tile_h;
  } else {
    ui::TextColored(palette::Vec(palette::Active().text_dim), "tile: once s gives the score width");
  }
  RememberTextHeight("lanes text", ImGui::GetCursorPosY() - top - image_h);
}

}  // namespace tilewalk::views
