#include "app/export/motion_video.hpp"

#include "app/export/headless_renderer.hpp"
#include "app/export/motion_play.hpp"
#include "app/export/screen_frame.hpp"
#include "app/export/video_encoder.hpp"
#include "app/progress_line.hpp"

namespace tilewalk::app {

base::Result<std::vector<ManifestMotion>> DrawMotionVideo(session::TourSession& session,
                                                          const MotionVideoTarget& target, std::ostream& err,
                                                          const base::InterruptGuard& interrupts) {
  auto renderer = HeadlessRenderer::Open(
      {.layout = kMotionVideoSize,
       .look = {.font_pixels = FontPixelsForHeight(kMotionVideoSize.height), .theme = target.options.theme}},
      err);
  if (!renderer)
    return base::Fail(renderer.error().reason, "cannot draw the video: " + renderer.error().message);
  const int total = kMotionFrames * target.stops;
  auto video = VideoStream::Start(target.ffmpeg, target.folder / "video.mp4", (*renderer)->FramebufferSize(),
                                  kMotionFps, VideoTimeLimit(total));
  if (!video) return video.error();
  ProgressLine progress(err, "export", ProgressLine::StderrIsTerminal());
  TourScreenState screen;  // after the renderer: its textures die before the GL context
  screen.pane_backgrounds = false;
  screen.splitters = false;
  std::vector<ManifestMotion> segments;
  std::vector<std::uint8_t> pixels;
  int done = 0;
  for (int stop = 0; stop < target.stops; ++stop) {
    const auto span = LandForMotion(session, stop);
    if (!span) continue;
    const auto draw = [&]() -> base::Status {
      RenderScreen(**renderer, session, screen, pixels);
      progress.Update(++done, total, "video frames");
      return video->Write(pixels);
    };
    auto played = PlayMotion(session, *span, draw, interrupts);
    if (!played) return played.error();
    played->file = "video.mp4";
    played->pane = "screen";
    played->size = (*renderer)->FramebufferSize();
    played->start_seconds = kMotionSeconds * static_cast<double>(segments.size());
    segments.push_back(std::move(*played));
  }
  progress.Phase("ffmpeg is finishing video.mp4");
  if (const base::Status finished = video->Finish(); !finished) return finished.error();
  progress.Finish();
  return segments;
}

}  // namespace tilewalk::app
