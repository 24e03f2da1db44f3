#include "app/export/video_encoder.hpp"

#include <string>
#include <vector>

#include "app/pixel_size.hpp"
#include "base/child_process.hpp"

namespace tilewalk::app {
namespace {

// ffmpeg's failure as the export says it ("cannot make video.mp4: ffmpeg exited with code 1: ..."); the
// user's interrupt as it is, since ffmpeg is not to blame.
base::Status Blamed(const base::Status& status, const std::string& file) {
  if (status || status.error().reason == base::Reason::Interrupted) return status;
  return base::Fail(status.error().reason, "cannot make " + file + ": " + status.error().message);
}

}  // namespace

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
  return Blamed(run.Status(), "video.mp4");
}

VideoStream::VideoStream(base::StreamingChild child, std::string file, PixelSize size)
    : m_child(std::move(child)), m_file(std::move(file)), m_size(size) {}

base::Result<VideoStream> VideoStream::Start(const std::filesystem::path& ffmpeg,
                                             const std::filesystem::path& out, PixelSize size, int fps,
                                             std::chrono::milliseconds time_limit) {
  const std::string file = out.filename().string();
  // veryfast: on the fixture tour's 450 frames of the screen it takes half the CPU of the default preset
  // (4.0 s against 7.4 s), which shares the two cores with the drawing, for a file of the same size.
  auto child = base::StreamingChild::Start({.argv = {ffmpeg.string(),
                                                     "-nostdin",
                                                     "-loglevel",
                                                     "error",
                                                     "-y",
                                                     "-f",
                                                     "rawvideo",
                                                     "-pix_fmt",
                                                     "rgba",
                                                     "-video_size",
                                                     SizeText(size),
                                                     "-framerate",
                                                     std::to_string(fps),
                                                     "-i",
                                                     "pipe:0",
                                                     "-vf",
                                                     "vflip,pad=ceil(iw/2)*2:ceil(ih/2)*2",
                                                     "-c:v",
                                                     "libx264",
                                                     "-preset",
                                                     "veryfast",
                                                     "-pix_fmt",
                                                     "yuv420p",
                                                     "-movflags",
                                                     "+faststart",
                                                     "-bitexact",
                                                     out.string()},
                                            .name = "ffmpeg",
                                            .time_limit = time_limit});
  if (!child) return Blamed(child.error(), file).error();
  return VideoStream(std::move(*child), file, size);
}

base::Status VideoStream::Write(std::span<const std::uint8_t> rgba_bottom_up) {
  if (rgba_bottom_up.size() != static_cast<std::size_t>(m_size.width) * m_size.height * 4)
    return base::Fail(base::Reason::Malformed, "a frame of " + std::to_string(rgba_bottom_up.size()) +
                                                   " bytes for a video of " + SizeText(m_size));
  const auto written =
      m_child.Write({reinterpret_cast<const char*>(rgba_bottom_up.data()), rgba_bottom_up.size()});
  if (!written && written.error().reason == base::Reason::ChildFailed)
    return Blamed(m_child.Finish().Status(), m_file);  // it stopped reading: its own words say why
  return Blamed(written, m_file);
}

base::Status VideoStream::Finish() {
  return Blamed(m_child.Finish().Status(), m_file);
}

}  // namespace tilewalk::app
