// The user's settings file: where it lives (XDG_CONFIG_HOME, else ~/.config), what it holds, that a line it
// cannot read is a warning with file:line and keeps the default, and that it is written atomically into a
// temporary XDG_CONFIG_HOME, folder and all.
#include <doctest/doctest.h>

#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/gui/user_settings.hpp"

namespace tilewalk::app {
namespace {

// A fresh folder standing in for XDG_CONFIG_HOME, removed afterwards.
struct TempConfigHome {
  std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("tilewalk-settings-test-" + std::to_string(getpid()));
  TempConfigHome() { std::filesystem::remove_all(path); }
  ~TempConfigHome() { std::filesystem::remove_all(path); }
};

}  // namespace

TEST_CASE("settings path: XDG_CONFIG_HOME when absolute, else ~/.config, else none") {
  CHECK(SettingsPath("/x/config", "/home/u") == std::filesystem::path("/x/config/tilewalk/settings"));
  CHECK(SettingsPath(nullptr, "/home/u") == std::filesystem::path("/home/u/.config/tilewalk/settings"));
  CHECK(SettingsPath("", "/home/u") == std::filesystem::path("/home/u/.config/tilewalk/settings"));
  CHECK(SettingsPath("relative", "/home/u") == std::filesystem::path("/home/u/.config/tilewalk/settings"));
  CHECK_FALSE(SettingsPath(nullptr, nullptr));
  CHECK_FALSE(SettingsPath("", ""));
}

TEST_CASE("settings: what is written reads back the same") {
  const UserSettings s{.text_scale = 1.21f,
                       .classroom = true,
                       .step_unit = views::StepUnit::GridStep,
                       .axis = views::TimelineAxis::Time,
                       .speed = 12.0f,
                       .tour = "causal",
                       .stop = 4};
  std::vector<std::string> warnings;
  CHECK(ParseSettings(FormatSettings(s), "settings", warnings) == s);
  CHECK(warnings.empty());
  CHECK(ParseSettings(FormatSettings(UserSettings{}), "settings", warnings) == UserSettings{});
  CHECK(warnings.empty());
}

TEST_CASE("settings: a malformed line is a warning with file:line, and only that setting keeps its default") {
  std::vector<std::string> warnings;
  const UserSettings s = ParseSettings(
      "# comment\n"
      "axis = time\n"
      "text_scale = huge\n"
      "step_unit = fortnight\n"
      "no equals sign here\n"
      "colour = blue\n"
      "stop = 2.5\n"
      "classroom = true\r\n",
      "/cfg/tilewalk/settings", warnings);
  CHECK(s.axis == views::TimelineAxis::Time);
  CHECK(s.classroom);
  CHECK(s.text_scale == 1.0f);
  CHECK(s.step_unit == views::StepUnit::Statement);
  CHECK(s.stop == 1);
  REQUIRE(warnings.size() == 5);
  CHECK(warnings[0].find("/cfg/tilewalk/settings:3: text_scale = 'huge': expected a number") == 0);
  CHECK(warnings[1].find(":4: step_unit") != std::string::npos);
  CHECK(warnings[2].find(":5: 'no equals sign here' is not 'key = value'") != std::string::npos);
  CHECK(warnings[3].find(":6: unknown setting 'colour'") != std::string::npos);
  CHECK(warnings[4].find(":7: stop") != std::string::npos);
}

TEST_CASE("settings: saved atomically under a temporary XDG_CONFIG_HOME and loaded back") {
  TempConfigHome home;
  const auto file = SettingsPath(home.path.c_str(), nullptr);
  REQUIRE(file);
  std::vector<std::string> warnings;
  CHECK(LoadSettings(*file, warnings) == UserSettings{});  // no file yet: defaults, quietly
  CHECK(warnings.empty());
  const UserSettings s{.classroom = true, .tour = "intro", .stop = 3};
  CHECK_FALSE(SaveSettings(*file, s));
  CHECK(LoadSettings(*file, warnings) == s);
  CHECK(warnings.empty());
  int entries = 0;  // the temporary file was renamed, not left behind
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(file->parent_path())) ++entries;
  CHECK(entries == 1);
  // A file that is not text at all is still only warnings.
  std::ofstream(*file, std::ios::binary) << std::string("\x01\x02=\xff\n", 5);
  CHECK(LoadSettings(*file, warnings) == UserSettings{});
  CHECK_FALSE(warnings.empty());
}

TEST_CASE("settings: a folder that cannot be made is a message, not a crash") {
  const auto problem = SaveSettings("/dev/null/tilewalk/settings", {});
  REQUIRE(problem);
  CHECK(problem->find("cannot create /dev/null/tilewalk") == 0);
}

}  // namespace tilewalk::app
