#include "app/gui/help_overlay.hpp"

#include <imgui.h>

#include "app/gui/key_bindings.hpp"
#include "app/views/tour_palette.hpp"
#include "app/views/ui_text.hpp"

namespace tilewalk::app {

void DrawHelpOverlay(bool& open) {
  constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoMove |
                                      ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                      ImGuiWindowFlags_NoSavedSettings;
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(
      {viewport->Pos.x + viewport->Size.x * 0.5f, viewport->Pos.y + viewport->Size.y * 0.5f},
      ImGuiCond_Always, {0.5f, 0.5f});
  ImGui::SetNextWindowBgAlpha(1.0f);  // opaque: on a projector the panes behind must not read through
  if (ImGui::Begin("Keys", &open, kFlags)) {
    if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
      for (const KeyHelp& k : HelpRows()) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        views::ui::TextColored(views::palette::Vec(views::palette::Active().help_key), "%.*s",
                               static_cast<int>(k.keys.size()), k.keys.data());
        ImGui::TableNextColumn();
        views::ui::Text("%.*s", static_cast<int>(k.action.size()), k.action.data());
      }
      ImGui::EndTable();
    }
    views::ui::TextDisabled("Press ? or Escape to close.");
  }
  ImGui::End();
}

}  // namespace tilewalk::app
