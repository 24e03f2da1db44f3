#include "app/io/temp_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <string>

namespace tilewalk::app {

TempFile::TempFile(const std::filesystem::path& destination) {
  std::error_code error;
  const std::filesystem::file_status status = std::filesystem::status(destination, error);
  if (!error && !std::filesystem::is_regular_file(status) && !std::filesystem::is_directory(status)) {
    m_path = destination;
    m_in_place = true;
    m_file = std::fopen(destination.c_str(), "wb");
    if (m_file == nullptr) m_errno = errno;
    return;
  }
  const std::filesystem::path folder =
      destination.has_parent_path() ? destination.parent_path() : std::filesystem::path(".");
  for (int attempt = 0; attempt < 100; ++attempt) {
    m_path = folder / ("." + destination.filename().string() + ".tmp-" + std::to_string(getpid()) + "-" +
                       std::to_string(attempt));
    const int fd = open(m_path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno == EEXIST) continue;  // a leftover of a crashed run that had our pid
    if (fd < 0) {
      m_errno = errno;
      return;
    }
    m_created = true;
    m_file = fdopen(fd, "wb");
    if (m_file == nullptr) {
      m_errno = errno;
      close(fd);
    }
    return;
  }
  m_errno = EEXIST;
}

TempFile::~TempFile() {
  if (m_file != nullptr) std::fclose(m_file);
  if (m_created) unlink(m_path.c_str());
}

bool TempFile::Close() {
  bool ok = std::fflush(m_file) == 0 && std::ferror(m_file) == 0;
  if (!ok) m_errno = errno != 0 ? errno : EIO;  // an earlier write may have failed with nothing left to flush
  if (std::fclose(m_file) != 0 && ok) {
    m_errno = errno;
    ok = false;
  }
  m_file = nullptr;
  return ok;
}

bool TempFile::RenameTo(const std::filesystem::path& destination) {
  if (m_in_place) return true;
  if (std::rename(m_path.c_str(), destination.c_str()) != 0) {
    m_errno = errno;
    return false;
  }
  m_created = false;  // it is the destination now
  return true;
}

}  // namespace tilewalk::app
