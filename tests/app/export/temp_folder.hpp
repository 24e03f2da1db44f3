// A fresh, empty folder under the system's temporary folder for one test, removed with everything in it
// when the test ends. Its name carries the process id, so test binaries running at once do not meet.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>

namespace tilewalk::tests {

struct TempFolder {
  explicit TempFolder(const std::string& name)
      : path(std::filesystem::temp_directory_path() / (name + "-" + std::to_string(getpid()))) {
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
  ~TempFolder() { std::filesystem::remove_all(path); }

  std::filesystem::path path;
};

}  // namespace tilewalk::tests
