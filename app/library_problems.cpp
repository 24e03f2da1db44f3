#include "app/library_problems.hpp"

#include "base/os_error.hpp"
#include "base/terminal_text.hpp"

namespace tilewalk::app {

OptionSpec KeepGoingOption(bool& into) {
  return SwitchOption("--keep-going",
                      "go on past a library's problems (files that do not load; in export, stops whose\n"
                      "text cannot be filled) rather than stop with exit 1; the problems are still printed",
                      into);
}

base::Status ReportLibraryProblems(const std::vector<std::string>& problems,
                                   const std::optional<std::filesystem::path>& folder, bool keep_going,
                                   std::string_view verb, std::ostream& err) {
  if (problems.empty()) return {};
  base::WarningList list;
  for (const std::string& problem : problems) list.Add(problem);
  list.PrintTo(err);
  const std::string count = std::to_string(problems.size()) + " problem(s) in the ";
  if (keep_going) {
    err << "tilewalk " << verb << ": warning: going on with " << count
        << "passages and tours (--keep-going)\n";
    return {};
  }
  if (!folder)
    return base::Fail(base::Reason::Malformed,
                      count + "shipped passages and tours; fix them and rebuild, or pass --keep-going");
  return base::Fail(base::Reason::Malformed, count + "passages and tours of " + base::Quote(*folder) +
                                                 "; fix them, or pass --keep-going to use what loaded");
}

}  // namespace tilewalk::app
