#include "app/export/export_verb.hpp"

#include "app/cli_options.hpp"
#include "app/export/export_run.hpp"
#include "app/library_problems.hpp"
#include "app/pallas_for_verb.hpp"
#include "base/byte_size.hpp"
#include "base/number_text.hpp"
#include "kernels/flash/scenario_options.hpp"

namespace tilewalk::app {
namespace {

std::vector<OptionSpec> ExportOptionSpecs(ExportOptions& into, std::optional<std::filesystem::path>& out,
                                          flash::ScenarioArgs& scenario) {
  std::vector<OptionSpec> specs = {
      PathOption("--out", "DIR", "a folder",
                 "The folder to create: frames/, manifest.json, and index.html or video.mp4 if asked", out),
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
      PixelSizeOption("--size", "The layout size in pixels (default 1280x720)", 320, 7680, into.size),
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
      ThemeOption("Colours: dark (default, for a projector), light (for an article) or print (black on\n"
                  "white, with patterns where colour carries meaning)",
                  into.theme),
      SwitchOption("--html", "Also write index.html, a player that works opened from disk", into.html),
      SwitchOption("--video", "Also write video.mp4 (needs ffmpeg on PATH)", into.video),
      WholeOption("--fps", "Frames per second of the video, and the fastest the player plays (default 2)", 1,
                  60, into.fps),
      SwitchOption("--force", "Replace DIR if it exists (it is swapped only once the export is complete)",
                   into.force),
      WholeOption("--max-frames", "Refuse to draw more than N frames (default 2000)", 1, 1000000,
                  into.max_frames),
      PathOption("--library", "DIR", "a folder", "Read passages and tours from DIR/passages and DIR/tours",
                 into.library),
      KeepGoingOption(into.keep_going),
      PathOption("--pallas-source", "PATH", "a file",
                 "The Pallas flash_attention.py to show beside the C++ mirror", into.pallas_source),
      ThreadsOption(),
      MaxMemoryOption(),
  };
  std::vector<OptionSpec> scenario_specs = scenario.Specs();
  specs.insert(specs.end(), scenario_specs.begin(), scenario_specs.end());
  return specs;
}

}  // namespace

std::string ExportHelp() {
  ExportOptions options;
  std::optional<std::filesystem::path> out;
  flash::ScenarioArgs scenario;
  return base::OptionsHelp(ExportOptionSpecs(options, out, scenario));
}

base::Result<ExportOptions> ParseExportOptions(std::span<const std::string_view> args) {
  using base::Fail;
  using base::Reason;
  ExportOptions options;
  std::optional<std::filesystem::path> out;
  flash::ScenarioArgs scenario_args;
  if (const auto parsed = base::ParseOptions(args, ExportOptionSpecs(options, out, scenario_args)); !parsed)
    return parsed.error();
  if (!out) return Fail(Reason::Usage, "--out DIR is required: the folder the frames go to");
  options.out = *out;
  if (const PixelSize frame = ScaledSize(options.size, options.scale);
      static_cast<long long>(frame.width) * frame.height > kMaxFramePixels)
    return Fail(Reason::Usage,
                "--size " + SizeText(options.size) + " at --scale " + base::ShortestText(options.scale) +
                    " makes frames of " + SizeText(frame) + " pixels (" +
                    base::DescribeBytes(static_cast<std::uint64_t>(frame.width) * frame.height * 4) +
                    " each), more than the 64 megapixels an export draws; lower --size or --scale");
  if (!scenario_args.given()) return options;
  if (!options.tour.empty())
    return Fail(Reason::Usage,
                "give --tour or scenario flags, not both: a tour's stops bring their own scenarios");
  auto scenario = scenario_args.Build();
  if (!scenario) return scenario.error();
  if (const base::Status runnable = flash::CheckRunnable(*scenario); !runnable) return runnable.error();
  if (options.every == FrameEvery::Stop)
    return Fail(Reason::Usage, "--every stop needs a tour; a scenario has no stops (try --every step)");
  options.scenario = *scenario;
  return options;
}

VerbResult RunExportVerb(const VerbCall& call) {
  const auto options = ParseExportOptions(call.args);
  if (!options) return options.error();
  if (const base::Status pallas = CheckPallasFlag(options->pallas_source); !pallas) return pallas.error();
  return RunExport(*options, call.out, call.err);
}

}  // namespace tilewalk::app
