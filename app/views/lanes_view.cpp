#include "app/views/lanes_view.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/views/heatmap_view.hpp"
#include "app/views/tour_palette.hpp"

namespace tilewalk::views {
namespace {

void Caption(const Heatmap& h, const std::string& from, bool lanes_equal) {
  ImGui::TextUnformatted(h.label.c_str());
  if (!from.empty()) {
    ImGui::SameLine();
    ImGui::TextColored(palette::Vec(palette::Active().text_dim), "%s", from.c_str());
  }
  if (h.cols != 128) {
    ImGui::TextColored(palette::Vec(palette::Active().text_dim), "%d x %d", h.rows, h.cols);
  } else if (lanes_equal) {
    ImGui::TextColored(palette::Vec(palette::Active().issued_text), "lanes alike");
  } else {
    ImGui::TextColored(palette::Vec(palette::Active().skipped_text), "lanes differ");
  }
}

// One heatmap in a column: caption, image stretched to the column (rows stay rows, lanes stay lanes), scale.
void Column(const char* id, const Heatmap& h, const std::string& from, bool lanes_equal, float width,
            float height) {
  ImGui::BeginGroup();
  ImGui::PushID(id);
  Caption(h, from, lanes_equal);
  DrawHeatmapImage(h, {width, height});
  DrawColourScale(h, width);
  ImGui::PopID();
  ImGui::EndGroup();
}

}  // namespace

void DrawLanesView(const LanesPicture& picture) {
  if (DrawEmptyMessage(picture.empty_message)) return;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float spacing = ImGui::GetStyle().ItemSpacing.x * 2.0f;
  const float line = ImGui::GetTextLineHeightWithSpacing();
  // m, l and alpha side by side, block_q rows × 128 lanes each; below them, m tiled to the score width.
  const float col_w = std::floor((avail.x - 2.0f * spacing) / 3.0f);
  const float tile_h = std::floor(std::max(line, avail.y * 0.18f));
  const float band_h = std::floor(std::max(line * 2.0f, avail.y - tile_h - line * 7.0f));
  Column("m", picture.m, picture.m_from, picture.m_lanes_equal, col_w, band_h);
  ImGui::SameLine(0.0f, spacing);
  Column("l", picture.l, picture.l_from, picture.l_lanes_equal, col_w, band_h);
  ImGui::SameLine(0.0f, spacing);
  if (picture.has_alpha) {
    Column("alpha", picture.alpha, "", true, col_w, band_h);
  } else {
    ImGui::BeginGroup();
    ImGui::TextUnformatted("alpha");
    ImGui::TextColored(palette::Vec(palette::Active().text_dim), "not yet");
    ImGui::TextColored(palette::Vec(palette::Active().text_dim), "in this block");
    ImGui::EndGroup();
  }

  ImGui::Separator();
  if (picture.tile_repeats > 0) {
    ImGui::TextColored(palette::Vec(palette::Active().current_text), "tile x%d", picture.tile_repeats);
    ImGui::SameLine();
    ImGui::TextColored(palette::Vec(palette::Active().text_dim), "m: 128 lanes -> %d score columns",
                       picture.score_cols);
    DrawHeatmapImage(picture.m, {avail.x, tile_h}, picture.tile_repeats);
  } else {
    ImGui::TextColored(palette::Vec(palette::Active().text_dim), "tile: once s gives the score width");
  }
  if (picture.has_alpha) {
    ImGui::TextColored(palette::Vec(palette::Active().current_text), "alpha = exp(m_prev - m_next)");
    ImGui::SameLine();
    ImGui::Text("%d/%d rows rescaled", picture.rows_rescaled, picture.alpha.rows);
  }
}

}  // namespace tilewalk::views
