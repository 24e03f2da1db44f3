// `export --motion --video`: video.mp4, the whole tour screen at 1280x720 played in the model's time, stop
// after stop, each over the same span and at the same rate as its animated figures (motion_play.hpp), 3 s a
// stop at 30 frames a second. Frames are drawn as the stills of the screen are (RenderScreen), with a
// renderer of their own, and streamed raw to ffmpeg (VideoStream), which is timed out and reported as for
// --video. A stop with nothing to play (a rejected scenario) is left out of the video.
#pragma once

#include <filesystem>
#include <ostream>
#include <vector>

#include "app/export/export_options.hpp"
#include "app/export/manifest.hpp"
#include "app/session/tour_session.hpp"
#include "base/interrupt_guard.hpp"
#include "base/result.hpp"

namespace tilewalk::app {

inline constexpr PixelSize kMotionVideoSize{.width = 1280, .height = 720};

struct MotionVideoTarget {
  const std::filesystem::path& ffmpeg;
  const ExportOptions& options;         // its theme
  const std::filesystem::path& folder;  // the staging folder
  int stops = 0;                        // the tour's
};

// Draws and encodes the video into folder/video.mp4; per stop played, a manifest entry of pane "screen"
// whose `start_seconds` says where it begins in the file; or the first failure (Reason::Interrupted on a
// Ctrl-C, ffmpeg's failure or time-out named as --video names them). The caller closes any other renderer
// first: this one opens its own.
base::Result<std::vector<ManifestMotion>> DrawMotionVideo(session::TourSession& session,
                                                          const MotionVideoTarget& target, std::ostream& err,
                                                          const base::InterruptGuard& interrupts);

}  // namespace tilewalk::app
