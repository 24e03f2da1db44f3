// video.mp4 from an export's frames, made by ffmpeg when it is on PATH (H.264, yuv420p, so browsers play
// it). tilewalk does not link ffmpeg: it runs the program through base::RunChild, without a shell, with a
// time limit that grows with the frame count, its output captured (the last lines of its stderr go into
// the message), and stopped with its process group on Ctrl-C or SIGTERM. The message says which: ffmpeg
// failed, ffmpeg took too long, or the user interrupted (then ffmpeg is not blamed). A VideoStream is the
// same for frames handed over one by one (export --motion --video): ffmpeg reads them raw on its stdin
// (base/streaming_child.hpp), so no frame touches the disk, and one that takes no frame for the stall
// limit is stopped too.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>

#include "app/pixel_size.hpp"
#include "base/result.hpp"
#include "base/streaming_child.hpp"

namespace tilewalk::app {

// How long ffmpeg may take for `frames` frames: 30 s, and half a second a frame.
std::chrono::milliseconds VideoTimeLimit(int frames);

// Encodes folder/frames/%05d.png at `fps` into folder/video.mp4 with the ffmpeg at `ffmpeg`, stopping it
// after `time_limit`.
base::Status EncodeVideo(const std::filesystem::path& ffmpeg, const std::filesystem::path& folder, int fps,
                         std::chrono::milliseconds time_limit);

class VideoStream {
 public:
  // Starts ffmpeg writing `out` (whose file name messages give) from raw frames of `size` at `fps`;
  // Finish() may wait `time_limit` for it.
  static base::Result<VideoStream> Start(const std::filesystem::path& ffmpeg,
                                         const std::filesystem::path& out, PixelSize size, int fps,
                                         std::chrono::milliseconds time_limit);
  // Hands over one frame: RGBA, bottom row first (as GL reads it), of the stream's size.
  base::Status Write(std::span<const std::uint8_t> rgba_bottom_up);
  // Ends the input and waits for ffmpeg to finish the file.
  base::Status Finish();

 private:
  VideoStream(base::StreamingChild child, std::filesystem::path out, PixelSize size);
  base::StreamingChild m_child;  // stopped, if unfinished, when the stream dies
  std::filesystem::path m_out;
  std::string m_file;  // its name, for messages
  PixelSize m_size;
};

}  // namespace tilewalk::app
