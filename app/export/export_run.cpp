#include "app/export/export_run.hpp"

#include <imgui.h>

#include <cstdio>

#include "app/export/frame_description.hpp"
#include "app/export/frame_writer.hpp"
#include "app/export/headless_renderer.hpp"
#include "app/export/html_player.hpp"
#include "app/export/manifest.hpp"
#include "app/export/video_encoder.hpp"
#include "app/library_problems.hpp"
#include "app/progress_line.hpp"
#include "app/screen/tour_screen.hpp"
#include "app/version.hpp"
#include "base/child_process.hpp"
#include "base/interrupt_guard.hpp"
#include "base/os_error.hpp"
#include "base/safe_output.hpp"
#include "base/terminal_text.hpp"
#include "kernels/flash/flash_error.hpp"
#include "kernels/flash/scenario_options.hpp"
#include "walkthrough/kernel_error_text.hpp"

namespace tilewalk::app {
namespace {

// An earlier export may be replaced (--force): a folder whose manifest.json an export wrote.
base::FolderOptions ExportFolderOptions(bool force) {
  return {.replace = force,
          .marker = {
              .file_name = "manifest.json", .accepts = IsExportManifest, .description = "an earlier export"}};
}

std::optional<flash::Scenario> ParsedScenario(const std::vector<std::string>& flags) {
  auto scenario = flash::ParseScenario(flags);
  return scenario ? std::optional<flash::Scenario>(*scenario) : std::nullopt;
}

struct PlannedStop {
  int stop = 0;                         // 0-based
  std::vector<std::uint64_t> events{};  // empty: one frame of a stop with no event (a rejected scenario)
};

int FrameCount(const std::vector<PlannedStop>& plan) {
  int frames = 0;
  for (const PlannedStop& s : plan) frames += std::max<int>(1, static_cast<int>(s.events.size()));
  return frames;
}

// Records every stop's scenario to learn its frames; nullopt when a Ctrl-C came first (asked between
// stops, each of which records a scenario).
std::optional<std::vector<PlannedStop>> Plan(session::TourSession& session, FrameEvery every, FrameSpan span,
                                             ProgressLine& progress, const base::InterruptGuard& interrupts) {
  std::vector<PlannedStop> plan;
  for (int stop = 0; stop < session.stop_count(); ++stop) {
    if (interrupts.Interrupted()) return std::nullopt;
    progress.Update(stop, session.stop_count(), "planning the stops");
    session.GoToStop(stop);
    PlannedStop planned{.stop = stop};
    if (session.recording() && session.landing_event())
      planned.events = PlanFrames(*session.recording(), *session.landing_event(), every, span);
    plan.push_back(std::move(planned));
  }
  return plan;
}

std::string FrameFile(int index) {
  char name[32];
  std::snprintf(name, sizeof name, "frames/%05d.png", index + 1);
  return name;
}

// One frame of the tour screen, as the app would draw it with no mouse and no time passing.
void DrawFrame(HeadlessRenderer& renderer, session::TourSession& session, TourScreenState& screen,
               bool to_gl) {
  renderer.BeginFrame();
  DrawTourScreen(session, screen, 0.0f, 0.0);
  if (to_gl) {
    renderer.Render();
  } else {
    ImGui::Render();  // a settling frame: ImGui lays out and applies last frame's tab choice
  }
}

Manifest ManifestHeader(const ExportOptions& options, const session::TourSession& session, FrameEvery every) {
  Manifest m{.tilewalk_version = std::string(kVersion),
             .pallas_commit = std::string(walkthrough::kPinnedPallasCommit),
             .kind = options.scenario ? "scenario" : "tour",
             .every = std::string(FrameEveryName(every)),
             .size = options.size,
             .scale = options.scale,
             .panes = options.panes.ToString(),
             .theme = std::string(views::palette::ThemeName(options.theme)),
             .fps = options.fps};
  if (!options.scenario) {
    m.tour_id = session.tour()->id;
    m.tour_title = session.tour()->title;
  } else {
    m.scenario = options.scenario;
  }
  return m;
}

struct DrawnFrames {
  Manifest manifest;
  double frames_per_second = 0;
};

// Draws every planned frame into `folder`/frames with the app's own tour screen, writing the PNG files on
// a worker thread; asks for a Ctrl-C between frames. Its own progress line measures the drawing alone, so
// the frames per second it reports leave the planning out.
base::Result<DrawnFrames> DrawFrames(const std::vector<PlannedStop>& plan, int total,
                                     HeadlessRenderer& renderer, session::TourSession& session,
                                     Manifest manifest, const ExportOptions& options,
                                     const std::filesystem::path& folder, std::ostream& err,
                                     const base::InterruptGuard& interrupts) {
  ProgressLine progress(err, "export", ProgressLine::StderrIsTerminal());
  TourScreenState screen;  // after the renderer: its textures die before the GL context
  screen.panes = options.panes;
  screen.pane_backgrounds = false;  // the renderer clears to the window colour, as the app's window does
  screen.splitters = false;         // no mouse: the default layout, without handles
  FrameWriter writer;  // waits, when it dies, for the frames handed to it: before the folder is removed
  std::vector<std::uint8_t> pixels;
  bool interrupted = false;
  for (const PlannedStop& stop : plan) {
    session.GoToStop(stop.stop);
    const walkthrough::TourStop& tour_stop = session.tour()->stops[static_cast<std::size_t>(stop.stop)];
    ManifestStop described{.title = tour_stop.title,
                           .scenario = ParsedScenario(tour_stop.scenario),
                           .first_frame = static_cast<int>(manifest.frames.size())};
    const std::size_t count = std::max<std::size_t>(1, stop.events.size());
    for (std::size_t i = 0; i < count && !writer.Failed() && !interrupted; ++i) {
      interrupted = interrupts.Interrupted();
      if (interrupted) break;
      if (!stop.events.empty())
        session.Apply(
            {.kind = views::IntentKind::SeekToEvent, .value = static_cast<int64_t>(stop.events[i])});
      DrawFrame(renderer, session, screen, false);
      DrawFrame(renderer, session, screen, true);
      renderer.ReadPixels(pixels);
      const std::string file = FrameFile(static_cast<int>(manifest.frames.size()));
      writer.Write(folder / file, renderer.FramebufferSize(), std::move(pixels));
      pixels = {};
      manifest.frames.push_back(DescribeFrame(session, file));
      DescribeStopText(session, described);
      if (described.passage.empty()) described.passage = manifest.frames.back().passage;
      progress.Update(static_cast<int>(manifest.frames.size()), total, "frames");
    }
    described.frame_count = static_cast<int>(manifest.frames.size()) - described.first_frame;
    manifest.stops.push_back(std::move(described));
    if (writer.Failed() || interrupted) break;
  }
  const base::Status written = writer.Finish();
  progress.Finish();
  if (interrupted) return base::Fail(base::Reason::Interrupted, "interrupted");
  if (!written) return written.error();
  return DrawnFrames{.manifest = std::move(manifest), .frames_per_second = progress.RatePerSecond(total)};
}

// manifest.json, and with --html the player, into the export's folder.
base::Status WriteManifestAndPlayer(const Manifest& manifest, bool html,
                                    const std::filesystem::path& folder) {
  const std::string manifest_json = ManifestJson(manifest);
  if (base::Status written = base::WriteFileContent(folder / "manifest.json", manifest_json); !written)
    return written;
  if (!html) return {};
  const std::string title =
      "tilewalk: " + (manifest.kind == "tour" ? manifest.tour_title : std::string("scenario"));
  return base::WriteFileContent(folder / "index.html", PlayerHtml(title, manifest_json));
}

}  // namespace

VerbResult RunExport(const ExportOptions& options, std::ostream& out, std::ostream& err) {
  using base::Fail;
  using base::Reason;
  // From the start: a Ctrl-C must never leave a staging folder behind, and is noticed between stops and
  // between frames.
  const base::InterruptGuard interrupts;
  const std::string nothing = "nothing was written to " + base::Quote(options.out);
  const auto interrupted = [&] { return interrupts.AsError(nothing); };
  // Everything that can be refused is refused before the stops are recorded and drawn.
  const base::FolderOptions folder_options = ExportFolderOptions(options.force);
  if (const base::Status writable = base::CheckOutputFolder(options.out, folder_options); !writable)
    return writable.error();
  const FrameEvery every = options.every.value_or(options.scenario ? FrameEvery::Step : FrameEvery::Stop);
  std::optional<std::filesystem::path> ffmpeg;
  if (options.video) {
    ffmpeg = base::FindOnPath("ffmpeg");
    if (!ffmpeg)
      return Fail(Reason::NotFound,
                  "--video needs ffmpeg, and there is no ffmpeg on PATH; install it (apt-get install ffmpeg) "
                  "or drop --video");
  }

  session::TourSession session({.library_folder = options.library,
                                .tour = options.tour,
                                .pallas_source = options.pallas_source,
                                .scenario = options.scenario,
                                .cancelled = [&interrupts] { return interrupts.Interrupted(); }});
  if (const base::Status usable = ReportLibraryProblems(session.library_problems(), options.library,
                                                        options.keep_going, "export", err);
      !usable)
    return usable.error();
  if (!session.HasTour()) {
    err << "tilewalk export: " << base::TerminalSafe(session.fallback_message()) << "\n";
    return ExitCode::Usage;
  }
  if (options.scenario && session.recording() && session.recording()->error()) {
    const tpu::KernelError& error = *session.recording()->error();
    err << "tilewalk export: the scenario is rejected, so there is nothing to draw.\n"
        << walkthrough::DescribeKernelError(error) << "\n"
        << flash::ErrorAdvice(error, session.recording()->error_launch()) << "\n";
    return ExitCode::Failure;
  }
  ProgressLine planning(err, "export", ProgressLine::StderrIsTerminal());
  const auto plan =
      Plan(session, every, options.scenario ? FrameSpan::Whole : FrameSpan::Natural, planning, interrupts);
  planning.Finish();
  if (!plan) return interrupted();
  const int total = FrameCount(*plan);
  if (total > options.max_frames)
    return Fail(Reason::Usage, "--every " + std::string(FrameEveryName(every)) + " would draw " +
                                   std::to_string(total) + " frames, more than --max-frames " +
                                   std::to_string(options.max_frames) +
                                   "; choose a coarser --every, or raise --max-frames");

  auto opened = HeadlessRenderer::Open(
      {.layout = options.size,
       .scale = options.scale,
       .look = {.font_pixels = FontPixelsForHeight(options.size.height), .theme = options.theme}},
      err);
  if (!opened) return Fail(opened.error().reason, "cannot draw the frames: " + opened.error().message);
  HeadlessRenderer& renderer = **opened;
  auto folder = base::OutputFolder::Create(options.out, folder_options);
  if (!folder) return folder.error();
  std::error_code ec;
  std::filesystem::create_directory(folder->path() / "frames", ec);
  if (ec)
    return Fail(Reason::Unwritable, "cannot create " + base::Quote(folder->path() / "frames") + " (" +
                                        ec.message() + "); " + nothing);

  auto drawn = DrawFrames(*plan, total, renderer, session, ManifestHeader(options, session, every), options,
                          folder->path(), err, interrupts);
  if (!drawn && drawn.error().reason == Reason::Interrupted) return interrupted();
  if (!drawn) return Fail(drawn.error().reason, drawn.error().message + "; " + nothing);
  if (const base::Status written = WriteManifestAndPlayer(drawn->manifest, options.html, folder->path());
      !written)
    return Fail(written.error().reason, written.error().message + "; " + nothing);
  if (ffmpeg) {
    if (const base::Status encoded = EncodeVideo(*ffmpeg, folder->path(), options.fps, VideoTimeLimit(total));
        !encoded)
      return Fail(encoded.error().reason, encoded.error().message + "; " + nothing);
  }
  if (interrupts.Interrupted()) return interrupted();
  if (const base::Status committed = folder->Commit(); !committed) return committed.error();
  char rate[32];
  std::snprintf(rate, sizeof rate, "%.1f", drawn->frames_per_second);
  out << "wrote " << total << " frames (" << SizeText(renderer.FramebufferSize()) << ", " << rate
      << " frames/s) and manifest.json" << (options.html ? ", index.html" : "")
      << (ffmpeg ? ", video.mp4" : "") << " to " << base::Quote(options.out) << "\n";
  return ExitCode::Ok;
}

}  // namespace tilewalk::app
