#include "app/gui/gui_run.hpp"

#include <string>
#include <utility>

#include "app/gui/tour_picker.hpp"
#include "app/library_problems.hpp"
#include "base/terminal_text.hpp"
#include "kernels/registry/registry.hpp"

namespace tilewalk::app {
namespace {

// Records the first stop's scenario; the window is already up, so a slow recording is not a blank desktop.
// A tour remembered from an older library may be gone: the default one opens rather than the gallery.
std::unique_ptr<session::TourSession> OpenSession(const GuiOptions& options, const std::string& name,
                                                  int stop, const kernel::Kernel* kernel) {
  return std::make_unique<session::TourSession>(
      session::SessionOptions{.library_folder = options.library,
                              .tour = name,
                              .kernel = kernel,
                              .stop = stop,
                              .pallas_source = options.pallas_source,
                              .background_recording = true});
}

// The step unit, axis and speed a session plays with: from the settings, or kept from the session before.
void ApplyPlayback(session::TourSession& tour, views::StepUnit unit, views::TimelineAxis axis, float speed) {
  tour.Apply({.kind = views::IntentKind::SetStepUnit, .value = static_cast<int>(unit)});
  tour.Apply({.kind = views::IntentKind::SetAxis, .value = static_cast<int>(axis)});
  tour.Apply({.kind = views::IntentKind::SetSpeed, .value = static_cast<std::int64_t>(speed)});
}

}  // namespace

base::Result<std::unique_ptr<GuiWindow>> OpenGuiWindow(const GuiOptions& options, std::ostream& err) {
  const bool unattended =
      options.screenshot || options.layout_json || options.benchmark_frames > 0 || options.script;
  return GuiWindow::Open({.size = options.window_size,
                          .vsync = !unattended,
                          .font_pixels = FontPixelsForHeight(options.window_size.height),
                          .ignore_mouse = unattended,
                          .partial_redraw = !options.whole_frames},
                         err);
}

void LoadUserSettings(GuiRun& run) {
  if (run.capturing || run.benchmarking || run.script) return;
  run.settings_file = SettingsPathFromEnvironment();
  if (!run.settings_file) {
    run.err << "tilewalk gui: warning: neither XDG_CONFIG_HOME nor HOME names a folder (an absolute path), "
               "so the settings are neither read nor saved; set HOME\n";
    return;
  }
  base::WarningList warnings;
  run.settings = LoadSettings(*run.settings_file, warnings);
  warnings.PrintTo(run.err, "tilewalk gui: warning: ");
}

void OpenTour(GuiRun& run) {
  const GuiOptions& options = run.options;
  // The saved tour's kernel: the settings' (none written: the default); a kernel they name that this build
  // lacks leaves the saved tour closed.
  const kernel::Kernel* saved_kernel =
      run.settings.kernel.empty() ? &kernel::DefaultKernel() : kernel::FindKernel(run.settings.kernel);
  const bool saved_tour = options.tour.empty() && !run.settings.tour.empty() && saved_kernel != nullptr &&
                          (options.kernel == nullptr || options.kernel == saved_kernel);
  run.tour = saved_tour ? OpenSession(options, run.settings.tour,
                                      options.stop_given ? options.stop : run.settings.stop, saved_kernel)
                        : OpenSession(options, options.tour, options.stop, options.kernel);
  if (saved_tour && !run.tour->HasTour()) run.tour = OpenSession(options, "", options.stop, options.kernel);
  if (!run.settings_file) return;
  session::TourSession& tour = *run.tour;
  ApplyPlayback(tour, run.settings.step_unit, run.settings.axis, run.settings.speed);
}

bool SetUpShell(GuiRun& run) {
  session::TourSession& tour = *run.tour;
  run.shell.has_tour = tour.HasTour();
  run.shell.show_gallery = !run.shell.has_tour || run.options.gallery;
  run.shell.notice = tour.fallback_message();
  run.shell.library_problems = tour.library_problems();
  if (const base::Status usable = ReportLibraryProblems(tour.library_problems(), run.options.library,
                                                        run.options.keep_going, "gui", run.err);
      !usable) {
    run.err << "tilewalk gui: " << usable.error().message << "\n";
    return false;
  }
  if (!tour.HasTour() && !run.options.tour.empty() && !run.options.gallery) {  // a tour named and not there
    run.err << "tilewalk gui: " << base::TerminalSafe(tour.fallback_message()) << "\n";
    return false;
  }
  if (!tour.HasTour()) run.err << "tilewalk gui: " << base::TerminalSafe(tour.fallback_message()) << "\n";
  run.screen.pane_backgrounds = false;  // GuiWindow::Render clears to the window colour
  run.screen.splits = run.settings.splits;
  run.screen.classroom_splits = run.settings.classroom_splits;
  run.shell.classroom = run.options.classroom || run.settings.classroom;
  run.shell.reduce_motion = run.settings.reduce_motion;
  if (run.options.classroom && !run.options.size_given) run.window.ToggleFullscreen();
  // The look follows the window: its font is rasterised for the window's height, classroom mode and the
  // user's text scale, and rebuilt between frames when any of them changes.
  run.text_scale = run.settings.text_scale;
  run.shell.tours.choices = TourChoices(tour);
  // The start screen, when the command named no tour: a person chooses where to go (the last tour first).
  run.shell.tours.open = tour.HasTour() && run.options.tour.empty() && !run.options.stop_given &&
                         !run.capturing && !run.benchmarking && !run.script;
  run.look = {.font_pixels = FontPixelsForHeight(run.options.window_size.height),
              .ignore_mouse = run.capturing || run.benchmarking || run.script,
              .theme = run.options.theme};
  run.look.classroom = run.shell.classroom;
  run.window.SetLook(run.look, run.quiet);  // the theme and classroom's look, before the first frame
  return true;
}

void OpenChosenTour(GuiRun& run) {
  if (!run.shell.tours.chosen) return;
  const TourChoice chosen = std::move(*run.shell.tours.chosen);
  run.shell.tours.chosen.reset();
  const session::TourSession& old = *run.tour;
  const views::StepUnit unit = old.step_unit();
  const views::TimelineAxis axis = old.axis();
  const float speed = old.speed();
  std::unique_ptr<session::TourSession> opened =
      OpenSession(run.options, chosen.id, chosen.stop, chosen.kernel);
  if (!opened->HasTour()) return;  // the library changed under us: stay where we are
  run.tour = std::move(opened);
  ApplyPlayback(*run.tour, unit, axis, speed);
  ForgetTour(run.screen);
  run.shell.tours.choices = TourChoices(*run.tour);
}

void SaveUserSettings(GuiRun& run) {
  if (!run.settings_file) return;
  UserSettings& settings = run.settings;
  settings.text_scale = run.text_scale;
  settings.classroom = run.shell.classroom;
  settings.reduce_motion = run.shell.reduce_motion;
  settings.splits = run.screen.splits;
  settings.classroom_splits = run.screen.classroom_splits;
  const session::TourSession& tour = *run.tour;
  if (tour.HasTour()) {
    settings.step_unit = tour.step_unit();
    settings.axis = tour.axis();
    settings.speed = tour.speed();
    settings.tour = tour.tour_id();
    settings.stop = tour.stop_index() + 1;
    settings.kernel =
        &tour.kernel() == &kernel::DefaultKernel() ? std::string() : std::string(tour.kernel().info().name);
  }
  if (const base::Status saved = SaveSettings(*run.settings_file, settings); !saved)
    run.err << "tilewalk gui: warning: " << saved.error().message << "\n";
}

}  // namespace tilewalk::app
