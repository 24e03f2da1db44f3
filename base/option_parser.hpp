// The one option parser of every verb, and of the scenario words in tours: "--name value" and
// "--name=value", switches that take no value, values that look like options refused, and one set of
// messages for all of them:
//   unknown option '--frobnicate'
//   --classroom takes no value
//   --dump needs a folder, got '--json'
//   --q-len got 'x': expected a whole number from 1 to 1048576
//   unexpected argument 'foo'
//   --launch is given twice ('fwd', then 'dq'); give it once
// A verb lists its options as OptionSpecs (each with a setter that returns a Status) and calls
// ParseOptions once; --help text comes from the same list.
#pragma once

#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.hpp"

namespace tilewalk::base {

struct OptionSpec {
  std::string_view name;        // "--out"
  std::string_view value_name;  // "FILE.json" in --help; empty: a switch, which takes no value
  std::string_view needs;       // "a file name": completes "--out needs a file name"
  std::string help;             // what it does; more lines after '\n'
  // Receives the value ("" for a switch). A failure's message is the expectation, "expected a folder",
  // which the parser places after "--out got 'x': ".
  std::function<Status(std::string_view value)> set;
  // An option that collects its values (one file per kernel), so that a repeat is not refused.
  bool repeatable = false;
};

// Parses `args` against `specs`, calling each option's setter in command-line order. An option that takes
// a value may be given once unless it is repeatable: of two values, only one could count, so a repeat is
// refused rather than one of them silently dropped (a switch given twice is the same switch). Arguments that
// are not options are returned when `positional_allowed` is true, else refused. The first problem stops the
// parse; its Error has Reason::Usage.
Result<std::vector<std::string_view>> ParseOptions(std::span<const std::string_view> args,
                                                   std::span<const OptionSpec> specs,
                                                   bool positional_allowed = false);

// One line per option, "  --out FILE.json            help", continuation lines indented under the help.
std::string OptionsHelp(std::span<const OptionSpec> specs);

// The message for a value an option cannot take: "--q-len got 'x': expected ...".
std::string GotMessage(std::string_view option, std::string_view value, std::string_view expectation);

}  // namespace tilewalk::base
