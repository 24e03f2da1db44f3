#include "app/views/passage_view.hpp"

#include <imgui.h>

#include <string>

#include "app/views/tour_palette.hpp"

namespace tilewalk::views {

std::optional<Intent> DrawPassageView(const PassagePicture& picture, float scroll_lines) {
  std::optional<Intent> intent;
  if (picture.stop_count > 0) {
    ImGui::BeginDisabled(picture.stop_number <= 1);
    if (ImGui::Button("< Prev")) intent = Intent{.kind = IntentKind::PreviousStop};
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::TextColored(palette::Vec(palette::kPassage), "Stop %d of %d", picture.stop_number,
                       picture.stop_count);
    ImGui::SameLine();
    ImGui::BeginDisabled(picture.stop_number >= picture.stop_count);
    if (ImGui::Button("Next >")) intent = Intent{.kind = IntentKind::NextStop};
    ImGui::EndDisabled();
    // The stop's suggestion, one click (or A) away; once tried, the way back.
    if (picture.edited || !picture.try_flags.empty()) {
      const std::string label = picture.edited ? "Back to the stop's scenario" : "Try: " + picture.try_flags;
      ImGui::SameLine();
      if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(label.c_str()).x + ImGui::GetFrameHeight())
        ImGui::NewLine();
      ImGui::PushStyleColor(ImGuiCol_Button,
                            palette::Vec(picture.edited ? palette::kPanel : palette::kSkipped));
      ImGui::PushStyleColor(ImGuiCol_Text,
                            palette::Vec(picture.edited ? palette::kText : palette::kOnCurrent));
      if (ImGui::Button(label.c_str()))
        intent = Intent{.kind = picture.edited ? IntentKind::ResetScenario : IntentKind::TryStopSuggestion};
      ImGui::PopStyleColor(2);
    }
    ImGui::TextColored(palette::Vec(palette::kTextDim), "%s", picture.tour_title.c_str());
  }
  ImGui::Separator();
  // One child per stop, so that the next stop's narration starts at its top, not where the last was scrolled.
  const std::string prose_id = "prose " + std::to_string(picture.stop_number);
  if (ImGui::BeginChild(prose_id.c_str(), ImVec2(0, 0))) {
    if (scroll_lines != 0.0f)
      ImGui::SetScrollY(ImGui::GetScrollY() + scroll_lines * ImGui::GetTextLineHeightWithSpacing());
    if (!picture.stop_title.empty())
      ImGui::TextColored(palette::Vec(palette::kCurrent), "%s", picture.stop_title.c_str());
    ImGui::PushTextWrapPos(0.0f);
    if (!picture.problem.empty())
      ImGui::TextColored(palette::Vec(palette::kError), "%s", picture.problem.c_str());
    ImGui::TextUnformatted(picture.narration.c_str());
    if (!picture.passage_title.empty()) {
      ImGui::Spacing();
      ImGui::Separator();
      ImGui::TextColored(palette::Vec(palette::kPassage), "%s", picture.passage_title.c_str());
      ImGui::PushStyleColor(ImGuiCol_Text, palette::Vec(palette::kTextDim));
      ImGui::TextUnformatted(picture.passage_body.c_str());
      ImGui::PopStyleColor();
    }
    ImGui::PopTextWrapPos();
  }
  ImGui::EndChild();
  return intent;
}

}  // namespace tilewalk::views
