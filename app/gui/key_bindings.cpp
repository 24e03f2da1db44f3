#include "app/gui/key_bindings.hpp"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <utility>

namespace tilewalk::app {
namespace {

using views::Intent;
using views::IntentKind;

Intent Go(IntentKind kind, int64_t value = 0) {
  return Intent{.kind = kind, .value = value};
}

const std::array kBindings = {
    KeyBinding{GLFW_KEY_SPACE, KeyMods::None, false, Go(IntentKind::TogglePlay), WindowAction::None, "Space",
               "play / pause"},
    KeyBinding{GLFW_KEY_RIGHT, KeyMods::None, true, Go(IntentKind::Step, 1), WindowAction::None,
               "Right / Left", "one step forward / back, by the step unit"},
    KeyBinding{GLFW_KEY_LEFT, KeyMods::None, true, Go(IntentKind::Step, -1)},
    KeyBinding{GLFW_KEY_G, KeyMods::None, false, Go(IntentKind::NextStepUnit), WindowAction::None, "G",
               "step unit: statement, DMA, grid step, launch"},
    KeyBinding{GLFW_KEY_RIGHT, KeyMods::Shift, true, Go(IntentKind::StepGridStep, 1), WindowAction::None,
               "Shift + Right / Left", "next / previous grid step"},
    KeyBinding{GLFW_KEY_LEFT, KeyMods::Shift, true, Go(IntentKind::StepGridStep, -1)},
    KeyBinding{GLFW_KEY_P, KeyMods::None, false, Go(IntentKind::TogglePlayClock), WindowAction::None, "P",
               "play by steps / in model time (the chip's estimated time, with copies in flight)"},
    KeyBinding{GLFW_KEY_RIGHT_BRACKET, KeyMods::None, true, Go(IntentKind::ScalePlayRate, 1),
               WindowAction::None, "] / [", "model time: twice / half as fast"},
    KeyBinding{GLFW_KEY_LEFT_BRACKET, KeyMods::None, true, Go(IntentKind::ScalePlayRate, -1)},
    KeyBinding{GLFW_KEY_T, KeyMods::None, false, Go(IntentKind::ToggleAxis), WindowAction::None, "T",
               "timeline axis: events / estimated time"},
    KeyBinding{GLFW_KEY_HOME, KeyMods::None, false, Go(IntentKind::GoToStart), WindowAction::None,
               "Home / End", "start / end of the recording"},
    KeyBinding{GLFW_KEY_END, KeyMods::None, false, Go(IntentKind::GoToEnd)},
    KeyBinding{GLFW_KEY_PAGE_DOWN, KeyMods::None, false, Go(IntentKind::NextStop), WindowAction::None,
               "Page Down / Page Up", "next / previous tour stop (a presenter's clicker)"},
    KeyBinding{GLFW_KEY_PAGE_UP, KeyMods::None, false, Go(IntentKind::PreviousStop)},
    KeyBinding{GLFW_KEY_1, KeyMods::None, false, Go(IntentKind::PickChoice, 0), WindowAction::None, "1 to 4",
               "pick a choice of the stop's question; then step on to see the answer"},
    KeyBinding{GLFW_KEY_2, KeyMods::None, false, Go(IntentKind::PickChoice, 1)},
    KeyBinding{GLFW_KEY_3, KeyMods::None, false, Go(IntentKind::PickChoice, 2)},
    KeyBinding{GLFW_KEY_4, KeyMods::None, false, Go(IntentKind::PickChoice, 3)},
    KeyBinding{GLFW_KEY_DOWN, KeyMods::None, true, std::nullopt, WindowAction::ScrollPassageDown, "Down / Up",
               "scroll the passage"},
    KeyBinding{GLFW_KEY_UP, KeyMods::None, true, std::nullopt, WindowAction::ScrollPassageUp},
    KeyBinding{GLFW_KEY_A, KeyMods::None, false, Go(IntentKind::ToggleStopSuggestion), WindowAction::None,
               "A", "try the stop's suggestion / back to its scenario"},
    KeyBinding{GLFW_KEY_B, KeyMods::None, false, std::nullopt, WindowAction::ToggleBlank, "B or .",
               "black screen / back (a presenter's blank key)"},
    KeyBinding{GLFW_KEY_PERIOD, KeyMods::None, false, std::nullopt, WindowAction::ToggleBlank},
    KeyBinding{GLFW_KEY_F10, KeyMods::None, false, std::nullopt, WindowAction::ToggleClassroom, "F10",
               "classroom mode: high contrast, large text, fewer panes"},
    KeyBinding{GLFW_KEY_F11, KeyMods::None, false, std::nullopt, WindowAction::ToggleFullscreen, "F11",
               "fullscreen / window"},
    KeyBinding{GLFW_KEY_EQUAL, KeyMods::Ctrl, true, std::nullopt, WindowAction::LargerText, "Ctrl + / Ctrl -",
               "larger / smaller text"},
    KeyBinding{GLFW_KEY_KP_ADD, KeyMods::Ctrl, true, std::nullopt, WindowAction::LargerText},
    KeyBinding{GLFW_KEY_MINUS, KeyMods::Ctrl, true, std::nullopt, WindowAction::SmallerText},
    KeyBinding{GLFW_KEY_KP_SUBTRACT, KeyMods::Ctrl, true, std::nullopt, WindowAction::SmallerText},
    KeyBinding{GLFW_KEY_0, KeyMods::Ctrl, false, std::nullopt, WindowAction::ResetText, "Ctrl 0",
               "text size for this window"},
    KeyBinding{GLFW_KEY_KP_0, KeyMods::Ctrl, false, std::nullopt, WindowAction::ResetText},
    KeyBinding{GLFW_KEY_SLASH, KeyMods::Shift, false, std::nullopt, WindowAction::ToggleHelp, "?",
               "show / hide this help"},
    KeyBinding{GLFW_KEY_O, KeyMods::None, false, std::nullopt, WindowAction::ToggleTours, "O",
               "open another tour (Up, Down and Enter pick one)"},
    KeyBinding{GLFW_KEY_M, KeyMods::None, false, std::nullopt, WindowAction::ToggleMirror, "M",
               "classroom mode: the C++ mirror in place of the Pallas file, and back"},
    KeyBinding{GLFW_KEY_ENTER, KeyMods::None, false, std::nullopt, WindowAction::Choose},
    KeyBinding{GLFW_KEY_KP_ENTER, KeyMods::None, false, std::nullopt, WindowAction::Choose},
    KeyBinding{GLFW_KEY_ESCAPE, KeyMods::None, false, std::nullopt, WindowAction::CloseHelp, "Escape",
               "close the help or the tours; cancel a recording"},
};

struct KeyName {
  std::string_view name;
  int key;
};

constexpr std::array<KeyName, 25> kNamedKeys = {{
    {"Space", GLFW_KEY_SPACE},
    {"Right", GLFW_KEY_RIGHT},
    {"Left", GLFW_KEY_LEFT},
    {"Up", GLFW_KEY_UP},
    {"Down", GLFW_KEY_DOWN},
    {"Home", GLFW_KEY_HOME},
    {"End", GLFW_KEY_END},
    {"PageUp", GLFW_KEY_PAGE_UP},
    {"PageDown", GLFW_KEY_PAGE_DOWN},
    {"Escape", GLFW_KEY_ESCAPE},
    {"Enter", GLFW_KEY_ENTER},
    {"Tab", GLFW_KEY_TAB},
    {"Backspace", GLFW_KEY_BACKSPACE},
    {"F10", GLFW_KEY_F10},
    {"F11", GLFW_KEY_F11},
    {".", GLFW_KEY_PERIOD},
    {"/", GLFW_KEY_SLASH},
    {"?", GLFW_KEY_SLASH},
    {"=", GLFW_KEY_EQUAL},
    {"+", GLFW_KEY_EQUAL},
    {"-", GLFW_KEY_MINUS},
    {"[", GLFW_KEY_LEFT_BRACKET},
    {"]", GLFW_KEY_RIGHT_BRACKET},
    {"KeypadPlus", GLFW_KEY_KP_ADD},
    {"KeypadMinus", GLFW_KEY_KP_SUBTRACT},
}};

KeyMods ModsOf(int glfw_mods) {
  if (glfw_mods & GLFW_MOD_CONTROL) return KeyMods::Ctrl;
  if (glfw_mods & GLFW_MOD_SHIFT) return KeyMods::Shift;
  return KeyMods::None;
}

}  // namespace

std::span<const KeyBinding> KeyBindings() {
  return kBindings;
}

std::vector<KeyHelp> HelpRows() {
  std::vector<KeyHelp> rows;
  for (const KeyBinding& b : kBindings)
    if (!b.keys.empty()) rows.push_back({b.keys, b.what});
  rows.push_back({"click a source line", "go to the next event at that line"});
  rows.push_back({"click a grid cell", "go to that grid step"});
  return rows;
}

const KeyBinding* FindBinding(int key, int glfw_mods, bool repeat) {
  const KeyMods mods = ModsOf(glfw_mods);
  for (const KeyBinding& b : kBindings)
    if (b.key == key && b.mods == mods) return repeat && !b.repeats ? nullptr : &b;
  return nullptr;
}

std::optional<NamedKey> KeyByName(std::string_view name) {
  NamedKey named;
  for (const auto& [prefix, bit] :
       {std::pair<std::string_view, int>{"Shift+", GLFW_MOD_SHIFT}, {"Ctrl+", GLFW_MOD_CONTROL}})
    if (name.starts_with(prefix) && name.size() > prefix.size()) {
      named.glfw_mods |= bit;
      name.remove_prefix(prefix.size());
    }
  if (name == "?") named.glfw_mods |= GLFW_MOD_SHIFT;  // '?' is Shift and '/'
  for (const KeyName& k : kNamedKeys)
    if (k.name == name) {
      named.key = k.key;
      return named;
    }
  if (name.size() == 1 && std::isalnum(static_cast<unsigned char>(name[0]))) {
    named.key = std::toupper(static_cast<unsigned char>(name[0]));  // GLFW codes letters and digits as ASCII
    return named;
  }
  return std::nullopt;
}

}  // namespace tilewalk::app
