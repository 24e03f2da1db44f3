#include "app/export/frame_writer.hpp"

#include "app/screen/png_file.hpp"

namespace tilewalk::app {

FrameWriter::FrameWriter(std::shared_ptr<const WebpEncoder> webp)
    : m_webp(std::move(webp)), m_thread([this] { Run(); }) {}

FrameWriter::~FrameWriter() {
  {
    std::lock_guard lock(m_mutex);
    m_stopping = true;
  }
  m_changed.notify_all();
  m_thread.join();
}

void FrameWriter::Write(std::filesystem::path path, PixelSize size,
                        std::vector<std::uint8_t> rgba_bottom_up) {
  std::unique_lock lock(m_mutex);
  m_changed.wait(lock, [this] { return m_jobs.size() < 2 || m_failure; });
  if (m_failure) return;
  m_jobs.push_back({std::move(path), size, std::move(rgba_bottom_up)});
  m_changed.notify_all();
}

base::Status FrameWriter::Finish() {
  std::unique_lock lock(m_mutex);
  m_changed.wait(lock, [this] { return (m_jobs.empty() && !m_busy) || m_failure; });
  if (m_failure) return *m_failure;
  return {};
}

bool FrameWriter::Failed() {
  std::lock_guard lock(m_mutex);
  return m_failure.has_value();
}

void FrameWriter::Run() {
  std::unique_lock lock(m_mutex);
  while (true) {
    m_changed.wait(lock, [this] { return !m_jobs.empty() || m_stopping; });
    if (m_jobs.empty()) return;  // stopping, and nothing left
    Job job = std::move(m_jobs.front());
    m_jobs.pop_front();
    m_busy = true;
    lock.unlock();
    const RgbaImage image{
        .width = job.size.width, .height = job.size.height, .rgba = job.rgba, .bottom_up = true};
    const base::Status written = m_webp ? m_webp->WriteFile(job.path, image) : WritePngFile(job.path, image);
    lock.lock();
    m_busy = false;
    if (!written && !m_failure) {
      m_failure = written.error();
      m_jobs.clear();
    }
    m_changed.notify_all();
  }
}

}  // namespace tilewalk::app
