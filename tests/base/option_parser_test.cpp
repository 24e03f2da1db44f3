// The one option parser: both spellings of a value, switches that refuse one, values that look like
// options refused, positionals, a setter's refusal with the option and the value, and the help text.
#include "base/option_parser.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace tilewalk::base;

namespace {

struct Parsed {
  bool flag = false;
  std::string out;
  int count = 0;
};

std::vector<OptionSpec> Specs(Parsed& into) {
  return {{.name = "--flag",
           .value_name = "",
           .needs = "",
           .help = "a switch",
           .set = [&into](std::string_view) -> Status {
             into.flag = true;
             return Ok();
           }},
          {.name = "--out",
           .value_name = "FILE",
           .needs = "a file name",
           .help = "where to write\nover two lines",
           .set = [&into](std::string_view v) -> Status {
             into.out = std::string(v);
             return Ok();
           }},
          {.name = "--count",
           .value_name = "N",
           .needs = "a count",
           .help = "how many",
           .set = [&into](std::string_view v) -> Status {
             if (v != "1" && v != "2") return Fail(Reason::Usage, "expected 1 or 2");
             into.count = v[0] - '0';
             return Ok();
           }}};
}

std::string Refusal(std::vector<std::string_view> args, bool positional = false) {
  Parsed parsed;
  const auto result = ParseOptions(args, Specs(parsed), positional);
  return result.ok() ? std::string("(accepted)") : result.error().message;
}

}  // namespace

TEST_CASE("option parser: values from '=' or the next argument, in order") {
  Parsed parsed;
  const std::vector<std::string_view> args = {"--out=b.json", "--flag", "--count", "2", "--flag"};
  const auto result = ParseOptions(args, Specs(parsed));
  REQUIRE(result.ok());
  CHECK(result->empty());
  CHECK(parsed.flag);
  CHECK(parsed.out == "b.json");
  CHECK(parsed.count == 2);
}

TEST_CASE("option parser: one message for each kind of mistake") {
  CHECK(Refusal({"--frobnicate"}) == "unknown option '--frobnicate'");
  CHECK(Refusal({"--frobnicate=1"}) == "unknown option '--frobnicate'");
  CHECK(Refusal({"--flag=yes"}) == "--flag takes no value");
  CHECK(Refusal({"--out"}) == "--out needs a file name");
  CHECK(Refusal({"--out="}) == "--out needs a file name");
  CHECK(Refusal({"--out", ""}) == "--out needs a file name");
  CHECK(Refusal({"--out", "--flag"}) == "--out needs a file name, got '--flag'");
  CHECK(Refusal({"--out=--flag"}) == "(accepted)");  // '=' says it is the value
  CHECK(Refusal({"--count", "3"}) == "--count got '3': expected 1 or 2");
  CHECK(Refusal({"--count", "-1"}) == "--count got '-1': expected 1 or 2");  // a negative number is a value
  CHECK(Refusal({"stray"}) == "unexpected argument 'stray'");
  CHECK(Refusal({"-"}) == "unexpected argument '-'");
}

TEST_CASE("option parser: an option that takes a value is refused when it is given twice") {
  CHECK(Refusal({"--out", "a.json", "--out", "b.json"}) ==
        "--out is given twice ('a.json', then 'b.json'); give it once");
  CHECK(Refusal({"--out=a.json", "--flag", "--out=a.json"}) ==
        "--out is given twice ('a.json', then 'a.json'); give it once");
  CHECK(Refusal({"--count", "1", "--count", "2"}) == "--count is given twice ('1', then '2'); give it once");
  CHECK(Refusal({"--flag", "--flag"}) == "(accepted)");  // a switch twice is the same switch
}

TEST_CASE("option parser: a repeatable option collects every value, in order") {
  std::vector<std::string> files;
  const std::vector<OptionSpec> specs = {{.name = "--file",
                                          .value_name = "PATH",
                                          .needs = "a file",
                                          .help = "a file, once or more",
                                          .set = [&](std::string_view value) -> Status {
                                            files.emplace_back(value);
                                            return {};
                                          },
                                          .repeatable = true}};
  const std::vector<std::string_view> args = {"--file", "a.py", "--file=b.py"};
  REQUIRE(ParseOptions(args, specs).ok());
  CHECK(files == std::vector<std::string>{"a.py", "b.py"});
  const std::vector<std::string_view> empty = {"--file", "a.py", "--file="};
  CHECK(ParseOptions(empty, specs).error().message == "--file needs a file");
}

TEST_CASE("option parser: positionals come back in order when allowed") {
  Parsed parsed;
  const std::vector<std::string_view> args = {"fetch", "--flag", "more"};
  const auto result = ParseOptions(args, Specs(parsed), /*positional_allowed=*/true);
  REQUIRE(result.ok());
  CHECK(*result == std::vector<std::string_view>{"fetch", "more"});
}

TEST_CASE("option parser: the help lists each option with its value name, continuation lines indented") {
  Parsed parsed;
  const std::string help = OptionsHelp(Specs(parsed));
  CHECK(help.find("  --flag                     a switch\n") != std::string::npos);
  CHECK(help.find(
            "  --out FILE                 where to write\n                             over two lines\n") !=
        std::string::npos);
}
