#include "app/gui/frame_input.hpp"

#include <GLFW/glfw3.h>

#include "app/screen/tour_screen.hpp"

namespace tilewalk::app {

FrameInput MapInput(std::span<const InputEvent> events, bool text_field) {
  FrameInput input;
  for (const InputEvent& event : events) {
    ++input.events;
    if (event.kind != InputKind::Key || text_field || event.action == GLFW_RELEASE) continue;
    const KeyBinding* binding = FindBinding(event.code, event.mods, event.action == GLFW_REPEAT);
    if (binding == nullptr) continue;
    if (binding->intent) input.intents.push_back(*binding->intent);
    if (binding->action != WindowAction::None) input.actions.push_back(binding->action);
  }
  return input;
}

void GiveScreenInput(const FrameInput& input, TourScreenState& screen) {
  constexpr float kLines = 3.0f;  // a press of Down or Up scrolls the passage this far
  screen.key_intents.insert(screen.key_intents.end(), input.intents.begin(), input.intents.end());
  for (const WindowAction action : input.actions) {
    if (action == WindowAction::ToggleHelp) screen.show_help = !screen.show_help;
    if (action == WindowAction::CloseHelp) screen.show_help = false;
    if (action == WindowAction::ScrollPassageDown) screen.passage_scroll += kLines;
    if (action == WindowAction::ScrollPassageUp) screen.passage_scroll -= kLines;
    if (action == WindowAction::ToggleMirror) screen.source.show_mirror = !screen.source.show_mirror;
  }
}

float NextTextScale(float scale, int step) {
  const float next = step > 0 ? scale * 1.1f : step < 0 ? scale / 1.1f : scale;
  return next < 0.6f ? 0.6f : (next > 2.5f ? 2.5f : next);
}

}  // namespace tilewalk::app
