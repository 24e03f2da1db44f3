#include "app/export/export_run.hpp"

#include <imgui.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <variant>

#include "app/export/frame_description.hpp"
#include "app/export/frame_writer.hpp"
#include "app/export/headless_renderer.hpp"
#include "app/export/html_player.hpp"
#include "app/export/manifest.hpp"
#include "app/export/progress_bar.hpp"
#include "app/export/staging_folder.hpp"
#include "app/export/video_encoder.hpp"
#include "app/gui/tour_screen.hpp"
#include "app/io/temp_file.hpp"
#include "app/version.hpp"
#include "kernels/flash/flash_error.hpp"
#include "kernels/flash/scenario_options.hpp"
#include "walkthrough/kernel_error_text.hpp"

namespace tilewalk::app {
namespace {

std::atomic<int> g_interrupt{0};  // the signal that asked the export to stop, or 0

extern "C" void OnInterrupt(int signal) {
  g_interrupt.store(signal);
}

// Catches Ctrl-C and SIGTERM for the export's lifetime, so that the staging folder can be removed.
class InterruptGuard {
 public:
  InterruptGuard() {
    g_interrupt.store(0);
    struct sigaction action {};
    action.sa_handler = OnInterrupt;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &m_old_int);
    sigaction(SIGTERM, &action, &m_old_term);
  }
  ~InterruptGuard() {
    sigaction(SIGINT, &m_old_int, nullptr);
    sigaction(SIGTERM, &m_old_term, nullptr);
  }
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

 private:
  struct sigaction m_old_int {
  }, m_old_term{};
};

ExitCode Interrupted(const ExportOptions& options, std::ostream& err) {
  err << "tilewalk export: interrupted; nothing was written to " << options.out.string() << "\n";
  return ExitCode::Failure;
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

std::vector<PlannedStop> Plan(session::TourSession& session, FrameEvery every, FrameSpan span) {
  std::vector<PlannedStop> plan;
  for (int stop = 0; stop < session.stop_count(); ++stop) {
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

std::optional<std::string> WriteTextFile(const std::filesystem::path& path, const std::string& text) {
  TempFile file(path);
  if (!file.File()) return "cannot write " + path.string() + ": " + std::strerror(file.Errno());
  const bool written = std::fwrite(text.data(), 1, text.size(), file.File()) == text.size();
  if (!written || !file.Close() || !file.RenameTo(path))
    return "cannot write " + path.string() + ": " + std::strerror(file.Errno() != 0 ? file.Errno() : errno);
  return std::nullopt;
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
             .fps = options.fps};
  if (!options.scenario) {
    m.tour_id = session.tour()->id;
    m.tour_title = session.tour()->title;
  } else {
    m.scenario = options.scenario;
  }
  return m;
}

}  // namespace

ExitCode RunExport(const ExportOptions& options, std::ostream& out, std::ostream& err) {
  const InterruptGuard interrupts;  // from the start: the staging folder must never outlive a Ctrl-C
  const FrameEvery every = options.every.value_or(options.scenario ? FrameEvery::Step : FrameEvery::Stop);
  std::optional<std::filesystem::path> ffmpeg;
  if (options.video) {
    ffmpeg = FindFfmpeg();
    if (!ffmpeg) {
      err << "tilewalk export: --video needs ffmpeg, and there is no ffmpeg on PATH; install it "
             "(apt-get install ffmpeg) or drop --video\n";
      return ExitCode::Failure;
    }
  }
  auto staged = StagingFolder::Create(options.out, options.force);
  if (auto* problem = std::get_if<std::string>(&staged)) {
    err << "tilewalk export: " << *problem << "\n";
    return ExitCode::Failure;
  }
  StagingFolder& staging = std::get<StagingFolder>(staged);
  std::error_code ec;
  std::filesystem::create_directory(staging.path() / "frames", ec);
  if (ec) {
    err << "tilewalk export: cannot create " << (staging.path() / "frames").string() << ": " << ec.message()
        << "\n";
    return ExitCode::Failure;
  }

  session::TourSession session({.library_folder = options.library,
                                .tour = options.tour,
                                .pallas_source = options.pallas_source,
                                .scenario = options.scenario});
  for (const std::string& problem : session.library_problems()) err << problem << "\n";
  if (!session.HasTour()) {
    err << "tilewalk export: " << session.fallback_message() << "\n";
    return ExitCode::Usage;
  }
  if (options.scenario && session.recording() && session.recording()->error()) {
    const tpu::KernelError& error = *session.recording()->error();
    err << "tilewalk export: the scenario is rejected, so there is nothing to draw.\n"
        << walkthrough::DescribeKernelError(error) << "\n"
        << flash::ErrorAdvice(error, session.recording()->error_launch()) << "\n";
    return ExitCode::Failure;
  }
  const std::vector<PlannedStop> plan =
      Plan(session, every, options.scenario ? FrameSpan::Whole : FrameSpan::Natural);
  if (g_interrupt.load() != 0) return Interrupted(options, err);
  const int total = FrameCount(plan);
  if (total > options.max_frames) {
    err << "tilewalk export: --every " << FrameEveryName(every) << " would draw " << total
        << " frames, more than --max-frames " << options.max_frames
        << "; choose a coarser --every, or raise --max-frames\n";
    return ExitCode::Usage;
  }

  auto opened = HeadlessRenderer::Open({.layout = options.size,
                                        .scale = options.scale,
                                        .look = {.font_pixels = FontPixelsForHeight(options.size.height)}},
                                       err);
  if (auto* problem = std::get_if<std::string>(&opened)) {
    err << "tilewalk export: cannot draw without a display: " << *problem << "\n";
    return ExitCode::Failure;
  }
  HeadlessRenderer& renderer = *std::get<std::unique_ptr<HeadlessRenderer>>(opened);
  TourScreenState screen;  // after the renderer: its textures die before the GL context
  screen.panes = options.panes;
  screen.pane_backgrounds = false;  // the renderer clears to the window colour, as the app's window does
  Manifest manifest = ManifestHeader(options, session, every);

  FrameWriter writer;
  ProgressBar progress(err, total, isatty(STDERR_FILENO) != 0);
  std::vector<std::uint8_t> pixels;
  for (const PlannedStop& stop : plan) {
    session.GoToStop(stop.stop);
    const walkthrough::TourStop& tour_stop = session.tour()->stops[static_cast<std::size_t>(stop.stop)];
    ManifestStop described{.title = tour_stop.title,
                           .scenario = ParsedScenario(tour_stop.scenario),
                           .first_frame = static_cast<int>(manifest.frames.size())};
    const std::size_t count = std::max<std::size_t>(1, stop.events.size());
    for (std::size_t i = 0; i < count; ++i) {
      if (g_interrupt.load() != 0) {
        progress.Finish();
        return Interrupted(options, err);
      }
      if (!stop.events.empty())
        session.Apply(
            {.kind = views::IntentKind::SeekToEvent, .value = static_cast<int64_t>(stop.events[i])});
      DrawFrame(renderer, session, screen, false);
      DrawFrame(renderer, session, screen, true);
      renderer.ReadPixels(pixels);
      const std::string file = FrameFile(static_cast<int>(manifest.frames.size()));
      writer.Write(staging.path() / file, renderer.FramebufferSize(), std::move(pixels));
      pixels = {};
      manifest.frames.push_back(DescribeFrame(session, file));
      if (described.passage.empty()) described.passage = manifest.frames.back().passage;
      progress.Update(static_cast<int>(manifest.frames.size()));
      if (writer.Failed()) break;
    }
    described.frame_count = static_cast<int>(manifest.frames.size()) - described.first_frame;
    manifest.stops.push_back(std::move(described));
    if (writer.Failed()) break;
  }
  progress.Finish();
  if (auto failure = writer.Finish()) {
    err << "tilewalk export: " << *failure << "; nothing was written to " << options.out.string() << "\n";
    return ExitCode::Failure;
  }
  const double fps = progress.FramesPerSecond(total);

  const std::string manifest_json = ManifestJson(manifest);
  std::optional<std::string> failure = WriteTextFile(staging.path() / "manifest.json", manifest_json);
  if (!failure && options.html) {
    const std::string title =
        "tilewalk: " + (manifest.kind == "tour" ? manifest.tour_title : std::string("scenario"));
    failure = WriteTextFile(staging.path() / "index.html", PlayerHtml(title, manifest_json));
  }
  if (!failure && ffmpeg) failure = EncodeVideo(*ffmpeg, staging.path(), options.fps);
  if (!failure) failure = staging.Commit();
  if (failure) {
    err << "tilewalk export: " << *failure << "\n";
    return ExitCode::Failure;
  }
  char rate[32];
  std::snprintf(rate, sizeof rate, "%.1f", fps);
  out << "wrote " << total << " frames (" << renderer.FramebufferSize().width << "x"
      << renderer.FramebufferSize().height << ", " << rate << " frames/s) and manifest.json"
      << (options.html ? ", index.html" : "") << (ffmpeg ? ", video.mp4" : "") << " to "
      << options.out.string() << "\n";
  return ExitCode::Ok;
}

}  // namespace tilewalk::app
