// The contract of one command-line verb: a name, the text its --help prints, and a handler that gets the
// arguments after the verb. Handlers throw UsageError for bad arguments and return an ExitCode otherwise;
// cli.cpp is the one place that catches, prints and maps errors to exit codes.
#pragma once

#include <ostream>
#include <span>
#include <stdexcept>
#include <string_view>

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

using VerbHandler = ExitCode (*)(const VerbCall& call);

struct Verb {
  std::string_view name;      // what the user types: "gui"
  std::string_view summary;   // one line for `tilewalk --help`
  std::string_view synopsis;  // the arguments after the verb, for "Usage: tilewalk gui <synopsis>"
  std::string_view options;   // one line per option, already indented; `--help` is added by the CLI
  VerbHandler run = nullptr;
};

// A mistake on the command line. The message names what was wrong ("unknown option '--frobnicate'");
// the CLI adds the verb and where to find help.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace tilewalk::app
