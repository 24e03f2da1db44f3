// Option parsing shared by the verbs, and the gui verb's own options: what is accepted, and that every
// rejection is a UsageError whose message names the offending option or value.
#include "app/cli_args.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "app/gui/gui_verb.hpp"
#include "app/verb.hpp"

namespace tilewalk::app {
namespace {

std::string UsageMessage(auto&& call) {
  try {
    call();
  } catch (const UsageError& e) {
    return e.what();
  }
  return "(no UsageError)";
}

GuiOptions ParseGui(std::vector<std::string_view> args) {
  return ParseGuiOptions(args);
}

}  // namespace

TEST_CASE("cli args: sizes are WIDTHxHEIGHT within range") {
  const PixelSize size = ParsePixelSize("1600x900", "--size");
  CHECK(size.width == 1600);
  CHECK(size.height == 900);
  CHECK(ParsePixelSize("800X600", "--size").height == 600);
  for (const std::string bad : {"12", "x", "100x", "x100", "+5x5", "1600x900x3", "1600 x 900", "axb", ""}) {
    CAPTURE(bad);
    const std::string message = UsageMessage([&] { ParsePixelSize(bad, "--size"); });
    CHECK(message.find("--size") != std::string::npos);
    CHECK(message.find("WIDTHxHEIGHT") != std::string::npos);
  }
  CHECK(UsageMessage([] { ParsePixelSize("10x10", "--size"); }).find("out of range") != std::string::npos);
  CHECK(UsageMessage([] { ParsePixelSize("99999x10", "--size"); }).find("out of range") != std::string::npos);
  CHECK(UsageMessage([] { ParsePixelSize("-5x500", "--size"); }).find("64 to 16384") != std::string::npos);
}

TEST_CASE("cli args: integers are whole numbers within range") {
  CHECK(ParseInt("7", "--frames", 3, 10) == 7);
  CHECK(UsageMessage([] { ParseInt("7.5", "--frames", 3, 10); }).find("whole number") != std::string::npos);
  CHECK(UsageMessage([] { ParseInt("", "--frames", 3, 10); }).find("whole number") != std::string::npos);
  CHECK(UsageMessage([] { ParseInt("2", "--frames", 3, 10); }).find("3 to 10") != std::string::npos);
}

TEST_CASE("cli args: options take their value from '=' or from the next argument") {
  const std::vector<std::string_view> args{"--size=800x600", "--screenshot", "a.png"};
  ArgReader reader(args);
  CHECK(reader.NextOption() == "--size");
  CHECK(reader.Value() == "800x600");
  CHECK(reader.NextOption() == "--screenshot");
  CHECK(reader.Value() == "a.png");
  CHECK(reader.Done());
}

TEST_CASE("gui options: defaults, and each option") {
  const GuiOptions defaults = ParseGui({});
  CHECK(defaults.window_size.width == 1600);
  CHECK(defaults.window_size.height == 900);
  CHECK_FALSE(defaults.screenshot.has_value());

  const GuiOptions shot = ParseGui({"--screenshot", "out/shot.png", "--size", "800x600", "--frames=5"});
  REQUIRE(shot.screenshot.has_value());
  CHECK(*shot.screenshot == "out/shot.png");
  CHECK(shot.window_size.width == 800);
  CHECK(shot.screenshot_frames == 5);
}

TEST_CASE("gui options: mistakes are usage errors that name the option") {
  CHECK(UsageMessage([] { ParseGui({"--frobnicate"}); }) == "unknown option '--frobnicate'");
  CHECK(UsageMessage([] { ParseGui({"--frobnicate=3"}); }) == "unknown option '--frobnicate'");
  CHECK(UsageMessage([] { ParseGui({"stray"}); }) == "unexpected argument 'stray'");
  CHECK(UsageMessage([] { ParseGui({"--screenshot"}); }) == "option '--screenshot' needs a value");
  CHECK(UsageMessage([] { ParseGui({"--screenshot="}); }).find("file name") != std::string::npos);
  CHECK(UsageMessage([] {
          ParseGui({"--frames", "5"});
        }).find("only applies with --screenshot") != std::string::npos);
  CHECK(UsageMessage([] {
          ParseGui({"--screenshot", "a.png", "--frames", "1"});
        }).find("--frames") != std::string::npos);
}

}  // namespace tilewalk::app
