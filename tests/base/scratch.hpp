// Fixtures for tests: a scratch folder removed at the end, small file helpers, a forked child for what must
// not touch the test process (redirected stdout, a file-size limit, a second Ctrl-C, a heap setting, a
// fresh thread pool), and a dead process id. The test_scratch library; include it as
// "tests/base/scratch.hpp".
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace tilewalk::base::testing {

// A fresh folder under $TMPDIR (or /tmp), removed with everything in it when the object dies.
class ScratchFolder {
 public:
  ScratchFolder();
  ~ScratchFolder();
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
  const std::filesystem::path& path() const { return m_path; }
  std::filesystem::path operator/(const std::string& name) const { return m_path / name; }
  // The names in the folder, sorted, hidden ones included.
  std::vector<std::string> Names() const;

 private:
  std::filesystem::path m_path;
};

// Changes the working folder for the object's lifetime.
class WorkingFolder {
 public:
  explicit WorkingFolder(const std::filesystem::path& folder);
  ~WorkingFolder();
  WorkingFolder(const WorkingFolder&) = delete;
  WorkingFolder& operator=(const WorkingFolder&) = delete;

 private:
  std::filesystem::path m_previous;
};

std::string Slurp(const std::filesystem::path& path);
void Spit(const std::filesystem::path& path, std::string_view content);

struct ForkedEnd {
  bool exited = false;
  int code = -1;   // when exited
  int signal = 0;  // when killed by a signal
  bool timed_out = false;
};

// Runs `body` in a forked child and returns how it ended; the child's return value is its exit code. The
// child has the default action for crash signals, SIGINT and SIGTERM.
// A child still running after `limit` is killed and reported as timed out.
ForkedEnd RunForked(const std::function<int()>& body,
                    std::chrono::milliseconds limit = std::chrono::milliseconds(5000));

// The id of a process that has exited and been reaped.
pid_t DeadProcessId();

// Milliseconds since `start`.
long long MillisecondsSince(std::chrono::steady_clock::time_point start);

}  // namespace tilewalk::base::testing
