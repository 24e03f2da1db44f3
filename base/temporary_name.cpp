#include "base/temporary_name.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <mutex>
#include <set>
#include <tuple>
#include <utility>
#include <vector>

#include "base/bounded_read.hpp"
#include "base/file_ops.hpp"

namespace tilewalk::base {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kTag = ".tilewalk-";
constexpr std::size_t kMostFileName = 255;  // NAME_MAX of Linux's file systems

std::string_view KindWord(TemporaryKind kind) {
  return kind == TemporaryKind::Old ? "old" : "partial";
}

// A whole number that fills `text`, or nothing.
std::optional<std::uint64_t> Number(std::string_view text) {
  std::uint64_t value = 0;
  if (text.empty()) return std::nullopt;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

std::optional<std::uint64_t> ProcessStartTime(pid_t pid) {
  if (pid <= 0) return std::nullopt;
  const auto stat = ReadTextFile("/proc/" + std::to_string(pid) + "/stat", 4096);
  if (!stat) return std::nullopt;
  // "PID (COMM) STATE PPID ...": COMM may hold spaces and parentheses, so count fields after the last ')'.
  const std::string& text = *stat;
  const std::size_t close = text.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  std::string_view rest = std::string_view(text).substr(close + 1);
  // After ')' come fields 3, 4, ...; the start time is field 22.
  for (int field = 3; field <= 22; ++field) {
    const std::size_t begin = rest.find_first_not_of(' ');
    if (begin == std::string_view::npos) return std::nullopt;
    rest.remove_prefix(begin);
    const std::size_t end = std::min(rest.find(' '), rest.size());
    if (field == 22) return Number(rest.substr(0, end));
    rest.remove_prefix(end);
  }
  return std::nullopt;
}

std::string MakeTemporaryName(std::string_view target, TemporaryKind kind) {
  static std::atomic<std::uint64_t> serial{0};
  static const std::uint64_t start = ProcessStartTime(getpid()).value_or(0);
  const std::string numbers = "-" + std::to_string(getpid()) + "-" + std::to_string(start) + "-" +
                              std::to_string(serial.fetch_add(1));
  const std::string whole_tag = std::string(kTag) + std::string(KindWord(kind)) + numbers;
  if (1 + target.size() + whole_tag.size() <= kMostFileName) return "." + std::string(target) + whole_tag;
  // A legal name near the limit: its start, cut between whole UTF-8 sequences, and a tag that says so.
  const std::string cut_tag = std::string(kTag) + std::string(KindWord(kind)) + "-cut" + numbers;
  std::size_t keep = kMostFileName - 1 - cut_tag.size();
  while (keep > 0 && (static_cast<unsigned char>(target[keep]) & 0xC0) == 0x80) --keep;
  return "." + std::string(target.substr(0, keep)) + cut_tag;
}

std::optional<TemporaryName> ParseTemporaryName(std::string_view file_name) {
  const std::size_t tag = file_name.rfind(kTag);
  if (tag == std::string_view::npos || tag < 2 || file_name[0] != '.') return std::nullopt;
  TemporaryName name{.target = std::string(file_name.substr(1, tag - 1))};
  std::string_view rest = file_name.substr(tag + kTag.size());
  if (rest.starts_with("partial-")) {
    rest.remove_prefix(8);
  } else if (rest.starts_with("old-")) {
    name.kind = TemporaryKind::Old;
    rest.remove_prefix(4);
  } else {
    return std::nullopt;
  }
  if (rest.starts_with("cut-")) {
    name.cut = true;
    rest.remove_prefix(4);
  }
  std::vector<std::uint64_t> numbers;
  while (true) {
    const std::size_t dash = rest.find('-');
    const auto number = Number(rest.substr(0, dash));
    if (!number) return std::nullopt;
    numbers.push_back(*number);
    if (dash == std::string_view::npos) break;
    rest.remove_prefix(dash + 1);
  }
  if (numbers.size() != 1 && numbers.size() != 3) return std::nullopt;
  if (numbers[0] == 0 || numbers[0] > static_cast<std::uint64_t>(INT32_MAX)) return std::nullopt;
  name.pid = static_cast<pid_t>(numbers[0]);
  if (numbers.size() == 3) {
    name.start_time = numbers[1];
    name.serial = numbers[2];
  }
  return name;
}

void HoldTemporary(int fd) {
  while (flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EINTR) {
  }
}

std::optional<Descriptor> TakeIfStale(const fs::path& path) {
  // O_NOFOLLOW: a link with our name is not ours; O_NONBLOCK: a FIFO with our name does not hang us.
  Descriptor fd(open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
  struct stat info {};
  if (!fd.valid() || fstat(fd.get(), &info) != 0) return std::nullopt;
  if (!S_ISREG(info.st_mode) && !S_ISDIR(info.st_mode)) return std::nullopt;
  const auto modified = std::chrono::system_clock::from_time_t(info.st_mtim.tv_sec);
  if (std::chrono::system_clock::now() - modified < kStaleAge) return std::nullopt;
  int locked;
  while ((locked = flock(fd.get(), LOCK_EX | LOCK_NB)) != 0 && errno == EINTR) {
  }
  if (locked != 0) return std::nullopt;  // a writer holds it, or the file system takes no locks
  return fd;
}

StaleCleanup RemoveStaleTemporaries(const fs::path& folder) {
  StaleCleanup done;
  std::error_code ec;
  std::vector<std::pair<fs::path, TemporaryName>> ours;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    if (auto name = ParseTemporaryName(it->path().filename().native())) ours.emplace_back(it->path(), *name);
  }
  for (const auto& [path, name] : ours) {
    const std::optional<Descriptor> held = TakeIfStale(path);  // held while it is removed or put back
    if (!held) continue;
    std::error_code status_error;
    if (name.kind == TemporaryKind::Old && name.cut) continue;  // its destination is not known
    if (name.kind == TemporaryKind::Old &&
        !fs::exists(fs::symlink_status(folder / name.target, status_error))) {
      // The run died with the old folder aside and the new one not in place: it is the only copy.
      if (RenameNoReplace(path, folder / name.target) == 0) ++done.restored;
      continue;
    }
    std::error_code remove_error;
    if (fs::remove_all(path, remove_error) > 0 && !remove_error) ++done.removed;
  }
  return done;
}

void RemoveStaleTemporariesOnce(const fs::path& folder) {
  static std::mutex mutex;
  // Keyed by path and inode: a folder removed and made again under another name may get the same inode.
  static std::set<std::tuple<std::string, dev_t, ino_t>> cleaned;
  struct stat info {};
  if (stat(folder.empty() ? "." : folder.c_str(), &info) != 0) return;
  std::error_code ec;
  std::string absolute = fs::absolute(folder, ec).native();
  {
    const std::lock_guard lock(mutex);
    if (!cleaned.insert({std::move(absolute), info.st_dev, info.st_ino}).second) return;
  }
  RemoveStaleTemporaries(folder.empty() ? fs::path(".") : folder);
}

}  // namespace tilewalk::base
