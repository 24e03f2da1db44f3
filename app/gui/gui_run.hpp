// One run of the window: what it holds between frames (GuiRun), and the steps that open it before the first
// frame and close it after the last: the window itself, the user's settings, the first tour and the shell
// around it, a tour the picker chose, the settings saved on the way out. The frame loop (frame_loop.cpp)
// draws frames in between.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <ostream>
#include <sstream>

#include "app/gui/gallery_shots.hpp"
#include "app/gui/gui_options.hpp"
#include "app/gui/gui_window.hpp"
#include "app/gui/script_runner.hpp"
#include "app/gui/shell_ui.hpp"
#include "app/gui/user_settings.hpp"
#include "app/screen/tour_screen.hpp"
#include "app/session/tour_session.hpp"
#include "base/result.hpp"

namespace tilewalk::app {

// Everything one run of the window holds, so the phases below can be small functions.
struct GuiRun {
  GuiRun(const GuiOptions& o, std::ostream& out_stream, std::ostream& err_stream, GuiWindow& opened)
      : options(o),
        out(out_stream),
        err(err_stream),
        window(opened),
        capturing(o.screenshot.has_value() || o.layout_json.has_value()),
        benchmarking(o.benchmark_frames > 0) {}

  const GuiOptions& options;
  std::ostream& out;
  std::ostream& err;
  GuiWindow& window;
  bool capturing = false;                       // --screenshot
  bool benchmarking = false;                    // --benchmark-frames
  std::optional<ScriptRunner> script{};         // --script
  std::optional<GalleryShots> gallery_shots{};  // --gallery --screenshot DIR
  int shot_frames = 0;                          // frames drawn since the last screenshot
  std::optional<std::filesystem::path> settings_file{};
  UserSettings settings{};
  std::unique_ptr<session::TourSession> tour{};
  ShellUiState shell{};
  TourScreenState screen{};
  float text_scale = 1.0f;
  ImGuiLook look{};
  bool blank = false;                      // a presenter's 'b' or '.': a black screen until pressed again
  int frames_since_input = 0;              // frames drawn since the last key, character or button
  bool ready_signalled = false;            // --ready-fd was written
  std::ostringstream quiet{};              // a missing font was reported when the window opened
  LayoutReport layout{};                   // --layout-json: what the last frame drew
  std::vector<std::string> shown_texts{};  // --script: every text the last frame drew, for `expect`
};

// The window the options ask for (vsync and mouse off in unattended runs); an error says why there is none.
base::Result<std::unique_ptr<GuiWindow>> OpenGuiWindow(const GuiOptions& options, std::ostream& err);
// The user's settings, in runs that are the user's: a screenshot or a measurement must not depend on them.
void LoadUserSettings(GuiRun& run);
// The tour the options name, or the one the settings remember, with the settings' playback.
void OpenTour(GuiRun& run);
// The shell around the tour, or the gallery and the reason when there is no tour. False: the library's
// problems stop the run (without --keep-going).
bool SetUpShell(GuiRun& run);
// The tour the picker chose, opened in a new session that keeps the old one's step unit, axis and speed.
void OpenChosenTour(GuiRun& run);
// The text scale, classroom mode, splits, playback and the place in the tour, for the next run.
void SaveUserSettings(GuiRun& run);

}  // namespace tilewalk::app
