// The contract of one command-line verb: a name, the text its --help prints, and a handler that gets the
// arguments after the verb. A handler returns an exit code, or an Error: cli.cpp is the one place that
// prints errors and maps them to exit codes (a Reason::Usage error to 2 with a pointer to --help, any
// other to 1).
#pragma once

#include <ostream>
#include <span>
#include <string>
#include <string_view>

#include "base/result.hpp"

namespace tilewalk::app {

enum class ExitCode : int {
  Ok = 0,
  Failure = 1,    // the verb ran and failed: a file could not be written, a resource was missing
  Usage = 2,      // the command line was wrong
  NoDisplay = 3,  // a window was needed and there is no display to open it on
};

struct VerbCall {
  std::string_view verb;                   // the verb's name, for messages
  std::span<const std::string_view> args;  // everything after the verb
  std::ostream& out;
  std::ostream& err;
};

using VerbResult = base::Result<ExitCode>;
using VerbHandler = VerbResult (*)(const VerbCall& call);

struct Verb {
  std::string_view name;               // what the user types: "gui"
  std::string_view summary;            // one line for `tilewalk --help`
  std::string_view synopsis;           // the arguments after the verb, for "Usage: tilewalk gui <synopsis>"
  std::string (*options)() = nullptr;  // one line per option, from the verb's option list
  VerbHandler run = nullptr;
};

}  // namespace tilewalk::app
