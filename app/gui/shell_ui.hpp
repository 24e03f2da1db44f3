// The app's own chrome around the views: the main menu bar (File, Debug) and the windows it toggles. For
// now the main window opens with the gallery showing, since there is no launch to show yet.
#pragma once

#include "app/views/gallery.hpp"

namespace tilewalk::app {

struct ShellUiState {
  bool show_gallery = true;     // Debug > Gallery
  bool quit_requested = false;  // File > Quit; the frame loop closes the window
  views::GalleryState gallery;
};

void DrawShellUi(ShellUiState& state);

}  // namespace tilewalk::app
