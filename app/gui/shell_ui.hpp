// The app's own chrome around the views: the main menu bar (File, Tours, View, Debug) and the windows it
// toggles. The main window shows the tour screen; when there is no tour to show, the gallery takes its place,
// under a notice that says why.
#pragma once

#include <string>
#include <vector>

#include "app/gui/tour_picker.hpp"
#include "app/views/gallery.hpp"

namespace tilewalk::app {

struct ShellUiState {
  bool show_gallery = true;                     // Debug > Gallery
  bool has_tour = false;                        // the tour screen is drawn; the gallery then starts hidden
  bool show_help = false;                       // View > Keys (the tour screen's help overlay)
  bool classroom = false;                       // View > Classroom mode (F10)
  bool reduce_motion = false;                   // View > Reduce motion: a step changes the panes at once
  std::string notice{};                         // why the gallery is shown instead of a tour
  std::vector<std::string> library_problems{};  // the library's diagnostics, file:line first
  bool quit_requested = false;                  // File > Quit; the frame loop closes the window
  TourPickerState tours;                        // Tours > a tour, or the start screen (O)
  views::GalleryState gallery;
};

// Returns the height of the menu bar, where the tour screen starts.
float DrawShellUi(ShellUiState& state);

}  // namespace tilewalk::app
