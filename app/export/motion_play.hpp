// Playing a tour stop in the model's time for `export --motion`, frame by frame: the session is put on the
// model-time clock (walkthrough/model_time.hpp) at the stop's landing event and ticked 1/30 s at a time over
// the stop's MotionSpan (its grid step and the next two), at the rate that makes the span last 3 s. The
// animated figures (motion_frames.hpp) and the video of the screen (motion_video.hpp) both play stops
// through here, so they show the same instants.
#pragma once

#include <functional>
#include <optional>

#include "app/export/manifest.hpp"
#include "app/export/motion_span.hpp"
#include "app/session/tour_session.hpp"
#include "base/interrupt_guard.hpp"
#include "base/result.hpp"

namespace tilewalk::app {

inline constexpr int kMotionFps = 30;          // frames a second
inline constexpr double kMotionSeconds = 3.0;  // how long a stop plays
inline constexpr int kMotionSteps = 3;         // grid steps it spans: the landing's and the next two
inline constexpr int kMotionFrames = 90;       // kMotionSeconds at kMotionFps
static_assert(kMotionFrames == static_cast<int>(kMotionSeconds * kMotionFps));

// Goes to `stop` (0-based); the span it plays, or none when it has nothing to play (no event, or a span of
// no model time).
std::optional<MotionSpan> LandForMotion(session::TourSession& session, int stop);

// Plays the stop just landed on over `span`, calling `frame` at each of the kMotionFrames instants, the
// first at the landing. What the manifest says of a file made from it (all but `file`, `pane` and `size`),
// or the first failure of `frame`, or Reason::Interrupted on a Ctrl-C.
base::Result<ManifestMotion> PlayMotion(session::TourSession& session, const MotionSpan& span,
                                        const std::function<base::Status()>& frame,
                                        const base::InterruptGuard& interrupts);

}  // namespace tilewalk::app
