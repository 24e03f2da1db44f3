#include "app/export/motion_frames.hpp"

#include <cmath>

#include "app/export/frame_files.hpp"
#include "app/export/motion_span.hpp"
#include "app/export/stop_panes.hpp"
#include "app/progress_line.hpp"
#include "app/screen/figure_screen.hpp"
#include "base/output_file.hpp"

namespace tilewalk::app {

PaneSet MotionPanes() {
  return PaneSet::None().With(Pane::Grid).With(Pane::Memory);
}

namespace {

constexpr int kFrames = static_cast<int>(kMotionSeconds * kMotionFps);

// One pane of a stop being animated.
struct PaneAnimation {
  FigureSpec spec;
  std::unique_ptr<WebpAnimation> animation;
};

// The stop's animations: the export's figure panes that the stop draws, that move, and that have something
// to show at the landing.
base::Result<std::vector<PaneAnimation>> StartAnimations(session::TourSession& session,
                                                         const MotionTarget& target,
                                                         const walkthrough::TourStop& stop) {
  const PaneSet panes = FramePanes(target.options, stop);
  std::vector<PaneAnimation> started;
  for (const FigureSpec& spec : FigureSpecs(target.options)) {
    if (!panes.Has(spec.pane) || !MotionPanes().Has(spec.pane) ||
        !EmptyPaneReason(session.Pictures(), spec.pane).empty())
      continue;
    const PixelSize size = ScaledSize(spec.layout, target.options.scale);
    auto animation = target.encoder->Start(size, kMotionFps);
    if (!animation) return animation.error();
    started.push_back({spec, std::move(*animation)});
  }
  return started;
}

// The session on the model-time clock, at the stop's landing event, playing `rate_us` µs a second.
void PlayModelTime(session::TourSession& session, double rate_us) {
  using views::IntentKind;
  session.Apply(
      {.kind = IntentKind::SetPlayClock, .value = static_cast<int64_t>(views::PlayClock::ModelTime)});
  session.Apply({.kind = IntentKind::SetPlayRate, .value = std::llround(rate_us * 1000.0)});
  if (!session.playing()) session.Apply({.kind = IntentKind::TogglePlay});
}

struct StopMotion {
  int stop = 0;        // 0-based
  int file_index = 0;  // the stop's first still's frame index
};

// What the animation of all stops shares: the figures' view state, the progress, the entries so far.
struct MotionRun {
  const MotionTarget& target;
  const base::InterruptGuard& interrupts;
  ProgressLine progress;
  int done = 0, total = 0;  // frames, over all stops
  TourScreenState screen{};
  std::vector<ManifestMotion> motion{};
};

// Plays one stop's span into its animations and writes them; their manifest entries join the run's.
base::Status AnimateStop(session::TourSession& session, StopMotion at, MotionRun& run) {
  const MotionTarget& target = run.target;
  session.GoToStop(at.stop);
  if (!session.recording() || !session.landing_event()) return {};
  const auto span = StopMotionSpan(*session.recording(), *session.landing_event(), kMotionSteps);
  if (!span) return {};
  auto animations =
      StartAnimations(session, target, session.tour()->stops[static_cast<std::size_t>(at.stop)]);
  if (!animations) return animations.error();
  if (animations->empty()) return {};
  PlayModelTime(session, span->RateUsPerSecond(kMotionSeconds));
  const double from_us = session.play_time_us();
  const std::uint64_t first_event = session.cursor().value_or(0);
  std::vector<std::uint8_t> pixels;
  for (int frame = 0; frame < kFrames; ++frame) {
    if (run.interrupts.Interrupted()) return base::Fail(base::Reason::Interrupted, "interrupted");
    if (frame > 0) session.Tick(1.0 / kMotionFps);
    for (PaneAnimation& pane : *animations) {
      const PixelSize size = RenderFigure(target.renderer, session.Pictures(), pane.spec, run.screen, pixels);
      if (const base::Status added = pane.animation->Add(
              {.width = size.width, .height = size.height, .rgba = pixels, .bottom_up = true});
          !added)
        return added;
    }
    run.progress.Update(++run.done, run.total, "animation frames");
  }
  const double rate = session.play_rate_us();
  for (PaneAnimation& pane : *animations) {
    const ManifestMotion entry{
        .file = MotionFileName(at.file_index, pane.spec.pane),
        .pane = std::string(PaneName(pane.spec.pane)),
        .stop = at.stop + 1,
        .size = ScaledSize(pane.spec.layout, target.options.scale),
        .fps = kMotionFps,
        .frame_count = pane.animation->frame_count(),
        .duration_seconds = static_cast<double>(kFrames) / kMotionFps,
        .from_us = from_us,
        .to_us = from_us + rate * kFrames / kMotionFps,
        .rate_us_per_second = rate,
        .launch = session.recording()->launches()[static_cast<std::size_t>(span->launch)].name,
        .first_step = span->first_step,
        .last_step = span->last_step,
        .first_event = first_event,
        .last_event = session.cursor().value_or(first_event)};
    auto bytes = pane.animation->Finish();
    if (!bytes)
      return base::Fail(bytes.error().reason, "cannot write " + entry.file + ": " + bytes.error().message);
    if (const base::Status written = base::WriteFileContent(target.folder / entry.file, *bytes); !written)
      return written;
    run.motion.push_back(entry);
  }
  return {};
}

}  // namespace

base::Result<std::vector<ManifestMotion>> DrawMotion(session::TourSession& session,
                                                     const MotionTarget& target,
                                                     const std::vector<ManifestStop>& stops,
                                                     std::ostream& err,
                                                     const base::InterruptGuard& interrupts) {
  // The screen state lives after the renderer: its textures die before the GL context.
  MotionRun run{.target = target,
                .interrupts = interrupts,
                .progress = {err, "export", ProgressLine::StderrIsTerminal()},
                .total = kFrames * static_cast<int>(stops.size())};
  run.screen.panes = target.options.panes;
  run.screen.pane_backgrounds = false;  // as the stills: the renderer clears to the window colour
  run.screen.splitters = false;
  for (std::size_t i = 0; i < stops.size(); ++i) {
    const StopMotion at{.stop = static_cast<int>(i), .file_index = stops[i].first_frame};
    if (const base::Status animated = AnimateStop(session, at, run); !animated) return animated.error();
  }
  run.progress.Finish();
  return std::move(run.motion);
}

}  // namespace tilewalk::app
