// Names for the temporaries the safe writer leaves beside a destination while it works, chosen so that a
// later run can tell which are stale and remove them. A run killed by SIGKILL, a second Ctrl-C or a power
// cut cannot clean up after itself; without this its hidden partial files and folders would stay forever.
//
// A temporary for NAME is ".NAME.tilewalk-KIND-PID-START-SERIAL":
// - KIND is "partial" (being written) or "old" (an old folder moved aside while a new one takes its place);
// - PID, START (the process's start time in clock ticks after boot, field 22 of /proc/PID/stat) and SERIAL
//   keep the names of live temporaries apart; they are never taken as proof that the maker is alive or
//   gone, because a process in another PID namespace (a container, a CI job on a bind-mounted workspace)
//   or on another host (NFS) has numbers that mean nothing here.
// Instead the writer holds an flock on its temporary for the temporary's whole life (HoldTemporary), and
// a temporary is stale only when that lock can be taken and it is older than kStaleAge, which covers the
// instant between making it and locking it. flock reaches across PID namespaces, and across hosts on NFS
// (where Linux maps it to a POSIX lock). Names of the previous scheme (".NAME.tilewalk-partial-PID" and
// ".NAME.tilewalk-old-PID", made by the export before this layer) are recognised too, by the same rule.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "base/file_ops.hpp"

namespace tilewalk::base {

enum class TemporaryKind : std::uint8_t {
  Partial,  // content being written; removed when stale
  Old,      // a replaced folder moved aside; put back when stale and its destination is missing
};

// A name too long to fit NAME with the rest in a file name (255 bytes) is cut, and KIND is then
// "partial-cut" or "old-cut": such a temporary's destination is not known from its name, so an "old" one
// is never removed nor put back (it may be the only copy of a folder).
struct TemporaryName {
  std::string target{};  // NAME, the destination's file name (its start only, when cut)
  bool cut = false;
  TemporaryKind kind = TemporaryKind::Partial;
  pid_t pid = 0;
  std::optional<std::uint64_t> start_time{};  // absent in names of the previous scheme
  std::uint64_t serial = 0;
};

// The start time of process `pid` in clock ticks after boot, or nothing when there is no such process
// or /proc cannot tell.
std::optional<std::uint64_t> ProcessStartTime(pid_t pid);

// A new name for a temporary of this process for the destination file name `target`.
std::string MakeTemporaryName(std::string_view target, TemporaryKind kind);

// The parts of a temporary's file name, or nothing when it is not one of ours.
std::optional<TemporaryName> ParseTemporaryName(std::string_view file_name);

// How old (by its modification time) a temporary must be before its lock is tried.
inline constexpr std::chrono::seconds kStaleAge{30};

// Takes the writer's lock on its temporary, open as `fd` (its file, or the staging folder opened
// O_RDONLY | O_DIRECTORY), for as long as `fd` stays open. Best effort: where the file system has no locks,
// the temporary's age alone cannot make it stale, since its lock cannot be taken either.
void HoldTemporary(int fd);

// The temporary at `path` (a regular file or a folder, never a link), opened and locked, when no writer
// holds it and it is older than kStaleAge; the lock lasts as long as the returned descriptor.
std::optional<Descriptor> TakeIfStale(const std::filesystem::path& path);

struct StaleCleanup {
  int removed = 0;   // partial files and folders removed
  int restored = 0;  // old folders renamed back to their missing destination
};

// Removes our own stale temporaries in `folder` (never following links; a link with such a name is
// left alone), and renames a stale "old" folder back to its destination when the destination is missing
// (the run died between moving the old folder aside and moving the new one in). Best effort: whatever
// cannot be removed is left.
StaleCleanup RemoveStaleTemporaries(const std::filesystem::path& folder);

// RemoveStaleTemporaries once per folder per process (the writer calls this before every write, and an
// export writes thousands of files into one folder).
void RemoveStaleTemporariesOnce(const std::filesystem::path& folder);

}  // namespace tilewalk::base
