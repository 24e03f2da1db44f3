// The operating system's errors as Reasons and sentences. An errno says little to a user ("Invalid
// argument"); the sentence says what tilewalk tried, on which path, what the system answered, and what to
// do. Every reader and writer in the base layer builds its errors here, so that ENOSPC is "the disk is
// full" and EFBIG is "the file-size limit" everywhere, and the system's own words stay in brackets for
// searching. Paths are quoted with Quote(), which makes them terminal-safe.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "base/result.hpp"

namespace tilewalk::base {

// The system's text for an errno ("No space left on device"), safe to call from any thread.
std::string SystemText(int error_number);

// "'path'", with the path made terminal-safe.
std::string Quote(const std::filesystem::path& path);

// The reason an errno stands for when reading or writing a file.
Reason ReasonForErrno(int error_number);

// "cannot read 'P': ..." for an errno from open, read or stat.
Error ReadFailure(const std::filesystem::path& path, int error_number);
// "cannot write 'P': the disk is full (No space left on device); free some space or ..." for an errno
// from open, write, close, rename or mkdir.
Error WriteFailure(const std::filesystem::path& path, int error_number);

}  // namespace tilewalk::base
