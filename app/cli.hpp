// The command-line boundary of tilewalk: global flags (--help, --version), dispatch to a verb from the verb
// table, and the one place where usage errors and unexpected exceptions become messages and exit codes.
// RunCli takes its streams as arguments so that tests can run a whole command line in-process.
#pragma once

#include <ostream>
#include <span>
#include <string_view>

namespace tilewalk::app {

int RunCli(std::span<const std::string_view> args, std::ostream& out, std::ostream& err);

// main() in a function: argv to string views, std::cout and std::cerr.
int Main(int argc, char** argv);

}  // namespace tilewalk::app
