#include "app/gui/gui_verb.hpp"

#include <fcntl.h>

#include <string>

#include "app/cli_options.hpp"
#include "app/gui/frame_loop.hpp"
#include "app/library_problems.hpp"
#include "app/pallas_for_verb.hpp"
#include "base/number_text.hpp"
#include "base/terminal_text.hpp"
#include "kernels/registry/kernel_option.hpp"

namespace tilewalk::app {
namespace {

// The text of --play and --play-rate, checked once parsing is done.
struct PlayWords {
  std::string clock, rate;
};

std::vector<OptionSpec> GuiOptionSpecs(GuiOptions& o, PlayWords& play) {
  return {
      PixelSizeOption("--size", "Window size in pixels (default 1600x900)", 64, 16384, o.window_size),
      PathOption("--screenshot", "FILE.png", "a file name",
                 "Render a few frames, save the window as a PNG and exit (with --gallery: a folder)",
                 o.screenshot),
      PathOption("--layout-json", "FILE", "a file name",
                 "Render a few frames, write where each pane is, which lines are in view, whether the\n"
                 "narration and the stop's focus are whole and in view, and every text cut, as JSON; exit",
                 o.layout_json),
      WholeOption("--frames", "Frames to render before the screenshot (default 3, at least 3)",
                  kMinScreenshotFrames, 100000, o.screenshot_frames),
      SwitchOption("--gallery",
                   "Show the gallery: every view in several states, each with the code that builds it; with "
                   "--screenshot DIR, save one PNG per state and an index.md into the folder DIR",
                   o.gallery),
      kernel::KernelOptionSpec(&o.kernel),
      TextOption("--tour", "NAME", "a tour name",
                 "Open this tour (default: the default tour; 'tilewalk tours' lists them)", o.tour),
      WholeOption("--stop", "Open the tour at stop K, from 1 (default 1)", 1, 1000, o.stop, "K"),
      PathOption("--library", "DIR", "a folder",
                 "Read passages and tours from DIR/passages and DIR/tours instead of the built-in ones",
                 o.library),
      KeepGoingOption(o.keep_going),
      PathOption("--pallas-source", "PATH", "a file",
                 "The kernel's Pallas file to show beside the C++ mirror", o.pallas_source),
      ThemeOption("Colours: dark (default), light or print (black on white, with patterns)", o.theme),
      SwitchOption("--classroom",
                   "Start in classroom mode (F10): high contrast, larger text, fewer panes; "
                   "fullscreen\nunless --size is given",
                   o.classroom),
      WholeOption("--benchmark-frames",
                  "Step one statement a frame for N frames (or play, with --play), print the frame times and "
                  "CPU per frame",
                  1, 1000000, o.benchmark_frames),
      TextOption("--play", "CLOCK", "steps or time",
                 "Start playing: 'steps' (of the step unit) or 'time' (in the cost model's estimated time)",
                 play.clock),
      TextOption("--play-rate", "RATE", "a number",
                 "With --play time: µs of TPU time a second of screen, from 0.001 to 1000000 (default 1)",
                 play.rate),
      SwitchOption(
          "--whole-frames",
          "Draw every frame whole. By default, under a software rasteriser that is proven to keep the\n"
          "last frame in the back buffer, a frame redraws only what changed",
          o.whole_frames),
      PathOption(
          "--script", "FILE", "a file",
          "Drive the window with the commands in FILE (key, tap, set, apply, wait, screenshot, expect, "
          "stats; see docs/guide.md), then exit",
          o.script),
      WholeOption("--timeout", "Stop a --script still running after SECONDS and exit 1 (default 300)", 1,
                  86400, o.script_timeout_seconds, "SECONDS"),
      WholeOption("--ready-fd",
                  "Write 'ready' to the open file descriptor N, and close it, once the window has drawn its "
                  "first stop\nand waits for input: a signal for a program that drives the window from "
                  "outside",
                  3, 1023, o.ready_fd, "N"),
      ThreadsOption(),
      MaxMemoryOption(),
  };
}

}  // namespace

std::string GuiHelp() {
  GuiOptions options;
  PlayWords play;
  return base::OptionsHelp(GuiOptionSpecs(options, play));
}

base::Result<GuiOptions> ParseGuiOptions(std::span<const std::string_view> args) {
  GuiOptions options;
  PlayWords play;
  std::vector<OptionSpec> specs = GuiOptionSpecs(options, play);
  std::vector<std::string_view> given;
  RecordGiven(specs, {"--frames", "--stop", "--timeout", "--size"}, given);
  if (const auto done = base::ParseOptions(args, specs); !done) return done.error();
  options.stop_given = WasGiven(given, "--stop");
  options.size_given = WasGiven(given, "--size");
  if (WasGiven(given, "--frames") && !options.screenshot && !options.layout_json)
    return base::Fail(base::Reason::Usage, "--frames only applies with --screenshot or --layout-json");
  if (options.layout_json && (options.gallery || options.benchmark_frames || options.script))
    return base::Fail(base::Reason::Usage,
                      "--layout-json reports a tour's screen; it takes no --gallery, --benchmark-frames or "
                      "--script");
  if (options.benchmark_frames && options.screenshot)
    return base::Fail(base::Reason::Usage,
                      "--benchmark-frames and --screenshot are separate runs; give one of them");
  if (WasGiven(given, "--timeout") && !options.script)
    return base::Fail(base::Reason::Usage, "--timeout only applies with --script");
  if (options.script && (options.screenshot || options.benchmark_frames))
    return base::Fail(base::Reason::Usage,
                      "--script runs on its own; take screenshots with its 'screenshot' command");
  if (options.ready_fd >= 0 &&
      (options.screenshot || options.layout_json || options.benchmark_frames || options.script))
    return base::Fail(
        base::Reason::Usage,
        "--ready-fd is for an interactive window; --screenshot, --benchmark-frames and --script "
        "runs end on their own");
  if (options.ready_fd >= 0 && fcntl(options.ready_fd, F_GETFD) == -1)
    return base::Fail(base::Reason::Usage, "--ready-fd got '" + std::to_string(options.ready_fd) +
                                               "': no file descriptor of that number is open (open one "
                                               "for the run, as in 3>ready.fifo)");
  if (!play.clock.empty()) {
    if (play.clock != "steps" && play.clock != "time")
      return base::Fail(base::Reason::Usage,
                        "--play got '" + base::CutText(play.clock) + "': expected steps or time");
    options.play = play.clock == "time" ? views::PlayClock::ModelTime : views::PlayClock::Steps;
  }
  if (!play.rate.empty()) {
    if (options.play != views::PlayClock::ModelTime)
      return base::Fail(base::Reason::Usage, "--play-rate only applies with --play time");
    const auto rate = base::ParseReal(play.rate, -1e300, 1e300);
    if (!rate)
      return base::Fail(base::Reason::Usage, "--play-rate got '" + base::CutText(play.rate) +
                                                 "': expected a number of µs of TPU time a second");
    if (const std::string problem = views::PlayRateProblem(*rate); !problem.empty())
      return base::Fail(base::Reason::Usage, "--play-rate: " + problem);
    options.play_rate_us = *rate;
  }
  if (options.play && (options.script || options.gallery))
    return base::Fail(
        base::Reason::Usage,
        "--play is for a tour's window; a script plays with 'play time RATE' or 'play steps SPEED'");
  if (options.gallery && (options.benchmark_frames || options.script))
    return base::Fail(base::Reason::Usage,
                      "--gallery shows canned pictures; it takes no --benchmark-frames or --script");
  return options;
}

VerbResult RunGuiVerb(const VerbCall& call) {
  const auto options = ParseGuiOptions(call.args);
  if (!options) return options.error();
  const kernel::Kernel& kernel = options->kernel != nullptr ? *options->kernel : kernel::DefaultKernel();
  if (const base::Status pallas = CheckPallasFlag(options->pallas_source, kernel); !pallas)
    return pallas.error();
  // The children the window starts (python3 looking for jax) must not hold the ready signal's pipe open.
  if (options->ready_fd >= 0) fcntl(options->ready_fd, F_SETFD, FD_CLOEXEC);
  return RunGui(*options, call.out, call.err);
}

}  // namespace tilewalk::app
