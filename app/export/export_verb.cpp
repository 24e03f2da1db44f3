#include "app/export/export_verb.hpp"

#include <algorithm>

#include "app/cli_options.hpp"
#include "app/export/export_run.hpp"
#include "app/export/pane_files.hpp"
#include "app/export/site_export.hpp"
#include "app/kernel_scenario_args.hpp"
#include "app/library_problems.hpp"
#include "app/pallas_for_verb.hpp"
#include "app/screen/figure_screen.hpp"
#include "base/byte_size.hpp"
#include "base/number_text.hpp"
#include "kernels/api/memory_guard.hpp"

namespace tilewalk::app {
namespace {

// How the frames are written: as figures or the whole screen, the image format, the theme, and the player
// and video beside them.
std::vector<OptionSpec> OutputSpecs(ExportOptions& into) {
  return {
      SwitchOption("--figure",
                   "Draw each pane alone as a figure, with no buttons, tabs or scrollbars: one image per\n"
                   "pane per frame (frames/00001-grid.png), the caption and titles as text in the manifest.\n"
                   "Panes: grid, memory, lanes, scores, cost, timeline (default all six); a pane with\n"
                   "nothing to show at a frame gets no image, and the manifest says why",
                   into.figure),
      SwitchOption("--stop-pane",
                   "With --figure or --format svg: draw only each stop's own pane, the one its show: line\n"
                   "names, so that a stop's frame is one image (none for a stop that shows the scenario,\n"
                   "which the manifest carries as text)",
                   into.stop_pane),
      {.name = "--format",
       .value_name = "NAME",
       .needs = "an image format",
       .help = "png (default): a PNG of the screen per frame, or with --figure of each pane. webp: the\n"
               "same, lossless (needs libwebp7). svg: an SVG per pane per frame (frames/00001-grid.svg),\n"
               "text as text, for a web page; the picture panes only, and no --size, --scale, --html\n"
               "or --video",
       .set = [&into](std::string_view value) -> base::Status {
         const auto format = ParseImageFormat(value);
         if (!format) return base::Fail(base::Reason::Usage, "expected " + ImageFormatNames());
         into.format = *format;
         return {};
       }},
      ThemeOption("Colours: dark (default, for a projector), light (for an article) or print (black on\n"
                  "white, with patterns where colour carries meaning)",
                  into.theme),
      SwitchOption("--html",
                   "Also write index.html, a player that works opened from disk; with --figure it shows\n"
                   "each stop's own figure beside its narration",
                   into.html),
      SwitchOption("--video",
                   "Also write video.mp4 (needs ffmpeg on PATH); with --motion, of the whole screen at\n"
                   "1280x720 in the model's time, each stop as its animations play it, at 30 frames a second",
                   into.video),
      SwitchOption("--motion",
                   "Figures (as --figure), and each stop's grid and memory panes as animated WebP in the\n"
                   "model's time (motion/00001-grid.webp): its grid step and the next two in 3 s at 30\n"
                   "frames a second, which the player plays (needs libwebpmux3)",
                   into.motion),
      WholeOption("--fps", "Frames per second of the video, and the fastest the player plays (default 2)", 1,
                  60, into.fps),
  };
}

std::vector<OptionSpec> ExportOptionSpecs(ExportOptions& into, std::optional<std::filesystem::path>& out,
                                          KernelScenarioArgs& scenario) {
  std::vector<OptionSpec> specs = {
      PathOption(
          "--out", "DIR", "a folder",
          "The folder to create: frames/, pictures/, manifest.json, and index.html or video.mp4 if asked",
          out),
      TextOption("--tour", "NAME", "a tour name",
                 "Export this tour ('tilewalk tours' lists them; default: the default tour)", into.tour),
      {.name = "--every",
       .value_name = "WHAT",
       .needs = "statement, dma, step or stop",
       .help = "A frame per stop (a tour's default), or from each stop on: per statement to the end of its\n"
               "grid step, per copy or writeback (dma) or grid step (step) to the end of its launch. A\n"
               "scenario starts at its first event and spans the whole step (default: step)",
       .set = [&into](std::string_view value) -> base::Status {
         into.every = ParseFrameEvery(value);
         if (!into.every) return base::Fail(base::Reason::Usage, "expected statement, dma, step or stop");
         return {};
       }},
      PixelSizeOption("--size",
                      "The layout size in pixels (default 1280x720; with --figure, every pane's\n"
                      "size, else a size per pane)",
                      320, 7680, into.size),
      {.name = "--scale",
       .value_name = "S",
       .needs = "a number",
       .help = "Frame pixels per layout pixel, 0.5 to 4 (default 1; 2 for sharp high-DPI frames)",
       .set = [&into](std::string_view value) -> base::Status {
         const auto scale = base::ParseReal(value, 0.5, 4.0);
         if (!scale) return scale.error();
         into.scale = static_cast<float>(*scale);
         return {};
       }},
      {.name = "--panes",
       .value_name = "LIST",
       .needs = "a list of panes",
       .help =
           "Draw only these panes, of: " + KnownPanes() + "\n(memory to scenario are the tabs of one region)",
       .set = [&into](std::string_view value) -> base::Status {
         const auto panes = ParsePaneList(value);
         if (!panes) return panes.error();
         into.panes = *panes;
         return {};
       }},
      SwitchOption("--force", "Replace DIR if it exists (it is swapped only once the export is complete)",
                   into.force),
      WholeOption("--max-frames", "Refuse to draw more than N frames (default 2000)", 1, 1000000,
                  into.max_frames),
      PathOption("--library", "DIR", "a folder", "Read passages and tours from DIR/passages and DIR/tours",
                 into.library),
      KeepGoingOption(into.keep_going),
      PathOption("--pallas-source", "PATH", "a file",
                 "The kernel's Pallas file to show beside the C++ mirror (with --site, one per kernel)",
                 into.pallas_source),
      ThreadsOption(),
      MaxMemoryOption(),
  };
  for (std::vector<OptionSpec> more : {OutputSpecs(into), scenario.Specs()})
    specs.insert(specs.end(), more.begin(), more.end());
  return specs;
}

// --figure draws the picture panes, one file each; a video, which needs one picture per frame, refuses it
// (but for --motion's, drawn of the screen apart from the figures).
base::Status CheckFigureOptions(ExportOptions& options, bool panes_given) {
  using base::Fail;
  using base::Reason;
  if (options.video && !options.motion && options.format != ImageFormat::Png)
    return Fail(Reason::Usage, "--video is made from PNG frames; drop --format " +
                                   std::string(ImageFormatName(options.format)) + " or --video");
  if (!options.figure) return {};
  if (options.video && !options.motion)
    return Fail(
        Reason::Usage,
        "--figure writes one image per pane, and a video needs one per frame; drop --video or --figure");
  if (!panes_given) {
    options.panes = PicturePanes();
    return {};
  }
  for (int p = 0; p < static_cast<int>(Pane::kCount); ++p) {
    const auto pane = static_cast<Pane>(p);
    if (options.panes.Has(pane) && !PicturePanes().Has(pane))
      return Fail(Reason::Usage,
                  "--figure draws the panes grid, memory, lanes, scores, cost and timeline; '" +
                      std::string(PaneName(pane)) +
                      "' is text or controls, which the manifest carries (drop it from --panes)");
  }
  return {};
}

// --motion animates each tour stop's figures: it turns --figure on, and refuses what a figure export of
// the stops' grid and memory panes cannot be.
base::Status CheckMotionOptions(ExportOptions& options, const std::vector<std::string_view>& given,
                                bool scenario_given) {
  using base::Fail;
  using base::Reason;
  if (!options.motion) return {};
  if (options.format == ImageFormat::Svg)
    return Fail(Reason::Usage,
                "--motion draws animated WebP of the figures, and --format svg draws no pixels; drop "
                "--format svg or --motion");
  if (scenario_given)
    return Fail(Reason::Usage,
                "--motion animates each tour stop from its landing, and a scenario has no stops; give "
                "--tour or drop --motion");
  if (WasGiven(given, "--panes") && !options.panes.Has(Pane::Grid) && !options.panes.Has(Pane::Memory))
    return Fail(Reason::Usage, "--motion animates the grid and memory panes, and --panes " +
                                   options.panes.ToString() + " leaves both out; add one or drop --motion");
  options.figure = true;
  return {};
}

// --stop-pane picks, per stop, one of the panes that --figure or --format svg draws alone; --panes would pick
// others, and a scenario has no stops to pick by.
base::Status CheckStopPaneOptions(const ExportOptions& options, bool panes_given, bool scenario_given) {
  using base::Fail;
  using base::Reason;
  if (!options.stop_pane) return {};
  if (!options.figure && options.format != ImageFormat::Svg)
    return Fail(Reason::Usage,
                "--stop-pane picks the pane of each stop's figure, and the frames are of the whole screen; "
                "add --figure (or --format svg), or drop --stop-pane");
  if (panes_given)
    return Fail(
        Reason::Usage,
        "--stop-pane draws the pane each stop names in its show: line, and --panes names panes of its "
        "own; drop --panes or --stop-pane");
  if (scenario_given)
    return Fail(
        Reason::Usage,
        "--stop-pane draws the pane each tour stop names, and a scenario has no stops; give --tour or "
        "drop --stop-pane");
  return {};
}

// --format svg writes what the pictures hold, per pane: refuses what only a raster frame of the whole
// screen has, and panes that have no picture; without --panes, the panes that have one.
base::Status CheckSvgOptions(ExportOptions& options, const std::vector<std::string_view>& given,
                             bool panes_given) {
  for (std::string_view name : {"--size", "--scale", "--html", "--video"}) {
    if (!WasGiven(given, name)) continue;
    return base::Fail(base::Reason::Usage,
                      std::string(name) +
                          " applies to PNG frames of the whole screen; --format svg writes "
                          "one SVG per pane at its own size, so drop " +
                          std::string(name) + " or use --format png");
  }
  if (!panes_given) {
    options.panes = PicturePanes();
    return {};
  }
  for (int i = 0; i < static_cast<int>(Pane::kCount); ++i) {
    const auto pane = static_cast<Pane>(i);
    if (options.panes.Has(pane) && !PicturePanes().Has(pane))
      return base::Fail(base::Reason::Usage,
                        "--format svg draws the grid, memory, lanes, scores, cost and timeline panes; '" +
                            std::string(PaneName(pane)) + "' has no SVG picture; leave it out of --panes");
  }
  return {};
}

}  // namespace

std::string ExportHelp() {
  ExportOptions options;
  std::optional<std::filesystem::path> out;
  KernelScenarioArgs scenario;
  return base::OptionsHelp(ExportOptionSpecs(options, out, scenario)) + SiteHelp();
}

bool IsFrameExportOption(std::string_view name) {
  ExportOptions options;
  std::optional<std::filesystem::path> out;
  KernelScenarioArgs scenario;
  const std::vector<OptionSpec> specs = ExportOptionSpecs(options, out, scenario);
  return name == "--kernel" ||
         std::any_of(specs.begin(), specs.end(), [&](const OptionSpec& s) { return s.name == name; });
}

base::Result<ExportOptions> ParseExportOptions(std::span<const std::string_view> args) {
  using base::Fail;
  using base::Reason;
  ExportOptions options;
  std::optional<std::filesystem::path> out;
  KernelScenarioArgs kernel_args(args);
  if (!kernel_args.status()) return kernel_args.status().error();
  kernel::ScenarioArgs& scenario_args = kernel_args.scenario();
  std::vector<OptionSpec> specs = ExportOptionSpecs(options, out, kernel_args);
  std::vector<std::string_view> given;
  RecordGiven(specs, {"--size", "--scale", "--html", "--video", "--panes"}, given);
  if (const auto parsed = base::ParseOptions(args, specs); !parsed) return parsed.error();
  if (!out) return Fail(Reason::Usage, "--out DIR is required: the folder the frames go to");
  options.out = *out;
  options.size_given = WasGiven(given, "--size");
  const bool panes_given = WasGiven(given, "--panes");
  if (const base::Status motion = CheckMotionOptions(options, given, scenario_args.given()); !motion)
    return motion.error();
  const base::Status checked = options.format == ImageFormat::Svg
                                   ? CheckSvgOptions(options, given, panes_given)
                                   : CheckFigureOptions(options, panes_given);
  if (!checked) return checked.error();
  if (const base::Status own = CheckStopPaneOptions(options, panes_given, scenario_args.given()); !own)
    return own.error();
  if (const PixelSize frame = ScaledSize(options.size, options.scale);
      static_cast<long long>(frame.width) * frame.height > kMaxFramePixels)
    return Fail(Reason::Usage,
                "--size " + SizeText(options.size) + " at --scale " + base::ShortestText(options.scale) +
                    " makes frames of " + SizeText(frame) + " pixels (" +
                    base::DescribeBytes(static_cast<std::uint64_t>(frame.width) * frame.height * 4) +
                    " each), more than the 64 megapixels an export draws; lower --size or --scale");
  if (kernel_args.kernel_given()) options.kernel = &kernel_args.kernel();
  if (!scenario_args.given()) return options;
  if (!options.tour.empty())
    return Fail(Reason::Usage,
                "give --tour or scenario flags, not both: a tour's stops bring their own scenarios");
  const auto built = scenario_args.Build();
  if (!built) return built.error();
  if (const base::Status runnable = kernel::CheckRunnable(*built); !runnable) return runnable.error();
  if (options.every == FrameEvery::Stop)
    return Fail(Reason::Usage, "--every stop needs a tour; a scenario has no stops (try --every step)");
  options.scenario = *built;
  return options;
}

VerbResult RunExportVerb(const VerbCall& call) {
  if (AsksForSite(call.args)) {
    const auto site = ParseSiteOptions(call.args);
    if (!site) return site.error();
    return RunSiteExport(*site, call.err);
  }
  const auto options = ParseExportOptions(call.args);
  if (!options) return options.error();
  // The file is the kernel's whose tour or scenario is drawn: --kernel's, else the default's.
  const kernel::Kernel& kernel = options->scenario ? options->scenario->kernel()
                                 : options->kernel ? *options->kernel
                                                   : kernel::DefaultKernel();
  if (const base::Status pallas = CheckPallasFlag(options->pallas_source, kernel); !pallas)
    return pallas.error();
  return RunExport(*options, call.err);
}

}  // namespace tilewalk::app
