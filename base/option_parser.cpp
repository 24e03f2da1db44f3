#include "base/option_parser.hpp"

#include <algorithm>
#include <utility>

#include "base/terminal_text.hpp"

namespace tilewalk::base {
namespace {

constexpr std::size_t kHelpColumn = 29;  // where the help text starts in --help

// What the user typed, as a message quotes it: cut to what shows as 60 characters, not escaped. A usage
// error is escaped where it is printed (the verb's, or a library's problem that quotes a stop's flags), so
// that it is escaped once.
std::string InQuotes(std::string_view text) {
  return "'" + CutText(text) + "'";
}

// "--json" or "-h": an argument the user meant as an option. A negative number ("-5") is a value.
bool LooksLikeOption(std::string_view arg) {
  return arg.starts_with("--") || arg == "-h";
}

const OptionSpec* Find(std::span<const OptionSpec> specs, std::string_view name) {
  const auto it =
      std::find_if(specs.begin(), specs.end(), [&](const OptionSpec& s) { return s.name == name; });
  return it == specs.end() ? nullptr : &*it;
}

std::string Needs(const OptionSpec& spec) {
  return std::string(spec.name) + " needs " + std::string(spec.needs.empty() ? "a value" : spec.needs);
}

}  // namespace

std::string GotMessage(std::string_view option, std::string_view value, std::string_view expectation) {
  return std::string(option) + " got " + InQuotes(value) + ": " + std::string(expectation);
}

Result<std::vector<std::string_view>> ParseOptions(std::span<const std::string_view> args,
                                                   std::span<const OptionSpec> specs,
                                                   bool positional_allowed) {
  std::vector<std::string_view> positional;
  std::vector<std::pair<const OptionSpec*, std::string_view>> values;  // each value option's one value
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view arg = args[i];
    if (!arg.starts_with("-") || arg == "-") {
      if (!positional_allowed) return Fail(Reason::Usage, "unexpected argument " + InQuotes(arg));
      positional.push_back(arg);
      continue;
    }
    const std::size_t equals = arg.find('=');
    const std::string_view name = arg.substr(0, equals);
    const OptionSpec* spec = Find(specs, name);
    if (spec == nullptr) return Fail(Reason::Usage, "unknown option " + InQuotes(name));
    std::string_view value;
    if (spec->value_name.empty()) {
      if (equals != std::string_view::npos) return Fail(Reason::Usage, std::string(name) + " takes no value");
    } else if (equals != std::string_view::npos) {
      value = arg.substr(equals + 1);
      if (value.empty()) return Fail(Reason::Usage, Needs(*spec));
    } else {
      if (i + 1 >= args.size()) return Fail(Reason::Usage, Needs(*spec));
      if (LooksLikeOption(args[i + 1]))
        return Fail(Reason::Usage, Needs(*spec) + ", got " + InQuotes(args[i + 1]));
      value = args[++i];
      if (value.empty()) return Fail(Reason::Usage, Needs(*spec));
    }
    if (!spec->value_name.empty() && !spec->repeatable) {
      const auto earlier =
          std::find_if(values.begin(), values.end(), [&](const auto& v) { return v.first == spec; });
      if (earlier != values.end())
        return Fail(Reason::Usage, std::string(name) + " is given twice (" + InQuotes(earlier->second) +
                                       ", then " + InQuotes(value) + "); give it once");
      values.emplace_back(spec, value);
    }
    if (const Status set = spec->set(value); !set)
      return Fail(Reason::Usage, spec->value_name.empty() ? set.error().message
                                                          : GotMessage(name, value, set.error().message));
  }
  return positional;
}

std::string OptionsHelp(std::span<const OptionSpec> specs) {
  std::string text;
  for (const OptionSpec& spec : specs) {
    std::string left = "  " + std::string(spec.name);
    if (!spec.value_name.empty()) left += " " + std::string(spec.value_name);
    left.resize(std::max(left.size() + 1, kHelpColumn), ' ');
    std::string_view help = spec.help;
    bool first = true;
    while (!help.empty() || first) {
      const std::size_t newline = help.find('\n');
      text += (first ? left : std::string(kHelpColumn, ' ')) + std::string(help.substr(0, newline)) + "\n";
      help = newline == std::string_view::npos ? std::string_view() : help.substr(newline + 1);
      first = false;
    }
  }
  return text;
}

}  // namespace tilewalk::base
