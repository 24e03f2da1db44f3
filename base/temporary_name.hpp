// Names for the temporaries the safe writer leaves beside a destination while it works, chosen so that a
// later run can tell which are stale and remove them. A run killed by SIGKILL, a second Ctrl-C or a power
// cut cannot clean up after itself; without this its hidden partial files and folders would stay forever.
//
// A temporary for NAME is ".NAME.tilewalk-KIND-PID-START-SERIAL":
// - KIND is "partial" (being written) or "old" (an old folder moved aside while a new one takes its place);
// - PID and START identify the process that made it: START is the process's start time in clock ticks
//   after boot (field 22 of /proc/PID/stat), so a PID that was reused by a later process does not make an
//   old temporary look alive;
// - SERIAL tells apart temporaries of one process.
// A temporary is stale when /proc says that no process with that PID and START exists. Where /proc cannot
// be read nothing is judged stale. Names of the previous scheme (".NAME.tilewalk-partial-PID" and
// ".NAME.tilewalk-old-PID", made by the export before this layer) are recognised too, and stale when no
// process has that PID.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace tilewalk::base {

enum class TemporaryKind : std::uint8_t {
  Partial,  // content being written; removed when stale
  Old,      // a replaced folder moved aside; put back when stale and its destination is missing
};

struct TemporaryName {
  std::string target{};  // NAME, the destination's file name
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

// True when the process that made the temporary is gone.
bool IsStale(const TemporaryName& name);

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
