// The memory the operating system lets this process have, from every limit that can end a run: half of
// the machine's memory (the default share), the address-space and data-segment limits (`ulimit -v`,
// `ulimit -d`: RLIMIT_AS and RLIMIT_DATA), and the cgroup's limit (cgroup v2's memory.max, or v1's
// memory.limit_in_bytes, over the process's cgroup and every parent, as the kernel enforces them).
// In the WebAssembly build the only limit is the module's heap (see kWebHeapSource).
// Without this a scenario that fits in half the machine dies of std::bad_alloc under a ulimit, or is
// killed without a word by the kernel in a container. The memory guard's default cap is the least of them.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace tilewalk::base {

struct MemoryLimit {
  std::uint64_t bytes = 0;  // what a run may add: the share of the limit left above what is in use
  std::string source;       // names the limit: "half of this machine's memory", "ulimit -v (RLIMIT_AS)", …
};

// MemoryLimit::source of the one limit in a WebAssembly build: the heap the module can still grow to.
inline constexpr std::string_view kWebHeapSource =
    "the web page's memory (at most 2 GiB), less what it holds";

// The least of the limits that apply now, with what names it. Limits that cannot be read are left out;
// when none can, 1 GiB from "a default of 1 GiB (the machine does not say its memory)".
MemoryLimit TightestMemoryLimit();

// The room the cgroup limits leave the process whose /proc/PID/cgroup text is `proc_cgroup`, with cgroup
// file systems mounted under `cgroup_root` (normally /sys/fs/cgroup): over its cgroup and every parent
// with a limit (v2's memory.max, v1's memory.limit_in_bytes; "max" and v1's huge "unlimited" are none), the
// least of 80 % of the limit less what that cgroup already uses (memory.current or memory.usage_in_bytes,
// less the inactive file cache of its memory.stat, which the kernel reclaims first), so that a sibling
// process in a container counts; `own_use` where a usage cannot be read. Nothing when no limit is set or
// none can be read. Separate so that a test can hand it a made-up tree.
std::optional<std::uint64_t> CgroupMemoryRoom(std::string_view proc_cgroup,
                                              const std::filesystem::path& cgroup_root,
                                              std::uint64_t own_use);

}  // namespace tilewalk::base
