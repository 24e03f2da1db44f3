#include "app/gui/frame_loop.hpp"

#include <memory>
#include <variant>

#include "app/gui/gui_window.hpp"
#include "app/gui/png_file.hpp"
#include "app/gui/screenshot.hpp"
#include "app/gui/shell_ui.hpp"

namespace tilewalk::app {

ExitCode RunGui(const GuiOptions& options, std::ostream& err) {
  // Fail on a bad screenshot path before a window flashes up and renders for nothing.
  if (options.screenshot) {
    if (const auto failure = CheckPngDestination(*options.screenshot)) {
      err << "tilewalk gui: " << failure->message << "\n";
      return ExitCode::Failure;
    }
  }

  const bool capturing = options.screenshot.has_value();
  auto opened =
      GuiWindow::Open({.size = options.window_size, .vsync = !capturing, .ignore_mouse = capturing}, err);
  if (const auto* failure = std::get_if<WindowFailure>(&opened)) {
    PrintWindowFailure(*failure, err);
    return failure->reason == WindowError::LoadGlFailed ? ExitCode::Failure : ExitCode::NoDisplay;
  }
  GuiWindow& window = *std::get<std::unique_ptr<GuiWindow>>(opened);

  ShellUiState shell;
  for (int frame = 1; !window.ShouldClose(); ++frame) {
    window.BeginFrame();
    DrawShellUi(shell);
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
  }
  return ExitCode::Ok;
}

}  // namespace tilewalk::app
