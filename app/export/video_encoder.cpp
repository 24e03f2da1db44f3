#include "app/export/video_encoder.hpp"

#include <filesystem>
#include <string>
#include <system_error>
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

// ffmpeg that exits 0 is believed only when the video is there: a regular file with something in it.
base::Status Written(const std::filesystem::path& video, const std::string& file) {
  std::error_code ec;
  const auto status = std::filesystem::symlink_status(video, ec);
  if (ec || !std::filesystem::is_regular_file(status) || std::filesystem::file_size(video, ec) == 0 || ec)
    return base::Fail(base::Reason::ChildFailed,
                      "cannot make " + file + ": ffmpeg exited 0 but wrote no video (is it a real ffmpeg?)");
  return {};
}

// A path ffmpeg takes as a file, never as an option or a protocol: absolute, so it starts with '/'.
std::string FilePath(const std::filesystem::path& path) {
  return std::filesystem::absolute(path).lexically_normal().string();
}

// A folder in an image2 pattern: '%' doubled, so that only the pattern's own %05d counts frames.
std::string PatternFolder(const std::filesystem::path& folder) {
  std::string out;
  for (const char c : FilePath(folder)) {
    if (c == '%') out += '%';
    out += c;
  }
  return out;
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
                                                      PatternFolder(folder) + "/frames/%05d.png",
                                                      "-vf",
                                                      "pad=ceil(iw/2)*2:ceil(ih/2)*2",
                                                      "-c:v",
                                                      "libx264",
                                                      "-pix_fmt",
                                                      "yuv420p",
                                                      "-movflags",
                                                      "+faststart",
                                                      "-bitexact",
                                                      FilePath(folder / "video.mp4")},
                                             .name = "ffmpeg",
                                             .time_limit = time_limit});
  if (const base::Status status = run.Status(); !status) return Blamed(status, "video.mp4");
  return Written(folder / "video.mp4", "video.mp4");
}

VideoStream::VideoStream(base::StreamingChild child, std::filesystem::path out, PixelSize size)
    : m_child(std::move(child)), m_out(std::move(out)), m_file(m_out.filename().string()), m_size(size) {}

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
                                                     FilePath(out)},
                                            .name = "ffmpeg",
                                            .time_limit = time_limit});
  if (!child) return Blamed(child.error(), file).error();
  return VideoStream(std::move(*child), out, size);
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
  if (const base::Status status = m_child.Finish().Status(); !status) return Blamed(status, m_file);
  return Written(m_out, m_file);
}

}  // namespace tilewalk::app
