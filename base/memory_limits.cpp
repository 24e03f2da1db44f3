#include "base/memory_limits.hpp"

#include <sys/resource.h>
#include <unistd.h>

#if defined(__EMSCRIPTEN__)
#include <emscripten/heap.h>
#include <malloc.h>
#endif

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

#include "base/bounded_read.hpp"

namespace tilewalk::base {
namespace {

// Of a limit, the share a run may use: the rest holds the program, its libraries, thread stacks and the
// allocator's slack, which the guard's estimate does not count.
constexpr double kShareOfLimit = 0.8;
// v1 writes "no limit" as the largest multiple of the page size below 2^63.
constexpr std::uint64_t kUnlimitedAbove = std::uint64_t{1} << 60;

// The files of one cgroup version: its limit, its usage, and the key of its inactive file cache.
struct CgroupFiles {
  std::string_view limit, usage, inactive_file;
};
constexpr CgroupFiles kCgroupV2 = {"memory.max", "memory.current", "inactive_file"};
constexpr CgroupFiles kCgroupV1 = {"memory.limit_in_bytes", "memory.usage_in_bytes", "total_inactive_file"};

std::optional<std::uint64_t> ReadLimitFile(const std::filesystem::path& file) {
  const Result<std::string> text = ReadTextFile(file, 64);
  if (!text) return std::nullopt;
  std::string value = *text;
  while (!value.empty() && (value.back() == '\n' || value.back() == ' ')) value.pop_back();
  if (value.empty() || value.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  const std::uint64_t bytes = std::strtoull(value.c_str(), nullptr, 10);
  return bytes >= kUnlimitedAbove ? std::nullopt : std::optional(bytes);
}

std::uint64_t RoomUnder(std::uint64_t limit, std::uint64_t in_use) {
  const double room = kShareOfLimit * static_cast<double>(limit) - static_cast<double>(in_use);
  return room > 0 ? static_cast<std::uint64_t>(room) : 0;
}

// The value of `key` in a memory.stat file (lines of "inactive_file 123"), or 0.
std::uint64_t StatValue(const std::filesystem::path& file, std::string_view key) {
  const Result<std::string> text = ReadTextFile(file, 64 * 1024);
  if (!text) return 0;
  std::istringstream lines(*text);
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::string name, value, extra;
    if (words >> name >> value && !(words >> extra) && name == key &&
        value.find_first_not_of("0123456789") == std::string::npos)
      return std::strtoull(value.c_str(), nullptr, 10);
  }
  return 0;
}

// What the cgroup at `folder` uses that its kernel would not reclaim first: its usage less its inactive
// file cache, as `docker stats` counts it; or nothing when the usage cannot be read.
std::optional<std::uint64_t> CgroupInUse(const std::filesystem::path& folder, const CgroupFiles& files) {
  const auto usage = ReadLimitFile(folder / files.usage);
  if (!usage) return std::nullopt;
  const std::uint64_t inactive = StatValue(folder / "memory.stat", files.inactive_file);
  return *usage > inactive ? *usage - inactive : 0;
}

// The least room under the limits over `cgroup_path` and its parents up to `root`: at each level with a
// limit, the share of it less what that level uses (`own_use` where its usage cannot be read).
std::optional<std::uint64_t> LeastRoomUpTheTree(const std::filesystem::path& root,
                                                std::string_view cgroup_path, const CgroupFiles& files,
                                                std::uint64_t own_use) {
  std::optional<std::uint64_t> least;
  std::filesystem::path relative = std::filesystem::path(cgroup_path).relative_path().lexically_normal();
  if (relative.empty() || *relative.begin() == "..") relative.clear();  // outside our namespace's view
  for (;;) {
    const std::filesystem::path folder = root / relative;
    if (const auto limit = ReadLimitFile(folder / files.limit)) {
      const std::uint64_t room = RoomUnder(*limit, CgroupInUse(folder, files).value_or(own_use));
      least = least ? std::min(*least, room) : room;
    }
    if (relative.empty() || relative == ".") break;
    relative = relative.parent_path();
  }
  return least;
}

// "VmSize", "VmData" or "VmRSS" of /proc/self/status in bytes, or 0.
std::uint64_t StatusBytes(std::string_view field) {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.size() > field.size() && line.compare(0, field.size(), field) == 0 && line[field.size()] == ':')
      return std::strtoull(line.c_str() + field.size() + 1, nullptr, 10) * 1024;
  return 0;
}

std::optional<std::uint64_t> ResourceLimit(int resource) {
  rlimit limit{};
  if (getrlimit(resource, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return std::nullopt;
  return static_cast<std::uint64_t>(limit.rlim_cur);
}

}  // namespace

std::optional<std::uint64_t> CgroupMemoryRoom(std::string_view proc_cgroup,
                                              const std::filesystem::path& cgroup_root,
                                              std::uint64_t own_use) {
  std::optional<std::uint64_t> least;
  const auto take = [&](std::optional<std::uint64_t> room) {
    if (room) least = least ? std::min(*least, *room) : *room;
  };
  // Lines are "ID:CONTROLLERS:PATH": v2's is "0::PATH"; v1's memory line names "memory" among its
  // controllers.
  std::size_t start = 0;
  while (start < proc_cgroup.size()) {
    std::size_t end = proc_cgroup.find('\n', start);
    if (end == std::string_view::npos) end = proc_cgroup.size();
    const std::string_view line = proc_cgroup.substr(start, end - start);
    start = end + 1;
    const std::size_t first = line.find(':'), second = line.find(':', first + 1);
    if (first == std::string_view::npos || second == std::string_view::npos) continue;
    const std::string_view controllers = line.substr(first + 1, second - first - 1);
    const std::string_view path = line.substr(second + 1);
    if (line.substr(0, first) == "0" && controllers.empty()) {
      take(LeastRoomUpTheTree(cgroup_root, path, kCgroupV2, own_use));
    } else {
      bool memory = false;
      for (std::size_t from = 0; from <= controllers.size();) {
        std::size_t comma = controllers.find(',', from);
        if (comma == std::string_view::npos) comma = controllers.size();
        memory = memory || controllers.substr(from, comma - from) == "memory";
        from = comma + 1;
      }
      if (memory) take(LeastRoomUpTheTree(cgroup_root / "memory", path, kCgroupV1, own_use));
    }
  }
  return least;
}

MemoryLimit TightestMemoryLimit() {
#if defined(__EMSCRIPTEN__)
  // In a web page the one limit is the module's heap, which grows up to its maximum (2 GiB) and no further
  // (the machine's memory, ulimits and cgroups are the browser's business). In use: everything below the
  // break (static data, the stack, the heap) less what malloc holds free.
  const std::uint64_t top = reinterpret_cast<std::uintptr_t>(sbrk(0));
  const std::uint64_t free_in_heap = static_cast<std::uint64_t>(mallinfo().fordblks);
  return {RoomUnder(emscripten_get_heap_max(), top > free_in_heap ? top - free_in_heap : 0),
          std::string(kWebHeapSource)};
#endif
  std::vector<MemoryLimit> limits;
  const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
  if (pages > 0 && page_size > 0)
    limits.push_back({static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page_size) / 2,
                      "half of this machine's memory"});
  if (const auto as = ResourceLimit(RLIMIT_AS))
    limits.push_back({RoomUnder(*as, StatusBytes("VmSize")), "the address-space limit (ulimit -v)"});
  if (const auto data = ResourceLimit(RLIMIT_DATA))
    limits.push_back({RoomUnder(*data, StatusBytes("VmData")), "the data-segment limit (ulimit -d)"});
  if (const Result<std::string> cgroup = ReadTextFile("/proc/self/cgroup", 64 * 1024)) {
    if (const auto room = CgroupMemoryRoom(*cgroup, "/sys/fs/cgroup", StatusBytes("VmRSS")))
      limits.push_back({*room, "the cgroup's memory limit, less what its processes already use"});
  }
  if (limits.empty())
    return {std::uint64_t{1} << 30, "a default of 1 GiB (the machine does not say its memory)"};
  return *std::min_element(limits.begin(), limits.end(),
                           [](const MemoryLimit& a, const MemoryLimit& b) { return a.bytes < b.bytes; });
}

}  // namespace tilewalk::base
