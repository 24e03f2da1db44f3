// How every verb that loads the passages and tours (tours, tour, export, gui) answers a library with
// problems: each problem is printed as file:line, escaped for the terminal, at most 20 of them and then
// "… and N more"; then the verb stops with exit 1, unless --keep-going asks it to use what loaded. One
// answer for all of them, so that `export` of a broken folder no longer succeeds where `tours` fails.
#pragma once

#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "app/cli_options.hpp"
#include "base/result.hpp"

namespace tilewalk::app {

// --keep-going, with the same help in every verb that takes it.
OptionSpec KeepGoingOption(bool& into);

// Prints `problems` to `err`. Ok when there are none, or when `keep_going` (then a warning says how many
// were let through); else Reason::Malformed with "N problem(s) in the passages and tours of DIR; fix
// them, or pass --keep-going ...". `folder` is the --library folder, nullopt for the built-in library.
base::Status ReportLibraryProblems(const std::vector<std::string>& problems,
                                   const std::optional<std::filesystem::path>& folder, bool keep_going,
                                   std::string_view verb, std::ostream& err);

}  // namespace tilewalk::app
