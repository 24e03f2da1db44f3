// video.mp4 from an export's frames, made by ffmpeg when it is on PATH (H.264, yuv420p, so browsers play
// it). tilewalk does not link ffmpeg: it runs the program through base::RunChild, without a shell, with a
// time limit that grows with the frame count, its output captured (the last lines of its stderr go into
// the message), and stopped with its process group on Ctrl-C or SIGTERM. The message says which: ffmpeg
// failed, ffmpeg took too long, or the user interrupted (then ffmpeg is not blamed).
#pragma once

#include <chrono>
#include <filesystem>

#include "base/result.hpp"

namespace tilewalk::app {

// How long ffmpeg may take for `frames` frames: 30 s, and half a second a frame.
std::chrono::milliseconds VideoTimeLimit(int frames);

// Encodes folder/frames/%05d.png at `fps` into folder/video.mp4 with the ffmpeg at `ffmpeg`, stopping it
// after `time_limit`.
base::Status EncodeVideo(const std::filesystem::path& ffmpeg, const std::filesystem::path& folder, int fps,
                         std::chrono::milliseconds time_limit);

}  // namespace tilewalk::app
