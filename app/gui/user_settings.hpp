// What the app remembers for the user between runs: the text size, classroom mode, the timeline's step unit,
// axis and speed, and the tour and stop last open (reopened when no --tour is given). One small text file,
// `key = value` a line, under the XDG config folder ($XDG_CONFIG_HOME, else ~/.config)/tilewalk/settings,
// written atomically. A line that cannot be read is a warning and keeps its default; it never stops the app.
// Runs that render for a file or a measurement (--screenshot, --benchmark-frames) neither read nor write it.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/views/timeline_picture.hpp"

namespace tilewalk::app {

struct UserSettings {
  float text_scale = 1.0f;  // Ctrl +/-: times the size the window height gives
  bool classroom = false;
  views::StepUnit step_unit = views::StepUnit::Statement;
  views::TimelineAxis axis = views::TimelineAxis::Events;
  float speed = 8.0f;  // steps per second of playback
  std::string tour{};  // the tour last open; empty: none yet
  int stop = 1;        // its stop, from 1

  bool operator==(const UserSettings&) const = default;
};

// The settings file for these environment values (either may be null or empty); nullopt when neither gives
// a folder.
std::optional<std::filesystem::path> SettingsPath(const char* xdg_config_home, const char* home);
std::optional<std::filesystem::path> SettingsPathFromEnvironment();

// Reads settings text; each line it cannot use adds "file:line: what is wrong" to `warnings`.
UserSettings ParseSettings(std::string_view text, const std::string& file,
                           std::vector<std::string>& warnings);
std::string FormatSettings(const UserSettings& settings);

// A missing file gives the defaults and no warning; an unreadable one, the defaults and a warning.
UserSettings LoadSettings(const std::filesystem::path& file, std::vector<std::string>& warnings);
// Creates the folder if needed and replaces the file atomically; nullopt, or why it could not.
std::optional<std::string> SaveSettings(const std::filesystem::path& file, const UserSettings& settings);

}  // namespace tilewalk::app
