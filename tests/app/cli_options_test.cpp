// The one option parser as the verbs use it: every verb answers the same mistake with the same message
// (a table across verbs, run as whole command lines through RunCli), values are read from '=' or the next
// argument, a value that looks like an option is refused, and ranges are stated.
#include "app/cli_options.hpp"

#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "app/cli.hpp"
#include "app/gui/gui_verb.hpp"
#include "kernels/tpu/threads.hpp"
#include "tests/app/cli_run.hpp"

namespace tilewalk::app {
namespace {

using testing::CliRun;
using testing::RunCliLine;

// The first line of stderr, without the "tilewalk VERB: " prefix and the final period.
std::string Message(const CliRun& run, std::string_view verb) {
  std::string line = run.err.substr(0, run.err.find('\n'));
  const std::string prefix = "tilewalk " + std::string(verb) + ": ";
  if (line.starts_with(prefix)) line.erase(0, prefix.size());
  if (line.ends_with('.')) line.pop_back();
  return line;
}

// Per verb: a switch it has, an option that takes a value, and what that value is called.
struct VerbOptions {
  std::string_view verb, a_switch, a_value_option, needs;
  std::vector<std::string_view> required{};  // what the verb needs besides the option under test
};

const std::vector<VerbOptions>& Verbs() {
  static const std::vector<VerbOptions> verbs = {
      {"gui", "--classroom", "--size", "a size such as 1600x900"},
      {"check", "--json", "--dump", "a folder"},
      {"trace", "--causal", "--out", "a file name"},
      {"export", "--html", "--out", "a folder"},
      {"anchors", "--json", "--pallas-source", "a file"},
      {"tours", "", "--library", "a folder"},
      {"tour", "--print", "--library", "a folder", {"intro"}},
  };
  return verbs;
}

std::vector<std::string_view> Line(const VerbOptions& v, std::vector<std::string_view> args) {
  std::vector<std::string_view> line = {v.verb};
  line.insert(line.end(), v.required.begin(), v.required.end());
  line.insert(line.end(), args.begin(), args.end());
  return line;
}

}  // namespace

TEST_CASE("cli options: every verb answers the same mistake with the same message and exit code 2") {
  for (const VerbOptions& v : Verbs()) {
    CAPTURE(v.verb);
    const auto expect = [&](std::vector<std::string_view> args, const std::string& message) {
      CAPTURE(message);
      const CliRun run = RunCliLine(Line(v, args));
      CHECK(run.code == 2);
      CHECK(Message(run, v.verb) == message);
      CHECK(run.err.find("Run 'tilewalk " + std::string(v.verb) + " --help'") != std::string::npos);
    };
    expect({"--frobnicate"}, "unknown option '--frobnicate'");
    expect({"--frobnicate=3"}, "unknown option '--frobnicate'");
    expect({"stray", "words"},
           v.verb == "tour" ? "unexpected argument 'stray'; name one tour" : "unexpected argument 'stray'");
    if (!v.a_switch.empty()) {
      expect({std::string(v.a_switch) + "=1"}, std::string(v.a_switch) + " takes no value");
      expect({std::string(v.a_switch) + "=yes"}, std::string(v.a_switch) + " takes no value");
    }
    const std::string opt(v.a_value_option);
    expect({v.a_value_option}, opt + " needs " + std::string(v.needs));
    expect({opt + "="}, opt + " needs " + std::string(v.needs));
    expect({v.a_value_option, "--json"}, opt + " needs " + std::string(v.needs) + ", got '--json'");
  }
}

TEST_CASE(
    "cli options: the scenario flags of check, trace and export share their messages, ranges included") {
  for (std::string_view verb : {"check", "trace", "export"}) {
    CAPTURE(verb);
    const auto message = [&](std::vector<std::string_view> args) {
      std::vector<std::string_view> line = {verb};
      line.insert(line.end(), args.begin(), args.end());
      return Message(RunCliLine(line), verb);
    };
    CHECK(message({"--q-len", "x"}) == "--q-len got 'x': expected a whole number from 1 to 1048576");
    CHECK(message({"--q-len=0"}) == "--q-len got '0': expected a whole number from 1 to 1048576");
    CHECK(message({"--sm-scale=--5"}) == "--sm-scale got '--5': expected a number from 1e-06 to 1000000");
    CHECK(message({"--sm-scale", "1e30"}) ==
          "--sm-scale got '1e30': expected a number from 1e-06 to 1000000");
    CHECK(message({"--dtype", "float16"}) == "--dtype got 'float16': expected one of float32, bfloat16");
    CHECK(message({"--causal=yes"}) == "--causal takes no value");
  }
}

TEST_CASE("cli options: --threads on every verb that runs the kernels, in range, for one command line") {
  for (std::string_view verb : {"gui", "check", "trace", "export", "anchors", "tour"}) {
    CAPTURE(verb);
    const auto message = [&](std::vector<std::string_view> args) {
      std::vector<std::string_view> line = {verb};
      line.insert(line.end(), args.begin(), args.end());
      const CliRun run = RunCliLine(line);
      CHECK(run.code == 2);
      return Message(run, verb);
    };
    CHECK(message({"--threads", "0"}) == "--threads got '0': expected a whole number from 1 to 256");
    CHECK(message({"--threads=257"}) == "--threads got '257': expected a whole number from 1 to 256");
    CHECK(message({"--threads", "two"}) == "--threads got 'two': expected a whole number from 1 to 256");
    CHECK(message({"--threads"}) == "--threads needs a whole number");
    // A valid count, then a mistake: the verb stops, and the count does not outlive its command line.
    CHECK(message({"--threads", "255", "--frobnicate"}) == "unknown option '--frobnicate'");
    CHECK(tpu::DefaultThreadCount() != 255);
  }
}

TEST_CASE("cli options: every verb that loads a library takes --keep-going, with one help text") {
  std::string help;
  for (std::string_view verb : {"tours", "tour", "export", "gui"}) {
    CAPTURE(verb);
    std::ostringstream out, err;
    const std::vector<std::string_view> line = {verb, "--help"};
    REQUIRE(RunCli(line, out, err) == 0);
    const std::string text = out.str();
    const std::size_t at = text.find("--keep-going");
    REQUIRE(at != std::string::npos);
    const std::string line_of_it = text.substr(at, text.find('\n', at) - at);
    if (help.empty()) help = line_of_it;
    CHECK(line_of_it == help);
  }
  // A switch, like the others.
  CHECK(Message(RunCliLine({"tours", "--keep-going=yes"}), "tours") == "--keep-going takes no value");
}

TEST_CASE("cli options: sizes are WIDTHxHEIGHT with each side in range") {
  const auto size = ParsePixelSize("1600x900", 64, 16384);
  REQUIRE(size.ok());
  CHECK(size->width == 1600);
  CHECK(size->height == 900);
  CHECK(ParsePixelSize("800X600", 64, 16384)->height == 600);
  for (const std::string bad : {"12", "x", "100x", "x100", "+5x5", "1600x900x3", "1600 x 900", "axb", "",
                                "10x10", "99999x10", "-5x500"}) {
    CAPTURE(bad);
    const auto parsed = ParsePixelSize(bad, 64, 16384);
    REQUIRE(!parsed.ok());
    CHECK(parsed.error().message ==
          "expected WIDTHxHEIGHT in pixels, each side from 64 to 16384, such as 1600x900");
  }
}

TEST_CASE("gui options: defaults, each option from '=' or the next argument, and the rules between them") {
  const auto defaults = ParseGuiOptions({});
  REQUIRE(defaults.ok());
  CHECK(defaults->window_size.width == 1600);
  CHECK(defaults->window_size.height == 900);
  CHECK_FALSE(defaults->screenshot.has_value());

  const std::vector<std::string_view> args = {"--screenshot", "out/shot.png", "--size", "800x600",
                                              "--frames=5"};
  const auto shot = ParseGuiOptions(args);
  REQUIRE(shot.ok());
  REQUIRE(shot->screenshot.has_value());
  CHECK(*shot->screenshot == "out/shot.png");
  CHECK(shot->window_size.width == 800);
  CHECK(shot->screenshot_frames == 5);
  CHECK(shot->size_given);
  CHECK_FALSE(defaults->size_given);

  const auto message = [](std::vector<std::string_view> bad) {
    const auto parsed = ParseGuiOptions(bad);
    return parsed.ok() ? std::string("(accepted)") : parsed.error().message;
  };
  CHECK(message({"--frames", "5"}) == "--frames only applies with --screenshot or --layout-json");
  CHECK(message({"--screenshot", "a.png", "--frames", "1"}) ==
        "--frames got '1': expected a whole number from 3 to 100000");
  CHECK(message({"--stop", "0"}) == "--stop got '0': expected a whole number from 1 to 1000");
  const std::vector<std::string_view> layout_args = {"--layout-json", "out/layout.json", "--frames", "4"};
  const auto layout = ParseGuiOptions(layout_args);
  REQUIRE(layout.ok());
  CHECK(*layout->layout_json == "out/layout.json");
  CHECK(layout->screenshot_frames == 4);
  CHECK(message({"--layout-json", "l.json", "--gallery"}).find("it takes no --gallery") != std::string::npos);
}

}  // namespace tilewalk::app
