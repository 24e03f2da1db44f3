// The user's settings file: where it lives (XDG_CONFIG_HOME, else ~/.config), what it holds, that a line it
// cannot read is a warning with file:line and keeps the default, that it is written safely into a
// temporary XDG_CONFIG_HOME, folder and all, and that what is in its place cannot block, fill memory or
// write control bytes to the terminal.
#include <doctest/doctest.h>

#include <sys/stat.h>
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
                       .stop = 4,
                       .splits = {.source = 0.3f, .passage = 0.55f, .grid = 0.0f},
                       .classroom_splits = {.source = 0.6f, .passage = 0.0f, .grid = 0.25f}};
  base::WarningList warnings;
  CHECK(ParseSettings(FormatSettings(s), "settings", warnings) == s);
  CHECK(warnings.empty());
  CHECK(ParseSettings(FormatSettings(UserSettings{}), "settings", warnings) == UserSettings{});
  CHECK(warnings.empty());
}

TEST_CASE("settings: the tour's kernel is written only when it is not the default, and read back") {
  const UserSettings defaulted{.tour = "causal", .stop = 2};
  CHECK(FormatSettings(defaulted).find("kernel") == std::string::npos);
  const UserSettings other{.tour = "causal", .kernel = "flash", .stop = 2};
  CHECK(FormatSettings(other).find("tour = causal\nkernel = flash\nstop = 2\n") != std::string::npos);
  base::WarningList warnings;
  CHECK(ParseSettings(FormatSettings(other), "settings", warnings) == other);
  CHECK(warnings.empty());
  const UserSettings unknown = ParseSettings("tour = x\nkernel = nope\n", "settings", warnings);
  CHECK(unknown.kernel.empty());
  std::ostringstream shown;
  warnings.PrintTo(shown, "");
  CHECK(shown.str().find("settings:2: kernel = 'nope': expected one of flash") != std::string::npos);
}

TEST_CASE("settings: splitter shares out of bounds are clamped with a warning, and junk keeps the default") {
  base::WarningList warnings;
  const UserSettings s = ParseSettings(
      "split.source = 0.99\n"
      "split.passage = 0.001\n"
      "split.grid = nan\n"
      "classroom_split.grid = 7\n"
      "classroom_split.source = 0.5\n",
      "settings", warnings);
  CHECK(s.splits.source == kLargestSplit);
  CHECK(s.splits.passage == kSmallestSplit);
  CHECK(s.splits.grid == 0.0f);
  CHECK(s.classroom_splits.grid == 0.0f);
  CHECK(s.classroom_splits.source == 0.5f);
  std::string all;
  for (const std::string& line : warnings.Lines()) all += line + "\n";
  CHECK(all.find("settings:1: split.source = 0.99 would squeeze a pane; clamped to 0.85") !=
        std::string::npos);
  CHECK(all.find("settings:2: split.passage") != std::string::npos);
  CHECK(all.find("settings:3: split.grid = 'nan': expected a share") != std::string::npos);
  CHECK(all.find("settings:4: classroom_split.grid = '7': expected a share") != std::string::npos);
  CHECK(all.find("settings:5") == std::string::npos);
}

TEST_CASE("settings: a malformed line is a warning with file:line, and only that setting keeps its default") {
  base::WarningList warnings;
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
  const std::vector<std::string> lines = warnings.Lines();
  REQUIRE(lines.size() == 5);
  CHECK(lines[0].find("/cfg/tilewalk/settings:3: text_scale = 'huge': expected a number") == 0);
  CHECK(lines[1].find(":4: step_unit") != std::string::npos);
  CHECK(lines[2].find(":5: 'no equals sign here' is not 'key = value'") != std::string::npos);
  CHECK(lines[3].find(":6: unknown setting 'colour'") != std::string::npos);
  CHECK(lines[4].find(":7: stop") != std::string::npos);
}

TEST_CASE("settings: saved atomically under a temporary XDG_CONFIG_HOME and loaded back") {
  TempConfigHome home;
  const auto file = SettingsPath(home.path.c_str(), nullptr);
  REQUIRE(file);
  base::WarningList warnings;
  CHECK(LoadSettings(*file, warnings) == UserSettings{});  // no file yet: defaults, quietly
  CHECK(warnings.empty());
  const UserSettings s{.classroom = true, .tour = "intro", .stop = 3};
  CHECK(SaveSettings(*file, s));
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
  const base::Status saved = SaveSettings("/dev/null/tilewalk/settings", {});
  REQUIRE_FALSE(saved);
  CHECK(saved.error().message.find("cannot create the folder '/dev/null/tilewalk'") == 0);
}

TEST_CASE("settings: a FIFO in the file's place neither blocks nor is read") {
  TempConfigHome home;
  const auto file = SettingsPath(home.path.c_str(), nullptr);
  std::filesystem::create_directories(file->parent_path());
  REQUIRE(mkfifo(file->c_str(), 0600) == 0);
  base::WarningList warnings;
  CHECK(LoadSettings(*file, warnings) == UserSettings{});  // returns at once: no writer is waited for
  REQUIRE(warnings.total() == 1);
  CHECK(warnings.Lines()[0].find("named pipe") != std::string::npos);
  CHECK(warnings.Lines()[0].find("the default settings are used") != std::string::npos);
}

TEST_CASE("settings: a link to /dev/zero is refused, not read until memory runs out") {
  TempConfigHome home;
  const auto file = SettingsPath(home.path.c_str(), nullptr);
  std::filesystem::create_directories(file->parent_path());
  std::filesystem::create_symlink("/dev/zero", *file);
  base::WarningList warnings;
  CHECK(LoadSettings(*file, warnings) == UserSettings{});
  REQUIRE(warnings.total() == 1);
  CHECK(warnings.Lines()[0].find("character device") != std::string::npos);
}

TEST_CASE("settings: a file over 64 KiB is refused by its size") {
  TempConfigHome home;
  const auto file = SettingsPath(home.path.c_str(), nullptr);
  std::filesystem::create_directories(file->parent_path());
  std::ofstream(*file) << std::string(64 * 1024 + 1, '#');
  base::WarningList warnings;
  CHECK(LoadSettings(*file, warnings) == UserSettings{});
  REQUIRE(warnings.total() == 1);
  CHECK(warnings.Lines()[0].find("64 KiB") != std::string::npos);
}

TEST_CASE("settings: garbage reaches the terminal escaped, and its warnings are capped") {
  std::string text = "axis = \x1b]0;owned\x07\x1b[31m\n";
  for (int i = 0; i < 200; ++i) text += "junk\r\n";
  base::WarningList warnings;
  ParseSettings(text, "settings\x1b[2J", warnings);
  std::ostringstream printed;
  warnings.PrintTo(printed, "tilewalk gui: warning: ");
  const std::string shown = printed.str();
  for (const char c : shown) CHECK_MESSAGE((c == '\n' || static_cast<unsigned char>(c) >= 0x20), shown);
  CHECK(shown.find("\\x1b]0;owned") != std::string::npos);
  CHECK(warnings.total() == 201);
  CHECK(shown.find("and 181 more") != std::string::npos);
}

TEST_CASE("settings: a value in a warning is cut short, so a long line cannot make a long message") {
  base::WarningList warnings;
  ParseSettings("speed = " + std::string(60000, '9') + "\n", "settings", warnings);
  REQUIRE(warnings.total() == 1);
  CHECK(warnings.Lines()[0].size() < 200);
}

}  // namespace tilewalk::app
