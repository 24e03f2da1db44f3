#include "app/export/motion_play.hpp"

#include "app/views/play_rate.hpp"

namespace tilewalk::app {

std::optional<MotionSpan> LandForMotion(session::TourSession& session, int stop) {
  session.GoToStop(stop);
  if (!session.recording() || !session.landing_event()) return std::nullopt;
  return StopMotionSpan(*session.recording(), *session.landing_event(), kMotionSteps);
}

base::Result<ManifestMotion> PlayMotion(session::TourSession& session, const MotionSpan& span,
                                        const std::function<base::Status()>& frame,
                                        const base::InterruptGuard& interrupts) {
  using views::IntentKind;
  session.Apply(
      {.kind = IntentKind::SetPlayClock, .value = static_cast<int64_t>(views::PlayClock::ModelTime)});
  session.Apply(
      {.kind = IntentKind::SetPlayRate, .value = views::PlayRateValue(span.RateUsPerSecond(kMotionSeconds))});
  if (!session.playing()) session.Apply({.kind = IntentKind::TogglePlay});
  const double rate = session.play_rate_us();
  ManifestMotion played{.stop = session.stop_index() + 1,
                        .fps = kMotionFps,
                        .frame_count = kMotionFrames,
                        .duration_seconds = kMotionSeconds,
                        .from_us = session.play_time_us(),
                        .to_us = session.play_time_us() + rate * kMotionSeconds,
                        .rate_us_per_second = rate,
                        .launch = session.recording()->launches()[static_cast<std::size_t>(span.launch)].name,
                        .first_step = span.first_step,
                        .last_step = span.last_step,
                        .first_event = session.cursor().value_or(0)};
  for (int k = 0; k < kMotionFrames; ++k) {
    if (interrupts.Interrupted()) return base::Fail(base::Reason::Interrupted, "interrupted");
    if (k > 0) session.Tick(1.0 / kMotionFps);
    if (const base::Status drawn = frame(); !drawn) return drawn.error();
  }
  played.last_event = session.cursor().value_or(played.first_event);
  return played;
}

}  // namespace tilewalk::app
