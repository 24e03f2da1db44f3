#include "app/export/video_encoder.hpp"

#include <string>
#include <vector>

#include "base/child_process.hpp"

namespace tilewalk::app {

std::chrono::milliseconds VideoTimeLimit(int frames) {
  return std::chrono::seconds(30) + std::chrono::milliseconds(500) * frames;
}

base::Status EncodeVideo(const std::filesystem::path& ffmpeg, const std::filesystem::path& folder, int fps,
                         std::chrono::milliseconds time_limit) {
  // H.264 needs even sides; pad by a pixel rather than scale, so text stays sharp.
  const base::ChildRun run = base::RunChild({.argv = {ffmpeg.string(),
                                                      "-nostdin",
                                                      "-loglevel",
                                                      "error",
                                                      "-y",
                                                      "-framerate",
                                                      std::to_string(fps),
                                                      "-start_number",
                                                      "1",
                                                      "-i",
                                                      (folder / "frames" / "%05d.png").string(),
                                                      "-vf",
                                                      "pad=ceil(iw/2)*2:ceil(ih/2)*2",
                                                      "-c:v",
                                                      "libx264",
                                                      "-pix_fmt",
                                                      "yuv420p",
                                                      "-movflags",
                                                      "+faststart",
                                                      "-bitexact",
                                                      (folder / "video.mp4").string()},
                                             .name = "ffmpeg",
                                             .time_limit = time_limit});
  if (const base::Status status = run.Status(); !status) {
    if (status.error().reason == base::Reason::Interrupted) return status;
    return base::Fail(status.error().reason, "cannot make video.mp4: " + status.error().message);
  }
  return {};
}

}  // namespace tilewalk::app
