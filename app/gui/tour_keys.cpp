#include "app/gui/tour_keys.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

namespace tilewalk::app {
namespace {

bool Pressed(ImGuiKey key, bool repeat = true) {
  return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key), repeat);
}

}  // namespace

std::vector<views::Intent> ReadTourKeys(bool& show_help) {
  using views::Intent;
  using views::IntentKind;
  std::vector<Intent> intents;
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput) return intents;  // a text field has the keyboard
  for (int i = 0; i < io.InputQueueCharacters.Size; ++i)
    if (io.InputQueueCharacters[i] == '?') show_help = !show_help;
  if (show_help && Pressed(ImGuiKey_Escape, false)) show_help = false;

  const bool shift = io.KeyShift;
  if (Pressed(ImGuiKey_Space, false)) intents.push_back({.kind = IntentKind::TogglePlay});
  if (Pressed(ImGuiKey_RightArrow))
    intents.push_back({.kind = shift ? IntentKind::StepGridStep : IntentKind::Step, .value = 1});
  if (Pressed(ImGuiKey_LeftArrow))
    intents.push_back({.kind = shift ? IntentKind::StepGridStep : IntentKind::Step, .value = -1});
  // ImGui 1.86 names only navigation keys; the GLFW backend files letters under GLFW's key codes.
  if (ImGui::IsKeyPressed(GLFW_KEY_G, false)) intents.push_back({.kind = IntentKind::NextStepUnit});
  if (ImGui::IsKeyPressed(GLFW_KEY_T, false)) intents.push_back({.kind = IntentKind::ToggleAxis});
  if (ImGui::IsKeyPressed(GLFW_KEY_A, false)) intents.push_back({.kind = IntentKind::ToggleStopSuggestion});
  if (Pressed(ImGuiKey_Home, false)) intents.push_back({.kind = IntentKind::GoToStart});
  if (Pressed(ImGuiKey_End, false)) intents.push_back({.kind = IntentKind::GoToEnd});
  if (Pressed(ImGuiKey_PageDown, false)) intents.push_back({.kind = IntentKind::NextStop});
  if (Pressed(ImGuiKey_PageUp, false)) intents.push_back({.kind = IntentKind::PreviousStop});
  for (int choice = 0; choice < 4; ++choice)
    if (ImGui::IsKeyPressed(GLFW_KEY_1 + choice, false) && !io.KeyCtrl)
      intents.push_back({.kind = IntentKind::PickChoice, .value = choice});
  return intents;
}

float ReadPassageScroll() {
  if (ImGui::GetIO().WantTextInput) return 0.0f;
  constexpr float kLines = 3.0f;
  return Pressed(ImGuiKey_DownArrow) ? kLines : Pressed(ImGuiKey_UpArrow) ? -kLines : 0.0f;
}

WindowKeys ReadWindowKeys() {
  // ImGui 1.86 names only navigation keys; the GLFW backend files the others under GLFW's key codes.
  WindowKeys keys;
  const ImGuiIO& io = ImGui::GetIO();
  keys.toggle_fullscreen = ImGui::IsKeyPressed(GLFW_KEY_F11, false);
  keys.toggle_classroom = ImGui::IsKeyPressed(GLFW_KEY_F10, false);
  if (!io.KeyCtrl) return keys;
  // '+' is Shift+'=' on most layouts: accept '=' and the keypad's keys.
  if (ImGui::IsKeyPressed(GLFW_KEY_EQUAL) || ImGui::IsKeyPressed(GLFW_KEY_KP_ADD)) keys.text_size_step = 1;
  if (ImGui::IsKeyPressed(GLFW_KEY_MINUS) || ImGui::IsKeyPressed(GLFW_KEY_KP_SUBTRACT))
    keys.text_size_step = -1;
  keys.reset_text_size = ImGui::IsKeyPressed(GLFW_KEY_0, false) || ImGui::IsKeyPressed(GLFW_KEY_KP_0, false);
  return keys;
}

float NextTextScale(float scale, int step) {
  const float next = step > 0 ? scale * 1.1f : step < 0 ? scale / 1.1f : scale;
  return next < 0.6f ? 0.6f : (next > 2.5f ? 2.5f : next);
}

}  // namespace tilewalk::app
