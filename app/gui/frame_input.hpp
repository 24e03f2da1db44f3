// One frame's input, read from the queue the window's callbacks filled: every press, in order, looked up
// in the key table (key_bindings.hpp) and turned into the intents the panes also return, or into actions on
// the window. A press and its release in the same frame count once, and five presses five times.
#pragma once

#include <span>
#include <vector>

#include "app/gui/input_queue.hpp"
#include "app/gui/key_bindings.hpp"
#include "app/views/view_intent.hpp"

namespace tilewalk::app {

struct TourScreenState;

struct FrameInput {
  std::vector<views::Intent> intents;  // for the session's cursor, in the order pressed
  std::vector<WindowAction> actions;   // for the window and the screen, in the order pressed
  int events = 0;                      // keys, characters and mouse buttons taken this frame
};

// `text_field`: an ImGui text field has the keyboard, so the keys are its, not the tour's.
FrameInput MapInput(std::span<const InputEvent> events, bool text_field);

// Hands the screen what is its: the intents, the help overlay's toggles and the passage's scroll.
void GiveScreenInput(const FrameInput& input, TourScreenState& screen);

// The text scale after one step up or down: 10% a step, kept between 0.6 and 2.5.
float NextTextScale(float scale, int step);

}  // namespace tilewalk::app
