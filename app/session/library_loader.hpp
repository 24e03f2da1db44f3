// Where the passages and tours come from: the ones compiled into the binary, or, with `gui --library DIR`,
// the files in DIR/passages/*.md and DIR/tours/*.tour, read from disk so that authors see their edits
// without a rebuild and tests can bring a tour of their own. Either way LoadLibrary validates them. Files
// on disk are read with the bounded reader: regular files only, each at most base::kLibraryFileCap (4 MiB)
// and the whole library at most base::kLibraryTotalCap (64 MiB); a file that cannot be read (a link loop, a
// FIFO, a 20 GB file) is one more of the library's diagnostics, never an exception or a hang.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "base/result.hpp"
#include "walkthrough/library.hpp"

namespace tilewalk::session {

struct LoadedLibrary {
  walkthrough::Library library;
  std::string origin;  // "built in" or the folder
};

// The library, or why a folder of it cannot be read (NotFound, Unreadable): its files' own problems are
// the library's diagnostics instead.
base::Result<LoadedLibrary> LoadTourLibrary(const std::optional<std::filesystem::path>& folder);

}  // namespace tilewalk::session
