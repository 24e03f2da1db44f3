#include "app/gui/shell_ui.hpp"
#include "app/views/ui_text.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>

namespace tilewalk::app {
namespace {

// Returns the height of the bar. ImGui only moves the viewport's work area below the bar on the next frame,
// too late for windows placed on the first one, so they are placed from this height instead.
float DrawMainMenuBar(ShellUiState& state) {
  // The bar paints its own colour over its window's background: one fill of that strip is enough.
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.0f, 0.0f, 0.0f, 0.0f));
  const bool open = ImGui::BeginMainMenuBar();
  ImGui::PopStyleColor();
  if (!open) return 0.0f;
  const float height = ImGui::GetWindowHeight();
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("Quit")) state.quit_requested = true;
    ImGui::EndMenu();
  }
  if (state.has_tour && ImGui::BeginMenu("Tours")) {
    if (ImGui::MenuItem("All tours...", "O")) state.tours.open = true;
    ImGui::Separator();
    for (const TourChoice& choice : state.tours.choices) {
      if (ImGui::MenuItem(choice.label.c_str())) state.tours.chosen = choice;
    }
    ImGui::EndMenu();
  }
  if (state.has_tour && ImGui::BeginMenu("View")) {
    ImGui::MenuItem("Keys", "?", &state.show_help);
    ImGui::MenuItem("Classroom mode", "F10", &state.classroom);
    ImGui::MenuItem("Reduce motion", nullptr, &state.reduce_motion);
    ImGui::EndMenu();
  }
  // Problems in the library do not stop a tour that loaded: they are listed here, in the error colour, so
  // an author sees them and a class is not left with a gallery because one unrelated passage has a typo.
  if (state.has_tour && !state.library_problems.empty()) {
    const std::string label = "Library problems (" + std::to_string(state.library_problems.size()) + ")";
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.4f, 1.0f));
    const bool open = ImGui::BeginMenu(label.c_str());
    ImGui::PopStyleColor();
    if (open) {
      for (const std::string& problem : state.library_problems) views::ui::TextUnformatted(problem.c_str());
      ImGui::EndMenu();
    }
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

// Why there is no tour, and the library's problems, in a strip above the gallery. Returns its height.
float DrawNotice(const ShellUiState& state, float top) {
  if (state.notice.empty() && state.library_problems.empty()) return 0.0f;
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const std::size_t shown = std::min<std::size_t>(state.library_problems.size(), 4);
  const float height =
      line * static_cast<float>(1 + shown + (state.library_problems.size() > shown ? 1 : 0)) +
      ImGui::GetStyle().WindowPadding.y * 2.0f;
  ImGui::SetNextWindowPos({viewport->Pos.x, viewport->Pos.y + top});
  ImGui::SetNextWindowSize({viewport->Size.x, height});
  ImGui::Begin("Notice", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
  views::ui::TextColored({0.94f, 0.89f, 0.26f, 1.0f}, "%s", state.notice.c_str());
  for (std::size_t i = 0; i < shown; ++i)
    views::ui::TextColored({1.0f, 0.55f, 0.5f, 1.0f}, "%s", state.library_problems[i].c_str());
  if (state.library_problems.size() > shown)
    views::ui::TextDisabled("... and %zu more problems in the library",
                            state.library_problems.size() - shown);
  ImGui::End();
  return height;
}

}  // namespace

float DrawShellUi(ShellUiState& state) {
  const float menu_height = DrawMainMenuBar(state);
  if (state.has_tour && !state.show_gallery) return menu_height;
  const float notice_height = state.has_tour ? 0.0f : DrawNotice(state, menu_height);
  const float top = menu_height + notice_height;
  if (state.show_gallery) {
    // The gallery fills the space under the menu bar when it first opens; after that it is the user's.
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos({viewport->Pos.x, viewport->Pos.y + top}, ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize({viewport->Size.x, viewport->Size.y - top}, ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowBgAlpha(1.0f);  // the screen behind it is not drawn while it is open
    views::DrawGallery(state.gallery, &state.show_gallery);
  } else if (!state.has_tour) {
    DrawEmptyHint();
  }
  return menu_height;
}

}  // namespace tilewalk::app
