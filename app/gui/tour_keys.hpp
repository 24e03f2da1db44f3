// The tour's keyboard: Space play/pause, ←/→ a step of the chosen unit, Shift+←/→ a grid step, G the next
// step unit, T the time or event axis, Home/End, PgUp/PgDn the previous/next stop, ? the help overlay. Read
// from ImGui's input each frame and turned into the same intents the panes return, so the keyboard and the
// mouse move the cursor the same way.
#pragma once

#include <array>
#include <string_view>
#include <vector>

#include "app/views/view_intent.hpp"

namespace tilewalk::app {

struct KeyHelp {
  std::string_view keys, action;
};

// What the help overlay lists, in order.
inline constexpr std::array<KeyHelp, 17> kTourKeys = {{
    {"Space", "play / pause"},
    {"Right / Left", "one step forward / back, by the step unit"},
    {"G", "step unit: statement, DMA, grid step, launch"},
    {"Shift + Right / Left", "next / previous grid step"},
    {"T", "timeline axis: events / estimated time"},
    {"Home / End", "start / end of the recording"},
    {"Page Down / Page Up", "next / previous tour stop"},
    {"1 to 4", "pick a choice of the stop's question; then step on to see the answer"},
    {"Down / Up", "scroll the passage"},
    {"A", "try the stop's suggestion / back to its scenario"},
    {"click a source line", "go to the next event at that line"},
    {"click a grid cell", "go to that grid step"},
    {"F10", "classroom mode: high contrast, large text, fewer panes"},
    {"F11", "fullscreen / window"},
    {"Ctrl + / Ctrl -", "larger / smaller text"},
    {"Ctrl 0", "text size for this window"},
    {"?", "show / hide this help"},
}};

// The intents of the keys pressed this frame; toggles `show_help` on '?' (and closes it on Escape).
std::vector<views::Intent> ReadTourKeys(bool& show_help);

// Lines to scroll the passage by this frame: Down 3, Up -3, else 0 (so a projected passage that runs past
// its pane can be read without a mouse).
float ReadPassageScroll();

// Keys that change the window rather than the cursor: F10, F11, Ctrl +/-/0.
struct WindowKeys {
  bool toggle_classroom = false;
  bool toggle_fullscreen = false;
  int text_size_step = 0;  // +1 larger, -1 smaller
  bool reset_text_size = false;
};
WindowKeys ReadWindowKeys();

// The text scale after one step up or down: 10% a step, kept between 0.6 and 2.5.
float NextTextScale(float scale, int step);

}  // namespace tilewalk::app
