// The window's help overlay: the key table's rows (key_bindings.hpp) in a box over the middle of the
// screen, opaque so that the panes behind do not read through on a projector. The window draws it after the
// tour screen; an export never does, so the screen itself knows nothing of keys.
#pragma once

namespace tilewalk::app {

// Draws the overlay while `open`; its close button and the caller's Escape set `open` false.
void DrawHelpOverlay(bool& open);

}  // namespace tilewalk::app
