#include "app/export/motion_frames.hpp"

#include "app/export/frame_files.hpp"
#include "app/export/stop_panes.hpp"
#include "app/progress_line.hpp"
#include "app/screen/figure_screen.hpp"
#include "base/output_file.hpp"

namespace tilewalk::app {

PaneSet MotionPanes() {
  return PaneSet::None().With(Pane::Grid).With(Pane::Memory);
}

namespace {

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
  const auto span = LandForMotion(session, at.stop);
  if (!span) return {};
  auto animations =
      StartAnimations(session, target, session.tour()->stops[static_cast<std::size_t>(at.stop)]);
  if (!animations) return animations.error();
  if (animations->empty()) return {};
  std::vector<std::uint8_t> pixels;
  const auto draw = [&]() -> base::Status {
    for (PaneAnimation& pane : *animations) {
      const PixelSize size = RenderFigure(target.renderer, session.Pictures(), pane.spec, run.screen, pixels);
      if (const base::Status added = pane.animation->Add(
              {.width = size.width, .height = size.height, .rgba = pixels, .bottom_up = true});
          !added)
        return added;
    }
    run.progress.Update(++run.done, run.total, "animation frames");
    return {};
  };
  const auto played = PlayMotion(session, *span, draw, run.interrupts);
  if (!played) return played.error();
  for (PaneAnimation& pane : *animations) {
    ManifestMotion entry = *played;
    entry.file = MotionFileName(at.file_index, pane.spec.pane);
    entry.pane = std::string(PaneName(pane.spec.pane));
    entry.size = ScaledSize(pane.spec.layout, target.options.scale);
    entry.frame_count = pane.animation->frame_count();
    auto bytes = pane.animation->Finish();
    if (!bytes)
      return base::Fail(bytes.error().reason, "cannot write " + entry.file + ": " + bytes.error().message);
    if (const base::Status written = base::WriteFileContent(target.folder / entry.file, *bytes); !written)
      return written;
    run.motion.push_back(std::move(entry));
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
                .total = kMotionFrames * static_cast<int>(stops.size())};
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
