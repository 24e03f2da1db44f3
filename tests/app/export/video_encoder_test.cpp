// ffmpeg through the child-process runner: a hung ffmpeg is stopped at its time limit
// and the message says it took too long; a failing one is named with the last lines of what it said; and
// the limit grows with the frame count. A fake ffmpeg (a shell script) stands in, so no video is made.
#include "app/export/video_encoder.hpp"

#include <doctest/doctest.h>
#include <sys/stat.h>

#include <chrono>
#include <fstream>
#include <string>

#include "temp_folder.hpp"

namespace tilewalk::app {
namespace {

namespace fs = std::filesystem;

fs::path FakeFfmpeg(const fs::path& folder, const std::string& body) {
  const fs::path script = folder / "ffmpeg";
  std::ofstream(script) << "#!/bin/sh\n" << body << "\n";
  chmod(script.c_str(), 0755);
  return script;
}

}  // namespace

TEST_CASE("video: the time limit is 30 s and half a second a frame") {
  CHECK(VideoTimeLimit(0) == std::chrono::seconds(30));
  CHECK(VideoTimeLimit(100) == std::chrono::seconds(80));
}

TEST_CASE("video: a hung ffmpeg is stopped at its limit, and the message says so") {
  const tests::TempFolder folder("tilewalk-video-test");
  const auto start = std::chrono::steady_clock::now();
  const base::Status encoded =
      EncodeVideo(FakeFfmpeg(folder.path, "exec sleep 600"), folder.path, 2, std::chrono::milliseconds(300));
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
  REQUIRE_FALSE(encoded);
  CHECK(encoded.error().reason == base::Reason::TimedOut);
  CHECK(encoded.error().message ==
        "cannot make video.mp4: ffmpeg did not finish within 300 ms and was stopped");
}

TEST_CASE("video: a failing ffmpeg is named with what it said") {
  const tests::TempFolder folder("tilewalk-video-test");
  const base::Status encoded =
      EncodeVideo(FakeFfmpeg(folder.path, "echo 'Unknown encoder libx264' >&2; exit 1"), folder.path, 2,
                  std::chrono::seconds(5));
  REQUIRE_FALSE(encoded);
  CHECK(encoded.error().reason == base::Reason::ChildFailed);
  CHECK(encoded.error().message.find("cannot make video.mp4: ffmpeg exited with code 1") == 0);
  CHECK(encoded.error().message.find("Unknown encoder libx264") != std::string::npos);
}

}  // namespace tilewalk::app
