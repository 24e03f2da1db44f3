// A command line run in this process, as main() runs it: its exit code and what it printed on each stream.
#pragma once

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "app/cli.hpp"

namespace tilewalk::app::testing {

struct CliRun {
  int code = -1;
  std::string out{}, err{};
};

inline CliRun RunCliLine(std::vector<std::string_view> args) {
  std::ostringstream out, err;
  CliRun run;
  run.code = RunCli(args, out, err);
  run.out = out.str();
  run.err = err.str();
  return run;
}

}  // namespace tilewalk::app::testing
