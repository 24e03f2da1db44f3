// Bounded reads: every file tilewalk reads has a stated size cap, checked before a byte is read, and only
// regular files are read. A settings file that is a FIFO must not block start-up, one linked to /dev/zero
// must not fill memory, and a sparse 20 GB "passage" must be refused by its size, not read. So:
// - the file is opened with O_NONBLOCK (a FIFO with no writer opens at once) and O_CLOEXEC;
// - fstat on that descriptor (not the path, which could change) must say "regular file"; a folder, FIFO,
//   device or socket is refused with a sentence that names what it is;
// - a size over the cap is refused before reading, stating the size and the cap;
// - at most cap + 1 bytes are read even so, so a file that grows while it is read is refused too;
// - ENOENT, EACCES, ELOOP (a loop of links), EISDIR and the rest become sentences (os_error.hpp).
// ReadDescriptor() is the documented exception: a stream (a pipe, a child's output) read to its end, with
// the same cap.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

#include "base/result.hpp"

namespace tilewalk::base {

// Caps for the files tilewalk reads, in one place so that docs/bad-input.md can state them.
inline constexpr std::size_t kSettingsCap = 64 * 1024;             // the settings file
inline constexpr std::size_t kLibraryFileCap = 4 * 1024 * 1024;    // one passage or tour
inline constexpr std::size_t kLibraryTotalCap = 64 * 1024 * 1024;  // all the passages and tours of a library
inline constexpr std::size_t kFontFileCap = 32 * 1024 * 1024;      // the TrueType font the window draws with
inline constexpr std::size_t kPallasSourceCap = 16 * 1024 * 1024;  // a kernel's Pallas file (tens of KB)
inline constexpr std::size_t kMarkerFileCap = 1024 * 1024;         // a dump's config.json, a manifest

// The whole content of the regular file at `path`, if it holds at most `cap_bytes` bytes.
Result<std::string> ReadTextFile(const std::filesystem::path& path, std::size_t cap_bytes);

// Everything readable from `fd` until end of file, if it is at most `cap_bytes` bytes; `what` names the
// stream in messages ("the output of python3"). Blocks while the writer is silent: for a child process use
// RunChild (child_process.hpp), which has a time limit. Does not close `fd`.
Result<std::string> ReadDescriptor(int fd, std::size_t cap_bytes, std::string_view what);

}  // namespace tilewalk::base
