#include "app/gui/frame_loop.hpp"

#include <imgui.h>

#include <memory>
#include <sstream>
#include <variant>

#include "app/gui/frame_timer.hpp"
#include "app/gui/gui_window.hpp"
#include "app/gui/png_file.hpp"
#include "app/gui/screenshot.hpp"
#include "app/gui/shell_ui.hpp"
#include "app/gui/tour_keys.hpp"
#include "app/gui/tour_screen.hpp"
#include "app/session/tour_session.hpp"

namespace tilewalk::app {

ExitCode RunGui(const GuiOptions& options, std::ostream& out, std::ostream& err) {
  // Fail on a bad screenshot path before a window flashes up and renders for nothing.
  if (options.screenshot) {
    if (const auto failure = CheckPngDestination(*options.screenshot)) {
      err << "tilewalk gui: " << failure->message << "\n";
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

  // Records the first stop's scenario; the window is already up, so a slow recording is not a blank desktop.
  session::TourSession tour({.library_folder = options.library,
                             .tour = options.tour,
                             .stop = options.stop,
                             .pallas_source = options.pallas_source});
  ShellUiState shell;
  shell.has_tour = tour.HasTour();
  shell.show_gallery = !shell.has_tour;
  shell.notice = tour.fallback_message();
  shell.library_problems = tour.library_problems();
  if (!tour.HasTour()) err << "tilewalk gui: " << tour.fallback_message() << "\n";
  for (const std::string& problem : tour.library_problems()) err << problem << "\n";
  TourScreenState screen;

  shell.classroom = options.classroom;
  if (options.classroom) window.ToggleFullscreen();
  // The look follows the window: its font is rasterised for the window's height, classroom mode and the
  // user's text scale, and rebuilt between frames when any of them changes.
  float text_scale = 1.0f;
  ImGuiLook look{.font_pixels = FontPixelsForHeight(options.window_size.height),
                 .ignore_mouse = capturing || benchmarking};
  std::ostringstream quiet;  // a missing font was reported when the window opened
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
    if (shell.quit_requested) window.RequestClose();
    window.Render();
    if (options.screenshot && frame >= options.screenshot_frames) {
      if (const auto failure = SaveBackBufferPng(window.FramebufferSize(), *options.screenshot)) {
        err << "tilewalk gui: " << failure->message << "\n";
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
  return ExitCode::Ok;
}

}  // namespace tilewalk::app
