#include "app/gui/gui_verb.hpp"

#include "app/cli_options.hpp"
#include "app/gui/frame_loop.hpp"
#include "app/library_problems.hpp"
#include "app/pallas_for_verb.hpp"

namespace tilewalk::app {
namespace {

struct GuiArgs {
  GuiOptions options;
  bool frames_given = false;
  bool timeout_given = false;
};

std::vector<OptionSpec> GuiOptionSpecs(GuiArgs& into) {
  GuiOptions& o = into.options;
  return {
      PixelSizeOption("--size", "Window size in pixels (default 1600x900)", 64, 16384, o.window_size),
      PathOption("--screenshot", "FILE.png", "a file name",
                 "Render a few frames, save the window as a PNG and exit (with --gallery: a folder)",
                 o.screenshot),
      {.name = "--frames",
       .value_name = "N",
       .needs = "a whole number",
       .help = "Frames to render before the screenshot (default 3, at least 3)",
       .set = [&into](std::string_view value) -> base::Status {
         const base::Status set =
             WholeOption("--frames", "", kMinScreenshotFrames, 100000, into.options.screenshot_frames)
                 .set(value);
         into.frames_given = set.ok();
         return set;
       }},
      SwitchOption("--gallery",
                   "Show the gallery: every view in several states, each with the code that builds it; with "
                   "--screenshot DIR, save one PNG per state and an index.md into the folder DIR",
                   o.gallery),
      TextOption("--tour", "NAME", "a tour name",
                 "Open this tour (default: the default tour; 'tilewalk tours' lists them)", o.tour),
      {.name = "--stop",
       .value_name = "K",
       .needs = "a whole number",
       .help = "Open the tour at stop K, from 1 (default 1)",
       .set = [&o](std::string_view value) -> base::Status {
         const base::Status set = WholeOption("--stop", "", 1, 1000, o.stop).set(value);
         o.stop_given = set.ok();
         return set;
       }},
      PathOption("--library", "DIR", "a folder",
                 "Read passages and tours from DIR/passages and DIR/tours instead of the built-in ones",
                 o.library),
      KeepGoingOption(o.keep_going),
      PathOption("--pallas-source", "PATH", "a file",
                 "The Pallas flash_attention.py to show beside the C++ mirror", o.pallas_source),
      ThemeOption("Colours: dark (default), light or print (black on white, with patterns)", o.theme),
      SwitchOption("--classroom",
                   "Start in classroom mode, fullscreen: high contrast, larger text, fewer panes (F10)",
                   o.classroom),
      WholeOption("--benchmark-frames",
                  "Step one statement a frame for N frames, print the mean and p95 frame time", 1, 1000000,
                  o.benchmark_frames),
      PathOption(
          "--script", "FILE", "a file",
          "Drive the window with the commands in FILE (key, tap, set, apply, wait, screenshot, expect, "
          "stats; see the README), then exit",
          o.script),
      {.name = "--timeout",
       .value_name = "SECONDS",
       .needs = "a whole number",
       .help = "Stop a --script still running after SECONDS and exit 1 (default 300)",
       .set = [&into](std::string_view value) -> base::Status {
         const base::Status set =
             WholeOption("--timeout", "", 1, 86400, into.options.script_timeout_seconds).set(value);
         into.timeout_given = set.ok();
         return set;
       }},
      ThreadsOption(),
      MaxMemoryOption(),
  };
}

}  // namespace

std::string GuiHelp() {
  GuiArgs args;
  return base::OptionsHelp(GuiOptionSpecs(args));
}

base::Result<GuiOptions> ParseGuiOptions(std::span<const std::string_view> args) {
  GuiArgs parsed;
  if (const auto done = base::ParseOptions(args, GuiOptionSpecs(parsed)); !done) return done.error();
  if (parsed.frames_given && !parsed.options.screenshot)
    return base::Fail(base::Reason::Usage, "--frames only applies with --screenshot");
  if (parsed.options.benchmark_frames && parsed.options.screenshot)
    return base::Fail(base::Reason::Usage,
                      "--benchmark-frames and --screenshot are separate runs; give one of them");
  if (parsed.timeout_given && !parsed.options.script)
    return base::Fail(base::Reason::Usage, "--timeout only applies with --script");
  if (parsed.options.script && (parsed.options.screenshot || parsed.options.benchmark_frames))
    return base::Fail(base::Reason::Usage,
                      "--script runs on its own; take screenshots with its 'screenshot' command");
  if (parsed.options.gallery && (parsed.options.benchmark_frames || parsed.options.script))
    return base::Fail(base::Reason::Usage,
                      "--gallery shows canned pictures; it takes no --benchmark-frames or --script");
  return parsed.options;
}

VerbResult RunGuiVerb(const VerbCall& call) {
  const auto options = ParseGuiOptions(call.args);
  if (!options) return options.error();
  if (const base::Status pallas = CheckPallasFlag(options->pallas_source); !pallas) return pallas.error();
  return RunGui(*options, call.out, call.err);
}

}  // namespace tilewalk::app
