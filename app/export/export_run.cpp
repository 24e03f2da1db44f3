// The export's run, as RunExport's checklist reads it. Sections: the plan (the frames of each stop); one
// frame (the screen, or each pane alone as a figure, then the panes' files); all the frames with their stops;
// the manifest, the player and the closing report; RunExport (with --motion, the animations and the video
// in model time after the stills).
#include "app/export/export_run.hpp"

#include <cstdio>

#include "app/export/export_checks.hpp"
#include "app/export/figure_frames.hpp"
#include "app/export/frame_description.hpp"
#include "app/export/frame_writer.hpp"
#include "app/export/headless_renderer.hpp"
#include "app/export/html_player.hpp"
#include "app/export/manifest.hpp"
#include "app/export/motion_frames.hpp"
#include "app/export/motion_video.hpp"
#include "app/export/pane_files.hpp"
#include "app/export/screen_frame.hpp"
#include "app/export/stop_panes.hpp"
#include "app/export/video_encoder.hpp"
#include "app/progress_line.hpp"
#include "app/screen/tour_screen.hpp"
#include "app/version.hpp"
#include "base/interrupt_guard.hpp"
#include "base/os_error.hpp"
#include "base/safe_output.hpp"
#include "base/terminal_text.hpp"
#include "kernels/api/scenario_args.hpp"
#include "walkthrough/kernel_walk.hpp"

namespace tilewalk::app {
namespace {

std::optional<kernel::Scenario> ParsedScenario(const walkthrough::TourStop& stop) {
  auto scenario = kernel::ParseScenario(*stop.kernel, stop.scenario);
  return scenario ? std::optional<kernel::Scenario>(*scenario) : std::nullopt;
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

// The planning's progress line: which stop is being recorded, and its grid steps, which the session's
// recordings report as they run (a stop of a large scenario records for many seconds).
struct PlanProgress {
  ProgressLine line;
  int stop = 0, stops = 0;  // 0 stops: the session is still being made, recording its first stop

  void Recorded(std::int64_t done, std::int64_t total) {
    const std::string what = stops == 0 ? std::string("recording the first stop: grid steps")
                                        : "recording stop " + std::to_string(stop + 1) + " of " +
                                              std::to_string(stops) + ": grid steps";
    line.Update(done, total, what);
  }
};

// Records every stop's scenario to learn its frames; nullopt when a Ctrl-C came first (the recordings ask
// between grid steps, and the plan between stops).
std::optional<std::vector<PlannedStop>> Plan(session::TourSession& session, FrameEvery every, FrameSpan span,
                                             PlanProgress& progress, const base::InterruptGuard& interrupts) {
  std::vector<PlannedStop> plan;
  progress.stops = session.stop_count();
  for (int stop = 0; stop < session.stop_count(); ++stop) {
    if (interrupts.Interrupted()) return std::nullopt;
    progress.stop = stop;
    progress.line.Update(stop, session.stop_count(), "planning the stops");
    session.GoToStop(stop);
    if (interrupts.Interrupted()) return std::nullopt;  // its recording was cut short: no plan of it
    PlannedStop planned{.stop = stop};
    if (session.recording() && session.landing_event())
      planned.events = PlanFrames(*session.recording(), *session.landing_event(), every, span);
    plan.push_back(std::move(planned));
  }
  return plan;
}

Manifest ManifestHeader(const ExportOptions& options, const session::TourSession& session, FrameEvery every) {
  Manifest m{.tilewalk_version = std::string(kVersion),
             .kernel = std::string(session.kernel().info().name),
             .pallas_commit = walkthrough::WalkOf(session.kernel()).pinned.commit,
             .kind = options.scenario ? "scenario" : "tour",
             .every = std::string(FrameEveryName(every)),
             .size = options.size,
             .scale = options.scale,
             .panes = options.panes.ToString(),
             .theme = std::string(views::palette::ThemeName(options.theme)),
             .figure = options.figure,
             .stop_pane = options.stop_pane,
             .image_format = std::string(ImageFormatName(options.format)),
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

// Where the frames go: the renderer of the screen (null with --format svg, which draws each pane from its
// picture without ImGui), the figures of --figure, the image writer, the staging folder.
struct FrameTarget {
  HeadlessRenderer* renderer;
  TourScreenState& screen;
  const std::vector<FigureSpec>& figures;
  FrameWriter& writer;
  const ExportOptions& options;
  const std::filesystem::path& folder;
};

// The panes' picture files, each with its own image where the frame has one: a figure's, or an SVG.
std::vector<ManifestPane> WithImages(std::vector<ManifestPane> pictures,
                                     const std::vector<ManifestPane>& images) {
  for (ManifestPane& pane : pictures) {
    const auto image = std::find_if(images.begin(), images.end(),
                                    [&](const ManifestPane& i) { return i.pane == pane.pane; });
    if (image == images.end()) continue;
    pane.image = image->image;
    pane.title = image->title;
    pane.size = image->size;
  }
  return pictures;
}

// The frame the session is at: the screen as one image, or with --figure each pane alone (handed to the
// writer), or nothing drawn with --format svg; then the panes' files. Its description joins the manifest.
base::Status ExportFrame(session::TourSession& session, const FrameTarget& target, Manifest& manifest) {
  const int index = static_cast<int>(manifest.frames.size());
  const ExportOptions& options = target.options;
  const std::string_view extension = ImageFormatName(options.format);
  const PaneSet panes =
      FramePanes(options, session.tour()->stops[static_cast<std::size_t>(session.stop_index())]);
  std::string file;
  std::vector<ManifestPane> images;
  if (target.renderer != nullptr && options.figure) {
    images = DrawFigureFrame(*target.renderer, session,
                             {.specs = target.figures,
                              .panes = panes,
                              .screen = target.screen,
                              .writer = target.writer,
                              .folder = target.folder,
                              .index = index,
                              .extension = extension});
  } else if (target.renderer != nullptr) {
    std::vector<std::uint8_t> pixels;
    RenderScreen(*target.renderer, session, target.screen, pixels);
    file = FrameFileName(index, extension);
    target.writer.Write(target.folder / file, target.renderer->FramebufferSize(), std::move(pixels));
  }
  ManifestFrame frame = DescribeFrame(session, file);
  auto files =
      WritePaneFiles(session.Pictures(), panes, index, options.format == ImageFormat::Svg, target.folder);
  if (!files) return files.error();
  frame.panes = WithImages(std::move(*files), images);
  manifest.frames.push_back(std::move(frame));
  return {};
}

// Draws every planned frame into `folder`: with the app's own tour screen (or, with --figure, each pane
// alone), writing the image files on a worker thread, or as SVG per pane; asks for a Ctrl-C between
// frames. Its own progress line measures the drawing alone, so the frames per second it reports leave the
// planning out.
base::Result<DrawnFrames> DrawFrames(const std::vector<PlannedStop>& plan, int total,
                                     HeadlessRenderer* renderer, session::TourSession& session,
                                     Manifest manifest, const ExportOptions& options,
                                     std::shared_ptr<const WebpEncoder> webp,
                                     const std::filesystem::path& folder, std::ostream& err,
                                     const base::InterruptGuard& interrupts) {
  ProgressLine progress(err, "export", ProgressLine::StderrIsTerminal());
  TourScreenState screen;  // after the renderer: its textures die before the GL context
  screen.panes = options.panes;
  screen.pane_backgrounds = false;  // the renderer clears to the window colour, as the app's window does
  screen.splitters = false;         // no mouse: the default layout, without handles
  const std::vector<FigureSpec> figures = options.figure ? FigureSpecs(options) : std::vector<FigureSpec>{};
  // Waits, when it dies, for the frames handed to it: before the folder is removed.
  FrameWriter writer(std::move(webp));
  const FrameTarget target{renderer, screen, figures, writer, options, folder};
  bool interrupted = false;
  base::Status status;  // the first frame whose pane files could not be written
  for (const PlannedStop& stop : plan) {
    session.GoToStop(stop.stop);
    const walkthrough::TourStop& tour_stop = session.tour()->stops[static_cast<std::size_t>(stop.stop)];
    ManifestStop described{.title = tour_stop.title,
                           .show = std::string(walkthrough::StopPaneName(tour_stop.show)),
                           .focus = tour_stop.focus,
                           .scenario = ParsedScenario(tour_stop),
                           .first_frame = static_cast<int>(manifest.frames.size())};
    const std::size_t count = std::max<std::size_t>(1, stop.events.size());
    for (std::size_t i = 0; i < count && !writer.Failed() && status && !interrupted; ++i) {
      interrupted = interrupts.Interrupted();
      if (interrupted) break;
      if (!stop.events.empty())
        session.Apply(
            {.kind = views::IntentKind::SeekToEvent, .value = static_cast<int64_t>(stop.events[i])});
      status = ExportFrame(session, target, manifest);
      if (!status) break;
      DescribeStopText(session, described);
      if (described.passage.empty()) described.passage = manifest.frames.back().passage;
      progress.Update(static_cast<int>(manifest.frames.size()), total, "frames");
    }
    described.frame_count = static_cast<int>(manifest.frames.size()) - described.first_frame;
    manifest.stops.push_back(std::move(described));
    if (writer.Failed() || !status || interrupted) break;
  }
  const base::Status written = writer.Finish();
  progress.Finish();
  if (interrupted) return base::Fail(base::Reason::Interrupted, "interrupted");
  if (!status) return status.error();
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

// "wrote 11 frames (1280x720, 42.0 frames/s), pictures/ and manifest.json to 'out'"; with --figure, "wrote
// 11 frames as 30 figures (95.1 images/s; 36 empty panes left out), ...".
void ReportWritten(std::ostream& out, const ExportOptions& options, const Manifest& manifest,
                   double frames_per_second, const HeadlessRenderer* renderer, bool video) {
  const int total = static_cast<int>(manifest.frames.size());
  char rate[32];
  if (options.figure) {
    int images = 0, empty = 0;
    for (const ManifestFrame& frame : manifest.frames)
      for (const ManifestPane& pane : frame.panes) (pane.image.empty() ? empty : images) += 1;
    std::snprintf(rate, sizeof rate, "%.1f", frames_per_second * images / std::max(1, total));
    out << "wrote " << total << " frames as " << images << (images == 1 ? " figure (" : " figures (") << rate
        << " images/s";
    if (empty > 0) out << "; " << empty << (empty == 1 ? " empty pane" : " empty panes") << " left out";
    out << ")";
  } else {
    std::snprintf(rate, sizeof rate, "%.1f", frames_per_second);
    out << "wrote " << total << " frames ("
        << (renderer != nullptr ? SizeText(renderer->FramebufferSize()) : std::string("SVG per pane")) << ", "
        << rate << " frames/s)";
  }
  const auto animations = std::count_if(manifest.motion.begin(), manifest.motion.end(),
                                        [](const ManifestMotion& m) { return m.pane != "screen"; });
  if (animations > 0)
    out << ", " << animations << (animations == 1 ? " animation" : " animations") << " in motion/";
  out << ", pictures/ and manifest.json" << (options.html ? ", index.html" : "")
      << (video ? ", video.mp4" : "") << " to " << base::Quote(options.out) << "\n";
}

}  // namespace

VerbResult RunExport(const ExportOptions& options, std::ostream& err) {
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
  const auto ffmpeg = FindFfmpeg(options);
  if (!ffmpeg) return ffmpeg.error();
  const auto webp = LoadWebp(options);
  if (!webp) return webp.error();
  const auto animation = LoadWebpAnimation(options);
  if (!animation) return animation.error();

  PlanProgress planning{.line = {err, "export", ProgressLine::StderrIsTerminal()}};
  session::TourSession session(
      {.library_folder = options.library,
       .tour = options.tour,
       .kernel = options.kernel,
       .pallas_source = options.pallas_source,
       .scenario = options.scenario,
       .cancelled = [&interrupts] { return interrupts.Interrupted(); },
       .recording_progress = [&planning](std::int64_t done,
                                         std::int64_t total) { planning.Recorded(done, total); },
       .all_heatmaps = options.panes.Has(Pane::Lanes) || options.panes.Has(Pane::Scores)});
  planning.line.Finish();  // erased before any message about the library; planning draws it again
  if (interrupts.Interrupted()) return interrupted();  // while the first stop recorded
  if (auto refused = RefuseSession(session, options, err)) return std::move(*refused);
  // A Pallas file that was named (by the environment) or found and cannot be used is said, as trace says
  // it; a missing one is the usual case and stays quiet. (A bad --pallas-source was refused already.)
  if (const std::string& problem = session.pallas_problem(); !problem.empty() && !session.pallas_missing())
    err << "tilewalk export: warning: " << base::TerminalSafe(problem) << " The export goes on without it.\n";
  const auto plan =
      Plan(session, every, options.scenario ? FrameSpan::Whole : FrameSpan::Natural, planning, interrupts);
  planning.line.Finish();
  if (!plan) return interrupted();
  const int total = FrameCount(*plan);
  if (total > options.max_frames)
    return Fail(Reason::Usage, "--every " + std::string(FrameEveryName(every)) + " would draw " +
                                   std::to_string(total) + " frames, more than --max-frames " +
                                   std::to_string(options.max_frames) +
                                   "; choose a coarser --every, or raise --max-frames");

  auto renderer = OpenRenderer(options, err);
  if (!renderer) return renderer.error();
  auto folder = base::OutputFolder::Create(options.out, folder_options);
  if (!folder) return folder.error();
  if (const base::Status made = MakeSubfolders(folder->path(), options.motion, nothing); !made)
    return made.error();

  auto drawn = DrawFrames(*plan, total, renderer->get(), session, ManifestHeader(options, session, every),
                          options, *webp, folder->path(), err, interrupts);
  if (!drawn && drawn.error().reason == Reason::Interrupted) return interrupted();
  if (!drawn) return Fail(drawn.error().reason, drawn.error().message + "; " + nothing);
  if (const base::Status whole = CheckStopsWhole(drawn->manifest.stops, options.keep_going, err); !whole)
    return Fail(whole.error().reason, whole.error().message + "; " + nothing);
  if (*animation) {
    auto motion = DrawMotion(session, {**renderer, options, *animation, folder->path()},
                             drawn->manifest.stops, err, interrupts);
    if (!motion && motion.error().reason == Reason::Interrupted) return interrupted();
    if (!motion) return Fail(motion.error().reason, motion.error().message + "; " + nothing);
    drawn->manifest.motion = std::move(*motion);
  }
  if (options.motion && *ffmpeg) {
    renderer->reset();  // the video opens a renderer of its own, at the screen's size
    auto video = DrawMotionVideo(
        session,
        {.ffmpeg = **ffmpeg, .options = options, .folder = folder->path(), .stops = session.stop_count()},
        err, interrupts);
    if (!video && video.error().reason == Reason::Interrupted) return interrupted();
    if (!video) return Fail(video.error().reason, video.error().message + "; " + nothing);
    auto& motion = drawn->manifest.motion;
    motion.insert(motion.end(), video->begin(), video->end());
  }
  if (const base::Status written = WriteManifestAndPlayer(drawn->manifest, options.html, folder->path());
      !written)
    return Fail(written.error().reason, written.error().message + "; " + nothing);
  if (*ffmpeg && !options.motion) {
    if (const base::Status encoded =
            EncodeVideo(**ffmpeg, folder->path(), options.fps, VideoTimeLimit(total));
        !encoded)
      return Fail(encoded.error().reason, encoded.error().message + "; " + nothing);
  }
  if (interrupts.Interrupted()) return interrupted();
  if (const base::Status committed = folder->Commit(); !committed) return committed.error();
  ReportWritten(err, options, drawn->manifest, drawn->frames_per_second, renderer->get(),
                ffmpeg->has_value());
  return ExitCode::Ok;
}

}  // namespace tilewalk::app
