// Writes export frames as PNG (or, given libwebp's encoder, lossless WebP) files on a worker thread, so that
// encoding one frame overlaps drawing the next (the machine has two cores; libpng at its fast setting takes
// about as long as a frame's drawing). At most two frames wait, so memory stays bounded whatever the export's
// length. The first failure is kept and reported by Finish(); frames after it are dropped.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "app/export/webp_file.hpp"
#include "app/pixel_size.hpp"
#include "base/result.hpp"

namespace tilewalk::app {

class FrameWriter {
 public:
  // With `webp`, frames are written as WebP; without, as PNG.
  explicit FrameWriter(std::shared_ptr<const WebpEncoder> webp = nullptr);
  FrameWriter(const FrameWriter&) = delete;
  FrameWriter& operator=(const FrameWriter&) = delete;
  ~FrameWriter();  // waits for the frames already handed in

  // Takes the pixels (RGBA, bottom row first); blocks while two frames are already waiting.
  void Write(std::filesystem::path path, PixelSize size, std::vector<std::uint8_t> rgba_bottom_up);
  // Waits until every frame is written; the first failure, if any.
  base::Status Finish();
  bool Failed();

 private:
  struct Job {
    std::filesystem::path path;
    PixelSize size;
    std::vector<std::uint8_t> rgba;
  };
  void Run();

  std::mutex m_mutex;
  std::condition_variable m_changed;
  std::deque<Job> m_jobs;
  bool m_busy = false, m_stopping = false;
  std::optional<base::Error> m_failure;
  std::shared_ptr<const WebpEncoder> m_webp;
  std::thread m_thread;  // last: started once everything above is ready
};

}  // namespace tilewalk::app
