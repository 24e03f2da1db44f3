// The keyboard of the tour window, in one table: each binding is a GLFW key (with or without Shift or
// Ctrl) and what it does, an intent for the session or an action on the window. The help overlay, the
// script language's key names and the input path all read this table. Presenter clickers send Page Up/Down
// or Left/Right (previous/next) and 'b' or '.' (a black screen), and those work like the keys they are.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "app/views/view_intent.hpp"

namespace tilewalk::app {

enum class WindowAction : uint8_t {
  None,
  ToggleHelp,
  CloseHelp,
  ToggleClassroom,
  ToggleFullscreen,
  LargerText,
  SmallerText,
  ResetText,
  ScrollPassageDown,
  ScrollPassageUp,
  ToggleBlank,   // a black screen, as a presenter's "b" or "." asks
  ToggleTours,   // the tour picker
  Choose,        // Enter: open what the picker has selected
  ToggleMirror,  // the source pane shows the C++ mirror instead of the Pallas file, and back
};

enum class KeyMods : uint8_t { None = 0, Shift = 1, Ctrl = 2 };

struct KeyBinding {
  int key = 0;                   // a GLFW key code
  KeyMods mods = KeyMods::None;  // which modifier must be held (others are ignored)
  bool repeats = true;           // held down, it acts again at the keyboard's repeat rate
  std::optional<views::Intent> intent{};
  WindowAction action = WindowAction::None;
  std::string_view keys{};  // for the help overlay ("Right"), empty: not listed
  std::string_view what{};
};

std::span<const KeyBinding> KeyBindings();

// The help overlay's rows: the bindings that name themselves, in table order, then what clicks do.
struct KeyHelp {
  std::string_view keys, action;
};
std::vector<KeyHelp> HelpRows();

// The binding of a key pressed with these GLFW modifier bits, or null. `repeat`: the press is a repeat.
const KeyBinding* FindBinding(int key, int glfw_mods, bool repeat);

// A key as scripts spell it: "Right", "PageDown", "F10", "Space", "a", ".", "?", with "Shift+" or "Ctrl+"
// before it ("Shift+Right", "Ctrl+="); the GLFW key and modifier bits, or nullopt for a name it does not
// know.
struct NamedKey {
  int key = 0;
  int glfw_mods = 0;
};
std::optional<NamedKey> KeyByName(std::string_view name);

}  // namespace tilewalk::app
