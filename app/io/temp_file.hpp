// A temporary file beside a destination, for writing a file atomically: write into File(), Close(), then
// RenameTo() the destination. Until the rename the destination is untouched, and the temporary file is
// removed if anything fails on the way, so a reader never sees half a file. A destination that exists and
// is neither a regular file nor a folder (/dev/stdout, /dev/full, a FIFO) is written in place instead:
// renaming over it would replace the device or pipe with a plain file.
#pragma once

#include <cstdio>
#include <filesystem>

namespace tilewalk::app {

class TempFile {
 public:
  // Creates the file exclusively; on failure File() is null and Errno() says why.
  explicit TempFile(const std::filesystem::path& destination);
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  ~TempFile();

  std::FILE* File() const { return m_file; }
  int Errno() const { return m_errno; }

  // Flushes and closes; false with Errno() set if the data did not all reach the file.
  bool Close();
  // Moves the finished file over the destination; false with Errno() set if it could not.
  bool RenameTo(const std::filesystem::path& destination);

 private:
  std::filesystem::path m_path;
  std::FILE* m_file = nullptr;
  int m_errno = 0;
  bool m_created = false;
  bool m_in_place = false;  // writing the destination itself
};

}  // namespace tilewalk::app
