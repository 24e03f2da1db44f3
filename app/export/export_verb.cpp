#include "app/export/export_verb.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "app/export/export_run.hpp"
#include "kernels/flash/scenario_flags.hpp"

namespace tilewalk::app {
namespace {

constexpr float kMinScale = 0.5f, kMaxScale = 4.0f;

// "2.5", within the scale's range; throws UsageError.
float ParseScale(std::string_view text) {
  const std::string s(text);
  std::size_t used = 0;
  float value = 0;
  try {
    value = std::stof(s, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != s.size() || s.empty() || !std::isfinite(value) || value < kMinScale || value > kMaxScale)
    throw UsageError("--scale got '" + s + "': expected a number from 0.5 to 4");
  return value;
}

constexpr std::string_view kOwnOptions[] = {"--tour",    "--out",          "--size", "--scale",
                                            "--every",   "--panes",        "--fps",  "--max-frames",
                                            "--library", "--pallas-source"};
constexpr std::string_view kOwnSwitches[] = {"--html", "--video", "--force"};

template <std::size_t N>
bool OneOf(std::string_view name, const std::string_view (&names)[N]) {
  for (std::string_view n : names)
    if (n == name) return true;
  return false;
}

}  // namespace

std::string_view ExportOptionsHelp() {
  static const std::string text =
      "  --out DIR              The folder to create: frames/, manifest.json, and index.html or video.mp4 if "
      "asked\n"
      "  --tour NAME            Export this tour ('tilewalk tours' lists them; default: the default tour)\n"
      "  --every WHAT           A frame per stop (a tour's default), or from each stop on: per statement to "
      "the\n"
      "                         end of its grid step, per copy or writeback (dma) or grid step (step) to the "
      "end\n"
      "                         of its launch. A scenario starts at its first event and spans the whole "
      "step\n"
      "                         (default: step)\n"
      "  --size WxH             The layout size in pixels (default 1280x720)\n"
      "  --scale S              Frame pixels per layout pixel, 0.5 to 4 (default 1; 2 for sharp high-DPI "
      "frames)\n"
      "  --panes LIST           Draw only these panes, of: source,passage,grid,memory,lanes,scores,cost,\n"
      "                         scenario,timeline (memory to scenario are the tabs of one region)\n"
      "  --html                 Also write index.html, a player that works opened from disk\n"
      "  --video                Also write video.mp4 (needs ffmpeg on PATH)\n"
      "  --fps N                Frames per second of the player and the video, 1 to 60 (default 2)\n"
      "  --force                Replace DIR if it exists (it is swapped only once the export is complete)\n"
      "  --max-frames N         Refuse to draw more than N frames (default 2000)\n"
      "  --library DIR          Read passages and tours from DIR/passages and DIR/tours\n"
      "  --pallas-source PATH   The Pallas flash_attention.py to show beside the C++ mirror\n"
      "Scenario flags (instead of --tour):\n" +
      flash::ScenarioFlagsHelp();
  return text;
}

ExportOptions ParseExportOptions(std::span<const std::string_view> args) {
  ExportOptions options;
  bool out_given = false;
  std::vector<std::string> scenario_args;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view arg = args[i];
    const std::size_t eq = arg.find('=');
    const std::string_view name = arg.substr(0, eq);
    if (OneOf(name, kOwnSwitches)) {
      if (eq != std::string_view::npos) throw UsageError(std::string(name) + " takes no value");
      if (name == "--html") options.html = true;
      if (name == "--video") options.video = true;
      if (name == "--force") options.force = true;
      continue;
    }
    if (!OneOf(name, kOwnOptions)) {
      scenario_args.emplace_back(arg);
      continue;
    }
    std::string_view value;
    if (eq != std::string_view::npos) {
      value = arg.substr(eq + 1);
    } else if (i + 1 < args.size()) {
      value = args[++i];
    } else {
      throw UsageError(std::string(name) + " needs a value");
    }
    if (name == "--out") {
      if (value.empty()) throw UsageError("--out needs a folder name");
      options.out = std::filesystem::path(value);
      out_given = true;
    } else if (name == "--tour") {
      if (value.empty()) throw UsageError("--tour needs a tour name");
      options.tour = std::string(value);
    } else if (name == "--size") {
      options.size = ParsePixelSize(value, name, 320, 7680);
    } else if (name == "--scale") {
      options.scale = ParseScale(value);
    } else if (name == "--every") {
      options.every = ParseFrameEvery(value);
      if (!options.every)
        throw UsageError("--every got '" + std::string(value) + "': expected statement, dma, step or stop");
    } else if (name == "--panes") {
      auto parsed = ParsePaneList(value);
      if (auto* problem = std::get_if<std::string>(&parsed)) throw UsageError(*problem);
      options.panes = std::get<PaneSet>(parsed);
    } else if (name == "--fps") {
      options.fps = ParseInt(value, name, 1, 60);
    } else if (name == "--max-frames") {
      options.max_frames = ParseInt(value, name, 1, 1000000);
    } else if (name == "--library") {
      options.library = std::filesystem::path(value);
    } else if (name == "--pallas-source") {
      options.pallas_source = std::filesystem::path(value);
    }
  }
  if (!out_given) throw UsageError("--out DIR is required: the folder the frames go to");

  if (!scenario_args.empty()) {
    flash::Scenario scenario;
    try {
      const std::vector<std::string> rest = flash::ParseScenarioFlags(scenario_args, scenario);
      if (!rest.empty()) throw UsageError("unknown option '" + rest.front() + "'");
      flash::CheckRunnable(scenario);
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    }
    if (!options.tour.empty())
      throw UsageError("give --tour or scenario flags, not both: a tour's stops bring their own scenarios");
    options.scenario = scenario_args;
    if (options.every == FrameEvery::Stop)
      throw UsageError("--every stop needs a tour; a scenario has no stops (try --every step)");
  }
  return options;
}

ExitCode RunExportVerb(const VerbCall& call) {
  return RunExport(ParseExportOptions(call.args), call.out, call.err);
}

}  // namespace tilewalk::app
