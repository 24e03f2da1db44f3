// video.mp4 from an export's frames, made by ffmpeg when it is on PATH (H.264, yuv420p, so browsers play
// it). tilewalk does not link ffmpeg: it runs the program, without a shell, and reports its exit plainly.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace tilewalk::app {

// The ffmpeg found on PATH, if any.
std::optional<std::filesystem::path> FindFfmpeg();

// Encodes folder/frames/%05d.png at `fps` into folder/video.mp4; nullopt on success, else why not.
std::optional<std::string> EncodeVideo(const std::filesystem::path& ffmpeg,
                                       const std::filesystem::path& folder, int fps);

}  // namespace tilewalk::app
