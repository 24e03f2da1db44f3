#include "scratch.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace tilewalk::base::testing {

namespace fs = std::filesystem;

ScratchFolder::ScratchFolder() {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/tilewalk-base-XXXXXX";
  if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  m_path = fs::canonical(pattern);
}

ScratchFolder::~ScratchFolder() {
  std::error_code ignored;
  fs::permissions(m_path, fs::perms::owner_all, fs::perm_options::add, ignored);
  fs::remove_all(m_path, ignored);
}

std::vector<std::string> ScratchFolder::Names() const {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(m_path)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

WorkingFolder::WorkingFolder(const fs::path& folder) : m_previous(fs::current_path()) {
  fs::current_path(folder);
}

WorkingFolder::~WorkingFolder() {
  std::error_code ignored;
  fs::current_path(m_previous, ignored);
}

std::string Slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void Spit(const fs::path& path, std::string_view content) {
  std::ofstream out(path, std::ios::binary);
  out << content;
}

ForkedEnd RunForked(const std::function<int()>& body, std::chrono::milliseconds limit) {
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    // doctest's crash handlers would report a crash and go on with the rest of the suite in this child.
    for (const int signal : {SIGABRT, SIGSEGV, SIGILL, SIGFPE, SIGBUS, SIGINT, SIGTERM})
      std::signal(signal, SIG_DFL);
    int code = 99;
    try {
      code = body();
    } catch (...) {
      code = 98;
    }
    _exit(code);
  }
  const auto start = std::chrono::steady_clock::now();
  ForkedEnd end;
  int status = 0;
  while (true) {
    const pid_t got = waitpid(pid, &status, WNOHANG);
    if (got == pid) break;
    if (std::chrono::steady_clock::now() - start > limit) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      end.timed_out = true;
      return end;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  if (WIFEXITED(status)) {
    end.exited = true;
    end.code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    end.signal = WTERMSIG(status);
  }
  return end;
}

pid_t DeadProcessId() {
  const pid_t pid = fork();
  if (pid == 0) _exit(0);
  int status = 0;
  waitpid(pid, &status, 0);
  return pid;
}

long long MillisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start)
      .count();
}

}  // namespace tilewalk::base::testing
