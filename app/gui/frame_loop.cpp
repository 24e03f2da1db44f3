// [SECTIONS] opening (window, settings, tour) · one frame (input, drawing, capture) · the loop · closing
#include "app/gui/frame_loop.hpp"

#include <imgui.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <sstream>

#include "app/gui/frame_input.hpp"
#include "app/gui/frame_timer.hpp"
#include "app/gui/gallery_shots.hpp"
#include "app/gui/gui_window.hpp"
#include "app/gui/help_overlay.hpp"
#include "app/gui/recording_status.hpp"
#include "app/gui/screenshot.hpp"
#include "app/gui/script_runner.hpp"
#include "app/gui/shell_ui.hpp"
#include "app/gui/tour_picker.hpp"
#include "app/gui/user_settings.hpp"
#include "app/library_problems.hpp"
#include "app/screen/png_file.hpp"
#include "app/screen/tour_screen.hpp"
#include "app/session/tour_session.hpp"
#include "base/interrupt_guard.hpp"
#include "base/safe_output.hpp"
#include "base/terminal_text.hpp"

namespace tilewalk::app {
namespace {

constexpr int kSettleFrames = 3;           // frames drawn after input before the window may sleep: ImGui
                                           // shows some effects (a tab picked, a hover) a frame late
constexpr double kIdleWaitSeconds = 0.25;  // how often a sleeping window looks for Ctrl-C

// Everything one run of the window holds, so the phases below can be small functions.
struct GuiRun {
  GuiRun(const GuiOptions& o, std::ostream& out_stream, std::ostream& err_stream, GuiWindow& opened)
      : options(o),
        out(out_stream),
        err(err_stream),
        window(opened),
        capturing(o.screenshot.has_value()),
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
  bool blank = false;          // a presenter's 'b' or '.': a black screen until pressed again
  int frames_since_input = 0;  // frames drawn since the last key, character or button
  std::ostringstream quiet{};  // a missing font was reported when the window opened
};

// ---- opening ------------------------------------------------------------------------------------

base::Result<std::unique_ptr<GuiWindow>> OpenGuiWindow(const GuiOptions& options, std::ostream& err) {
  const bool unattended = options.screenshot || options.benchmark_frames > 0 || options.script;
  return GuiWindow::Open({.size = options.window_size,
                          .vsync = !unattended,
                          .font_pixels = FontPixelsForHeight(options.window_size.height),
                          .ignore_mouse = unattended},
                         err);
}

// The user's settings, in runs that are the user's: a screenshot or a measurement must not depend on them.
void LoadUserSettings(GuiRun& run) {
  if (run.capturing || run.benchmarking || run.script) return;
  run.settings_file = SettingsPathFromEnvironment();
  if (!run.settings_file) return;
  base::WarningList warnings;
  run.settings = LoadSettings(*run.settings_file, warnings);
  warnings.PrintTo(run.err, "tilewalk gui: warning: ");
}

// Records the first stop's scenario; the window is already up, so a slow recording is not a blank desktop.
// A tour remembered from an older library may be gone: the default one opens rather than the gallery.
std::unique_ptr<session::TourSession> OpenSession(const GuiOptions& options, const std::string& name,
                                                  int stop) {
  return std::make_unique<session::TourSession>(
      session::SessionOptions{.library_folder = options.library,
                              .tour = name,
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

void OpenTour(GuiRun& run) {
  const GuiOptions& options = run.options;
  const auto open = [&](const std::string& name, int stop) { return OpenSession(options, name, stop); };
  const bool saved_tour = options.tour.empty() && !run.settings.tour.empty();
  run.tour = saved_tour ? open(run.settings.tour, options.stop_given ? options.stop : run.settings.stop)
                        : open(options.tour, options.stop);
  if (saved_tour && !run.tour->HasTour()) run.tour = open("", options.stop);
  if (!run.settings_file) return;
  session::TourSession& tour = *run.tour;
  ApplyPlayback(tour, run.settings.step_unit, run.settings.axis, run.settings.speed);
}

// The shell around the tour, or the gallery and the reason when there is no tour. False: the library's
// problems stop the run (without --keep-going).
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
  if (!tour.HasTour()) run.err << "tilewalk gui: " << base::TerminalSafe(tour.fallback_message()) << "\n";
  run.screen.pane_backgrounds = false;  // GuiWindow::Render clears to the window colour
  run.screen.splits = run.settings.splits;
  run.screen.classroom_splits = run.settings.classroom_splits;
  run.shell.classroom = run.options.classroom || run.settings.classroom;
  if (run.options.classroom) run.window.ToggleFullscreen();
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
  return true;
}

// ---- one frame ----------------------------------------------------------------------------------

void FollowLook(GuiRun& run) {
  const float pixels =
      LookFontPixels(run.window.FramebufferSize().height, run.shell.classroom, run.text_scale);
  if (pixels == run.look.font_pixels && run.shell.classroom == run.look.classroom) return;
  run.look.font_pixels = pixels;
  run.look.classroom = run.shell.classroom;
  run.window.SetLook(run.look, run.quiet);
}

// Drains the presses of this frame: the window's own actions here, the cursor's and the help's to the screen.
void TakeInput(GuiRun& run) {
  const FrameInput input = MapInput(run.window.input().Drain(), ImGui::GetIO().WantTextInput);
  run.frames_since_input = input.events > 0 ? 0 : run.frames_since_input + 1;
  if (run.shell.has_tour && TakePickerInput(input, run.shell.tours)) return;  // the picker's keys
  for (const WindowAction action : input.actions) {
    switch (action) {
      case WindowAction::ToggleFullscreen:
        run.window.ToggleFullscreen();
        break;
      case WindowAction::ToggleClassroom:
        run.shell.classroom = !run.shell.classroom;
        break;
      case WindowAction::LargerText:
      case WindowAction::SmallerText:
        run.text_scale = NextTextScale(run.text_scale, action == WindowAction::LargerText ? 1 : -1);
        break;
      case WindowAction::ResetText:
        run.text_scale = 1.0f;
        break;
      case WindowAction::ToggleBlank:
        run.blank = !run.blank;
        break;
      case WindowAction::CloseHelp:  // Escape: also stops a recording under way
        run.tour->CancelRecording();
        break;
      default:
        break;
    }
  }
  GiveScreenInput(input, run.screen);
}

void DrawBlank() {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::GetForegroundDrawList()->AddRectFilled(
      viewport->Pos, {viewport->Pos.x + viewport->Size.x, viewport->Pos.y + viewport->Size.y},
      IM_COL32(0, 0, 0, 255));
}

void DrawFrame(GuiRun& run) {
  const float top = DrawShellUi(run.shell);
  if (run.shell.has_tour && !run.shell.show_gallery) {  // the gallery takes the screen while it is open
    run.screen.classroom = run.shell.classroom;
    run.screen.show_help = run.shell.show_help;
    // A screenshot is of the stop as landed: playback time must not move it between frames.
    const double seconds = run.capturing ? 0.0 : static_cast<double>(ImGui::GetIO().DeltaTime);
    DrawTourScreen(*run.tour, run.screen, top, seconds);
    if (run.screen.show_help) DrawHelpOverlay(run.screen.show_help);
    run.shell.show_help = run.screen.show_help;
    DrawRecordingStatus(*run.tour);
    DrawTourPicker(run.shell.tours);
  }
  if (run.blank) DrawBlank();
}

// The tour the picker chose, opened in a new session that keeps the old one's step unit, axis and speed.
void OpenChosenTour(GuiRun& run) {
  if (!run.shell.tours.chosen) return;
  const TourChoice chosen = std::move(*run.shell.tours.chosen);
  run.shell.tours.chosen.reset();
  const session::TourSession& old = *run.tour;
  const views::StepUnit unit = old.step_unit();
  const views::TimelineAxis axis = old.axis();
  const float speed = old.speed();
  std::unique_ptr<session::TourSession> opened = OpenSession(run.options, chosen.id, chosen.stop);
  if (!opened->HasTour()) return;  // the library changed under us: stay where we are
  run.tour = std::move(opened);
  ApplyPlayback(*run.tour, unit, axis, speed);
  run.screen.detail_stop = -1;
  run.shell.tours.choices = TourChoices(*run.tour);
}

// Nothing plays, records or has just been pressed: nothing on screen would change.
bool Idle(const GuiRun& run) {
  if (run.capturing || run.benchmarking || run.script || run.frames_since_input < kSettleFrames) return false;
  return !(run.shell.has_tour && (run.tour->playing() || run.tour->recording_in_progress()));
}

// Sleeps while idle, until input arrives, the window is closed or Ctrl-C.
void SleepWhileIdle(GuiRun& run) {
  if (!Idle(run)) return;
  while (!run.window.WaitForInput(kIdleWaitSeconds) && !base::InterruptRequested() &&
         !run.window.ShouldClose()) {
  }
  run.frames_since_input = 0;
}

// ---- a script -----------------------------------------------------------------------------------

// Before the frame's input: the script's due commands. Ok: go on; a code: the run ends with it.
std::optional<ExitCode> ScriptBeforeFrame(GuiRun& run, FrameTimer& timer, int frame,
                                          std::chrono::steady_clock::time_point started) {
  if (!run.script || frame < kMinScreenshotFrames) return std::nullopt;  // the first frames lay out lazily
  if (std::chrono::steady_clock::now() - started > std::chrono::seconds(run.options.script_timeout_seconds)) {
    run.err << "tilewalk gui: --script stopped after --timeout " << run.options.script_timeout_seconds
            << " s, at " << run.script->Where() << "\n";
    return ExitCode::Failure;
  }
  if (!run.script->BeforeFrame(
          {.window = run.window, .tour = *run.tour, .screen = run.screen, .timer = timer})) {
    run.err << "tilewalk gui: " << run.script->failure() << "\n";
    return ExitCode::Failure;
  }
  if (run.script->done()) return ExitCode::Ok;
  return std::nullopt;
}

// After rendering, before presenting: the screenshot the script asked for.
bool ScriptAfterRender(GuiRun& run) {
  if (!run.script || !run.script->screenshot()) return true;
  const base::Status saved = SaveBackBufferPng(run.window.FramebufferSize(), *run.script->screenshot());
  run.script->Saved();
  if (!saved) run.err << "tilewalk gui: " << run.script->Where() << ": " << saved.error().message << "\n";
  return saved.ok();
}

// ---- closing ------------------------------------------------------------------------------------

void SaveUserSettings(GuiRun& run) {
  if (!run.settings_file) return;
  UserSettings& settings = run.settings;
  settings.text_scale = run.text_scale;
  settings.classroom = run.shell.classroom;
  settings.splits = run.screen.splits;
  settings.classroom_splits = run.screen.classroom_splits;
  const session::TourSession& tour = *run.tour;
  if (tour.HasTour()) {
    settings.step_unit = tour.step_unit();
    settings.axis = tour.axis();
    settings.speed = tour.speed();
    settings.tour = tour.tour_id();
    settings.stop = tour.stop_index() + 1;
  }
  if (const base::Status saved = SaveSettings(*run.settings_file, settings); !saved)
    run.err << "tilewalk gui: warning: " << saved.error().message << "\n";
}

// ---- the loop -----------------------------------------------------------------------------------

// After rendering: the --screenshot, or the next exhibit's with --gallery. An exit code once done.
std::optional<ExitCode> TakeScreenshot(GuiRun& run) {
  if (!run.options.screenshot || ++run.shot_frames < run.options.screenshot_frames) return std::nullopt;
  run.shot_frames = 0;
  const auto failed = [&](const base::Error& error) {
    run.err << "tilewalk gui: " << error.message << "\n";
    return ExitCode::Failure;
  };
  if (!run.gallery_shots) {
    const base::Status saved = SaveBackBufferPng(run.window.FramebufferSize(), *run.options.screenshot);
    return saved ? ExitCode::Ok : failed(saved.error());
  }
  views::GalleryState& gallery = run.shell.gallery;
  const std::size_t shown = gallery.selected;
  if (auto saved = run.gallery_shots->Save(run.window.FramebufferSize(), gallery.exhibits[shown], shown);
      !saved)
    return failed(saved.error());
  if (shown + 1 < gallery.exhibits.size()) {
    gallery.selected = shown + 1;
    return std::nullopt;
  }
  if (auto finished = run.gallery_shots->Finish(gallery.exhibits); !finished) return failed(finished.error());
  run.out << "tilewalk gui: wrote " << gallery.exhibits.size() << " gallery screenshots and index.md to "
          << base::TerminalSafe(run.options.screenshot->string()) << "\n";
  return ExitCode::Ok;
}

// Draws frames until the window closes (File > Quit, Ctrl-C), the screenshot is saved or the benchmark ends.
ExitCode RunFrames(GuiRun& run, const base::InterruptGuard& interrupts) {
  FrameTimer timer(run.options.benchmark_frames);
  const auto started = std::chrono::steady_clock::now();
  for (int frame = 1; !run.window.ShouldClose(); ++frame) {
    SleepWhileIdle(run);
    if (const auto ended = ScriptBeforeFrame(run, timer, frame, started)) return *ended;
    timer.FrameStarts();
    FollowLook(run);
    run.window.BeginFrame();
    TakeInput(run);
    DrawFrame(run);
    OpenChosenTour(run);
    if (run.shell.quit_requested || interrupts.Interrupted()) run.window.RequestClose();
    run.window.Render();
    if (const auto ended = TakeScreenshot(run)) return *ended;
    if (!ScriptAfterRender(run)) return ExitCode::Failure;
    run.window.Present();
    if (run.script) timer.FrameEnds();
    if (run.benchmarking) {
      if (run.shell.has_tour) run.tour->Apply({.kind = views::IntentKind::StepStatement, .value = 1});
      if (timer.FrameEnds()) {
        run.out << timer.Report(run.window.FramebufferSize()) << "\n";
        return ExitCode::Ok;
      }
    }
  }
  run.tour->CancelRecording();  // closing does not wait for a recording nobody will see
  SaveUserSettings(run);
  return ExitCode::Ok;
}

}  // namespace

ExitCode RunGui(const GuiOptions& options, std::ostream& out, std::ostream& err) {
  // Fail on a bad screenshot path before a window flashes up and renders for nothing.
  const auto refuse = [&](const base::Error& error) {
    err << "tilewalk gui: " << error.message << "\n";
    return ExitCode::Failure;
  };
  if (options.screenshot && options.gallery) {
    if (const auto usable = GalleryShots::Check(*options.screenshot); !usable) return refuse(usable.error());
  } else if (options.screenshot) {
    if (const auto usable = base::CheckOutputDestination(*options.screenshot); !usable)
      return refuse(usable.error());
  }
  // A script is read and checked before the window opens: a missing file is a usage error (2), a line it
  // cannot run a failure (1), each with its file:line.
  std::optional<std::vector<ScriptCommand>> commands;
  if (options.script) {
    auto loaded = LoadScript(*options.script);
    if (!loaded) {
      err << "tilewalk gui: " << loaded.error().message << "\n";
      return loaded.error().reason == base::Reason::Malformed ? ExitCode::Failure : ExitCode::Usage;
    }
    commands = std::move(*loaded);
  }
  auto opened = OpenGuiWindow(options, err);
  if (!opened) {
    err << "tilewalk gui: " << opened.error().message << "\n";
    return opened.error().reason == base::Reason::NotFound ? ExitCode::NoDisplay : ExitCode::Failure;
  }
  GuiRun run(options, out, err, **opened);
  if (commands) run.script.emplace(std::move(*commands), options.script->string(), out);
  // Ctrl-C closes the window as File > Quit does, so the settings are saved; from here on, because
  // recording the first stop may take a while.
  const base::InterruptGuard interrupts;
  LoadUserSettings(run);
  OpenTour(run);
  if (!SetUpShell(run)) return ExitCode::Failure;
  if (options.gallery && options.screenshot) {
    auto shots = GalleryShots::Start(*options.screenshot);
    if (!shots) {
      err << "tilewalk gui: " << shots.error().message << "\n";
      return ExitCode::Failure;
    }
    run.gallery_shots.emplace(std::move(*shots));
  }
  return RunFrames(run, interrupts);
}

}  // namespace tilewalk::app
