#include "app/gui/frame_loop.hpp"

#include <imgui.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <sstream>
#include <variant>

#include "app/gui/frame_timer.hpp"
#include "app/gui/gui_window.hpp"
#include "app/gui/png_file.hpp"
#include "app/gui/screenshot.hpp"
#include "app/gui/shell_ui.hpp"
#include "app/gui/tour_keys.hpp"
#include "app/gui/tour_screen.hpp"
#include "app/gui/user_settings.hpp"
#include "app/library_problems.hpp"
#include "app/session/tour_session.hpp"
#include "base/interrupt_guard.hpp"
#include "base/safe_output.hpp"
#include "base/terminal_text.hpp"

namespace tilewalk::app {

ExitCode RunGui(const GuiOptions& options, std::ostream& out, std::ostream& err) {
  // Fail on a bad screenshot path before a window flashes up and renders for nothing.
  if (options.screenshot) {
    if (const auto destination = base::CheckOutputDestination(*options.screenshot); !destination) {
      err << "tilewalk gui: " << destination.error().message << "\n";
      return ExitCode::Failure;
    }
  }

  const bool capturing = options.screenshot.has_value();
  const bool benchmarking = options.benchmark_frames > 0;
  auto opened = GuiWindow::Open({.size = options.window_size,
                                 .vsync = !capturing && !benchmarking,
                                 .font_pixels = FontPixelsForHeight(options.window_size.height),
                                 .ignore_mouse = capturing || benchmarking},
                                err);
  if (const auto* failure = std::get_if<WindowFailure>(&opened)) {
    PrintWindowFailure(*failure, err);
    return failure->reason == WindowError::LoadGlFailed ? ExitCode::Failure : ExitCode::NoDisplay;
  }
  GuiWindow& window = *std::get<std::unique_ptr<GuiWindow>>(opened);

  // The user's settings, in runs that are the user's: a screenshot or a measurement must not depend on them.
  const bool persist = !capturing && !benchmarking;
  const std::optional<std::filesystem::path> settings_file =
      persist ? SettingsPathFromEnvironment() : std::nullopt;
  UserSettings settings;
  if (settings_file) {
    base::WarningList warnings;
    settings = LoadSettings(*settings_file, warnings);
    warnings.PrintTo(err, "tilewalk gui: warning: ");
  }
  const bool saved_tour = options.tour.empty() && !settings.tour.empty();

  // Records the first stop's scenario; the window is already up, so a slow recording is not a blank desktop.
  const auto open_tour = [&](const std::string& name, int stop) {
    return std::make_unique<session::TourSession>(
        session::SessionOptions{.library_folder = options.library,
                                .tour = name,
                                .stop = stop,
                                .pallas_source = options.pallas_source});
  };
  std::unique_ptr<session::TourSession> opened_tour =
      saved_tour ? open_tour(settings.tour, options.stop_given ? options.stop : settings.stop)
                 : open_tour(options.tour, options.stop);
  // A tour remembered from an older library may be gone: open the default one rather than the gallery.
  if (saved_tour && !opened_tour->HasTour()) opened_tour = open_tour("", options.stop);
  session::TourSession& tour = *opened_tour;
  if (settings_file) {
    tour.Apply({.kind = views::IntentKind::SetStepUnit, .value = static_cast<int>(settings.step_unit)});
    tour.Apply({.kind = views::IntentKind::SetAxis, .value = static_cast<int>(settings.axis)});
    tour.Apply({.kind = views::IntentKind::SetSpeed, .value = static_cast<std::int64_t>(settings.speed)});
  }
  ShellUiState shell;
  shell.has_tour = tour.HasTour();
  shell.show_gallery = !shell.has_tour;
  shell.notice = tour.fallback_message();
  shell.library_problems = tour.library_problems();
  if (const base::Status usable =
          ReportLibraryProblems(tour.library_problems(), options.library, options.keep_going, "gui", err);
      !usable) {
    err << "tilewalk gui: " << usable.error().message << "\n";
    return ExitCode::Failure;
  }
  if (!tour.HasTour()) err << "tilewalk gui: " << base::TerminalSafe(tour.fallback_message()) << "\n";
  TourScreenState screen;
  screen.pane_backgrounds = false;  // GuiWindow::Render clears to the window colour

  shell.classroom = options.classroom || settings.classroom;
  if (options.classroom) window.ToggleFullscreen();
  // The look follows the window: its font is rasterised for the window's height, classroom mode and the
  // user's text scale, and rebuilt between frames when any of them changes.
  float text_scale = settings.text_scale;
  ImGuiLook look{.font_pixels = FontPixelsForHeight(options.window_size.height),
                 .ignore_mouse = capturing || benchmarking};
  std::ostringstream quiet;  // a missing font was reported when the window opened
  // Ctrl-C or a polite kill closes the window as File > Quit does, so the settings are still saved.
  const base::InterruptGuard interrupts;
  FrameTimer timer(options.benchmark_frames);
  for (int frame = 1; !window.ShouldClose(); ++frame) {
    timer.FrameStarts();
    const float pixels = LookFontPixels(window.FramebufferSize().height, shell.classroom, text_scale);
    if (pixels != look.font_pixels || shell.classroom != look.classroom) {
      look.font_pixels = pixels;
      look.classroom = shell.classroom;
      window.SetLook(look, quiet);
    }
    window.BeginFrame();
    const WindowKeys keys = ReadWindowKeys();
    if (keys.toggle_fullscreen) window.ToggleFullscreen();
    if (keys.toggle_classroom) shell.classroom = !shell.classroom;
    text_scale = keys.reset_text_size ? 1.0f : NextTextScale(text_scale, keys.text_size_step);
    const float top = DrawShellUi(shell);
    if (shell.has_tour) {
      screen.classroom = shell.classroom;
      screen.show_help = shell.show_help;
      // A screenshot is of the stop as landed: playback time must not move it between frames.
      DrawTourScreen(tour, screen, top, capturing ? 0.0 : static_cast<double>(ImGui::GetIO().DeltaTime));
      shell.show_help = screen.show_help;
    }
    if (shell.quit_requested || interrupts.Interrupted()) window.RequestClose();
    window.Render();
    if (options.screenshot && frame >= options.screenshot_frames) {
      if (const base::Status saved = SaveBackBufferPng(window.FramebufferSize(), *options.screenshot);
          !saved) {
        err << "tilewalk gui: " << saved.error().message << "\n";
        return ExitCode::Failure;
      }
      return ExitCode::Ok;
    }
    window.Present();
    if (benchmarking) {
      if (shell.has_tour) tour.Apply({.kind = views::IntentKind::StepStatement, .value = 1});
      if (timer.FrameEnds()) {
        out << timer.Report(window.FramebufferSize()) << "\n";
        return ExitCode::Ok;
      }
    }
  }
  if (settings_file) {
    settings.text_scale = text_scale;
    settings.classroom = shell.classroom;
    if (tour.HasTour()) {
      settings.step_unit = tour.step_unit();
      settings.axis = tour.axis();
      settings.speed = tour.speed();
      settings.tour = tour.tour_id();
      settings.stop = tour.stop_index() + 1;
    }
    if (const base::Status saved = SaveSettings(*settings_file, settings); !saved)
      err << "tilewalk gui: warning: " << saved.error().message << "\n";
  }
  return ExitCode::Ok;
}

}  // namespace tilewalk::app
