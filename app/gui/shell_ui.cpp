#include "app/gui/shell_ui.hpp"

#include <imgui.h>

namespace tilewalk::app {
namespace {

// Returns the height of the bar. ImGui only moves the viewport's work area below the bar on the next frame,
// too late for windows placed on the first one, so they are placed from this height instead.
float DrawMainMenuBar(ShellUiState& state) {
  if (!ImGui::BeginMainMenuBar()) return 0.0f;
  const float height = ImGui::GetWindowHeight();
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("Quit")) state.quit_requested = true;
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Debug")) {
    ImGui::MenuItem("Gallery", nullptr, &state.show_gallery);
    ImGui::EndMenu();
  }
  ImGui::EndMainMenuBar();
  return height;
}

// With every window closed the app would be a blank screen; say where things are.
void DrawEmptyHint() {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const char* hint = "Debug > Gallery shows every view against canned pictures.";
  const ImVec2 size = ImGui::CalcTextSize(hint);
  const ImVec2 at{viewport->WorkPos.x + 0.5f * (viewport->WorkSize.x - size.x),
                  viewport->WorkPos.y + 0.5f * (viewport->WorkSize.y - size.y)};
  ImGui::GetBackgroundDrawList()->AddText(at, ImGui::GetColorU32(ImGuiCol_TextDisabled), hint);
}

}  // namespace

void DrawShellUi(ShellUiState& state) {
  const float menu_height = DrawMainMenuBar(state);
  if (state.show_gallery) {
    // The gallery fills the space under the menu bar when it first opens; after that it is the user's.
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos({viewport->Pos.x, viewport->Pos.y + menu_height}, ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize({viewport->Size.x, viewport->Size.y - menu_height}, ImGuiCond_FirstUseEver);
    views::DrawGallery(state.gallery, &state.show_gallery);
  } else {
    DrawEmptyHint();
  }
}

}  // namespace tilewalk::app
