#include "app/gui/tour_keys.hpp"

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
    intents.push_back({.kind = shift ? IntentKind::StepGridStep : IntentKind::StepStatement, .value = 1});
  if (Pressed(ImGuiKey_LeftArrow))
    intents.push_back({.kind = shift ? IntentKind::StepGridStep : IntentKind::StepStatement, .value = -1});
  if (Pressed(ImGuiKey_Home, false)) intents.push_back({.kind = IntentKind::GoToStart});
  if (Pressed(ImGuiKey_End, false)) intents.push_back({.kind = IntentKind::GoToEnd});
  if (Pressed(ImGuiKey_PageDown, false)) intents.push_back({.kind = IntentKind::NextStop});
  if (Pressed(ImGuiKey_PageUp, false)) intents.push_back({.kind = IntentKind::PreviousStop});
  return intents;
}

}  // namespace tilewalk::app
