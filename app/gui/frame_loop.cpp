// [SECTIONS] one frame (input, drawing, idling) · a script · the loop (screenshots, benchmark) · RunGui
#include "app/gui/frame_loop.hpp"

#include <fcntl.h>
#include <imgui.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <optional>
#include <string>
#include <thread>

#include "app/gui/draw_cost.hpp"
#include "app/gui/frame_input.hpp"
#include "app/gui/frame_timer.hpp"
#include "app/gui/gui_run.hpp"
#include "app/gui/heap_warmup.hpp"
#include "app/gui/help_overlay.hpp"
#include "app/gui/layout_json.hpp"
#include "app/gui/recording_status.hpp"
#include "app/gui/screenshot.hpp"
#include "app/gui/tour_picker.hpp"
#include "app/screen/png_file.hpp"
#include "app/views/drawn_probe.hpp"
#include "base/file_ops.hpp"
#include "base/interrupt_guard.hpp"
#include "base/output_file.hpp"
#include "base/safe_output.hpp"
#include "base/terminal_text.hpp"

namespace tilewalk::app {
namespace {

constexpr int kSettleFrames = 3;           // frames drawn after input before the window may sleep: ImGui
                                           // shows some effects (a tab picked, a hover) a frame late
constexpr double kIdleWaitSeconds = 0.25;  // how often a sleeping window looks for Ctrl-C
constexpr auto kPlayingFrame = std::chrono::microseconds(16667);    // playback: at most 60 frames a second
constexpr auto kRecordingFrame = std::chrono::microseconds(33333);  // a progress line: at most 30

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
  // A script's `expect` reads every text this frame draws.
  views::Drawn drawn{.keep_shown = true};
  if (run.script) views::SetDrawnProbe(&drawn);
  // The keys overlay has one state, the screen's: a key (? or Escape) set it before this frame, and the
  // View menu may toggle it now.
  run.shell.show_help = run.screen.show_help;
  const float top = DrawShellUi(run.shell);
  if (run.shell.has_tour && !run.shell.show_gallery) {  // the gallery takes the screen while it is open
    run.screen.classroom = run.shell.classroom;
    run.screen.reduce_motion = run.shell.reduce_motion;
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
  if (run.script) {
    views::SetDrawnProbe(nullptr);
    run.shown_texts = std::move(drawn.shown);
  }
}

// Nothing plays, records or has just been pressed: nothing on screen would change.
bool Idle(const GuiRun& run) {
  if (run.capturing || run.benchmarking || run.script || run.frames_since_input < kSettleFrames ||
      run.window.MousePending())
    return false;
  return !(run.shell.has_tour && (run.tour->playing() || run.tour->recording_in_progress()));
}

// --ready-fd: the first time the window has nothing left to draw, says so there and closes it. The write
// never blocks, and a reader that went away costs nothing.
void SignalReady(GuiRun& run) {
  if (run.options.ready_fd < 0 || run.ready_signalled) return;
  run.ready_signalled = true;
  const int fd = run.options.ready_fd;
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
  constexpr char kReady[] = "ready\n";
  if (base::WriteWithoutSigpipe(fd, kReady, sizeof kReady - 1) < 0)
    run.err << "tilewalk gui: warning: --ready-fd " << fd << " could not be written\n";
  close(fd);
}

// Sleeps while idle, until input arrives, the window is closed or Ctrl-C.
void SleepWhileIdle(GuiRun& run) {
  if (!Idle(run)) return;
  SignalReady(run);
  while (!run.window.WaitForInput(kIdleWaitSeconds) && !base::InterruptRequested() &&
         !run.window.ShouldClose()) {
  }
  run.frames_since_input = 0;
}

// While playback runs, a frame waits out the rest of its 1/60 s: motion needs no more. While only a
// recording's progress moves, the rest of 1/30 s, so that the recording gets the core the frames would
// take. (A swap with vsync waits too, where the display has it; Xvfb and software GL do not.) Input cuts
// the wait short only by arriving before the next frame; a benchmark measures frames back to back.
void PaceFrames(GuiRun& run, std::chrono::steady_clock::time_point frame_start) {
  if (run.benchmarking || !run.shell.has_tour) return;
  if (run.tour->playing()) {
    std::this_thread::sleep_until(frame_start + kPlayingFrame);
  } else if (run.tour->recording_in_progress() && run.frames_since_input >= kSettleFrames) {
    std::this_thread::sleep_until(frame_start + kRecordingFrame);
  }
}

void StartPlaying(GuiRun& run) {
  if (!run.options.play || !run.shell.has_tour) return;
  run.tour->Apply({.kind = views::IntentKind::SetPlayClock, .value = static_cast<int>(*run.options.play)});
  run.tour->Apply(
      {.kind = views::IntentKind::SetPlayRate, .value = views::PlayRateValue(run.options.play_rate_us)});
  if (!run.tour->playing()) run.tour->Apply({.kind = views::IntentKind::TogglePlay});
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
  if (!run.script->BeforeFrame({.window = run.window,
                                .tour = *run.tour,
                                .screen = run.screen,
                                .timer = timer,
                                .shown = run.shown_texts})) {
    run.err << "tilewalk gui: " << base::TerminalSafe(run.script->failure()) << "\n";
    return ExitCode::Failure;
  }
  if (run.script->done()) return ExitCode::Ok;
  return std::nullopt;
}

// After rendering, before presenting: the screenshot or the redraw check the script asked for.
bool ScriptAfterRender(GuiRun& run) {
  if (!run.script) return true;
  if (run.script->redraw_check_due() && !run.script->RedrawChecked(run.window.CheckRedraw())) {
    run.err << "tilewalk gui: " << run.script->failure() << "\n";
    return false;
  }
  if (!run.script->screenshot()) return true;
  const base::Status saved = SaveBackBufferPng(run.window.FramebufferSize(), *run.script->screenshot());
  run.script->Saved();
  if (!saved) run.err << "tilewalk gui: " << run.script->Where() << ": " << saved.error().message << "\n";
  return saved.ok();
}

// ---- the loop -----------------------------------------------------------------------------------

// After rendering: the --screenshot and the --layout-json, or the next exhibit's with --gallery. An exit
// code once done.
std::optional<ExitCode> TakeScreenshot(GuiRun& run) {
  if (!run.capturing || ++run.shot_frames < run.options.screenshot_frames) return std::nullopt;
  run.shot_frames = 0;
  const auto failed = [&](const base::Error& error) {
    run.err << "tilewalk gui: " << error.message << "\n";
    return ExitCode::Failure;
  };
  if (run.options.layout_json) {
    const base::Status written =
        base::WriteFileContent(*run.options.layout_json, LayoutReportJson(run.layout));
    if (!written) return failed(written.error());
  }
  if (!run.options.screenshot) return ExitCode::Ok;
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
  run.err << "tilewalk gui: wrote " << gallery.exhibits.size() << " gallery screenshots and index.md to "
          << base::TerminalSafe(run.options.screenshot->string()) << "\n";
  return ExitCode::Ok;
}

// What an unattended run had still to produce when it ended early; empty for an interactive window.
std::string WhatIsMissing(const GuiRun& run) {
  const GuiOptions& o = run.options;
  if (o.gallery && o.screenshot) return "the gallery's screenshots were not written";
  if (o.screenshot) return "no screenshot was written";
  if (o.layout_json) return "no layout was written";
  if (o.benchmark_frames > 0) return "the benchmark did not finish, so it reports nothing";
  if (o.script) return "the script did not finish";
  return {};
}

// Draws frames until the window closes (File > Quit, Ctrl-C), the screenshot is saved or the benchmark ends.
ExitCode RunFrames(GuiRun& run, const base::InterruptGuard& interrupts) {
  FrameTimer timer(run.options.benchmark_frames);
  const auto started = std::chrono::steady_clock::now();
  // A script's screenshot to a pipe nobody reads gives up at --timeout, as the script does; the deadline is
  // the script's, and goes with it.
  if (run.script) base::SetStreamDeadline(started + std::chrono::seconds(run.options.script_timeout_seconds));
  struct DeadlineScope {
    ~DeadlineScope() { base::SetStreamDeadline(std::nullopt); }
  } const deadline_scope;
  for (int frame = 1; !run.window.ShouldClose(); ++frame) {
    SleepWhileIdle(run);
    if (const auto ended = ScriptBeforeFrame(run, timer, frame, started)) return *ended;
    const auto frame_start = std::chrono::steady_clock::now();
    timer.FrameStarts();
    FollowLook(run);
    run.window.BeginFrame();
    TakeInput(run);
    DrawFrame(run);
    OpenChosenTour(run);
    if (run.shell.quit_requested || interrupts.Interrupted()) run.window.RequestClose();
    for (const views::TextureId texture : run.screen.textures.TakeReplaced())
      run.window.TextureReplaced(texture);
    // A frame saved as a screenshot is drawn whole, so that it is the frame and nothing older.
    run.window.Render(run.capturing || (run.script && run.script->screenshot()));
    if (const auto ended = TakeScreenshot(run)) return *ended;
    if (!ScriptAfterRender(run)) return ExitCode::Failure;
    run.window.Present();
    if (run.script) timer.FrameEnds();
    PaceFrames(run, frame_start);
    if (run.benchmarking) {
      // Played: from the start again once it ends, so that every frame moves.
      if (run.options.play && run.shell.has_tour && !run.tour->playing()) {
        run.tour->Apply({.kind = views::IntentKind::GoToStart});
        run.tour->Apply({.kind = views::IntentKind::TogglePlay});
      } else if (!run.options.play && run.shell.has_tour) {
        run.tour->Apply({.kind = views::IntentKind::StepStatement, .value = 1});
      }
      if (timer.FrameEnds()) {
        // The last frame's draw data stays until the next frame begins: measured outside the timed frames.
        const DrawCost draw_cost = MeasureDrawCost(run.window.Submitted());
        run.out << timer.Report(run.window.FramebufferSize()) << " " << DrawCostLine(draw_cost)
                << " partial_frames=" << run.window.partial_frames() << "\n"
                << "the last frame's fill by window:\n"
                << DrawCostByWindow(draw_cost, 12);
        return ExitCode::Ok;
      }
    }
  }
  run.tour->CancelRecording();  // closing does not wait for a recording nobody will see
  SaveUserSettings(run);
  // Ctrl-C is how a person closes an interactive window; a run that was to produce something and ended
  // before it did (a signal, or the window closed under it) is a failure, and says what is missing.
  if (const std::string missing = WhatIsMissing(run); !missing.empty()) {
    run.err << "tilewalk gui: "
            << (interrupts.Interrupted() ? interrupts.AsError(missing).message
                                         : "the window was closed before the end; " + missing)
            << "\n";
    return ExitCode::Failure;
  }
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
  if (options.layout_json)
    if (const auto usable = base::CheckOutputDestination(*options.layout_json); !usable)
      return refuse(usable.error());
  // A script is read and checked before the window opens: a missing file is a usage error (2), a line it
  // cannot run a failure (1), each with its file:line.
  std::optional<std::vector<ScriptCommand>> commands;
  if (options.script) {
    auto loaded =
        LoadScript(*options.script, options.kernel != nullptr ? *options.kernel : kernel::DefaultKernel());
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
  WarmHeap();
  GuiRun run(options, out, err, **opened);
  if (options.layout_json) run.screen.report = &run.layout;
  if (commands) run.script.emplace(std::move(*commands), options.script->string(), out);
  // Ctrl-C closes the window as File > Quit does, so the settings are saved; from here on, because
  // recording the first stop may take a while.
  const base::InterruptGuard interrupts;
  LoadUserSettings(run);
  OpenTour(run);
  if (!SetUpShell(run)) return ExitCode::Failure;
  StartPlaying(run);
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
