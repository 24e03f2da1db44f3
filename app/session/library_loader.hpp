// Where the passages and tours come from: the ones compiled into the binary, or, with `gui --library DIR`,
// the files in DIR/passages/*.md and DIR/tours/*.tour, read from disk so that authors see their edits
// without a rebuild and tests can bring a tour of their own. Either way LoadLibrary validates them.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "walkthrough/library.hpp"

namespace tilewalk::session {

struct LoadedLibrary {
  walkthrough::Library library;
  std::string origin;   // "built in" or the folder
  std::string problem;  // the folder could not be read
};

LoadedLibrary LoadTourLibrary(const std::optional<std::filesystem::path>& folder);

}  // namespace tilewalk::session
