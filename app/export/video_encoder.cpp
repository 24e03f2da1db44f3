#include "app/export/video_encoder.hpp"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <vector>

extern char** environ;

namespace tilewalk::app {

std::optional<std::filesystem::path> FindFfmpeg() {
  const char* path = std::getenv("PATH");
  if (path == nullptr) return std::nullopt;
  std::string_view rest(path);
  while (!rest.empty()) {
    const std::size_t colon = rest.find(':');
    const std::string_view dir = rest.substr(0, colon);
    const std::filesystem::path candidate =
        std::filesystem::path(dir.empty() ? "." : std::string(dir)) / "ffmpeg";
    if (access(candidate.c_str(), X_OK) == 0 && std::filesystem::is_regular_file(candidate)) return candidate;
    if (colon == std::string_view::npos) break;
    rest.remove_prefix(colon + 1);
  }
  return std::nullopt;
}

std::optional<std::string> EncodeVideo(const std::filesystem::path& ffmpeg,
                                       const std::filesystem::path& folder, int fps) {
  const std::string input = (folder / "frames" / "%05d.png").string();
  const std::string output = (folder / "video.mp4").string();
  const std::string rate = std::to_string(fps);
  // H.264 needs even sides; pad by a pixel rather than scale, so text stays sharp.
  std::vector<std::string> words = {ffmpeg.string(),
                                    "-nostdin",
                                    "-loglevel",
                                    "error",
                                    "-y",
                                    "-framerate",
                                    rate,
                                    "-start_number",
                                    "1",
                                    "-i",
                                    input,
                                    "-vf",
                                    "pad=ceil(iw/2)*2:ceil(ih/2)*2",
                                    "-c:v",
                                    "libx264",
                                    "-pix_fmt",
                                    "yuv420p",
                                    "-movflags",
                                    "+faststart",
                                    "-bitexact",
                                    output};
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, ffmpeg.c_str(), nullptr, nullptr, argv.data(), environ);
  if (spawned != 0) return "could not run " + ffmpeg.string() + ": " + std::strerror(spawned);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return "lost track of ffmpeg: " + std::string(std::strerror(errno));
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return std::nullopt;
  return "ffmpeg failed (" +
         (WIFEXITED(status) ? "exit code " + std::to_string(WEXITSTATUS(status))
                            : "signal " + std::to_string(WTERMSIG(status))) +
         ") making video.mp4; its message is above. Frames and manifest were not kept";
}

}  // namespace tilewalk::app
