// What the app remembers for the user between runs: the text size, classroom mode, the timeline's step unit,
// axis and speed, the tour, its kernel and stop last open (reopened when no --tour is given), and where the
// pane splitters were dragged (a share out of bounds is clamped, with a warning). One small text file, `key =
// value` a line, under the XDG config folder ($XDG_CONFIG_HOME, else ~/.config)/tilewalk/settings, written
// through the one safe writer. It is read with a cap (base::kSettingsCap, 64 KiB) and only when it is a
// regular file, so a FIFO or a link to /dev/zero in its place cannot block or fill memory at start-up. A line
// that cannot be read is a warning, escaped for the terminal and capped in number, and keeps its default; it
// never stops the app. Runs that render for a file or a measurement (--screenshot, --benchmark-frames)
// neither read nor write it.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "app/screen/tour_layout.hpp"
#include "app/views/timeline_picture.hpp"
#include "base/result.hpp"
#include "base/terminal_text.hpp"

namespace tilewalk::app {

struct UserSettings {
  float text_scale = 1.0f;  // Ctrl +/-: times the size the window height gives
  bool classroom = false;
  bool reduce_motion = false;  // View > Reduce motion: steps are instant
  views::StepUnit step_unit = views::StepUnit::Statement;
  views::TimelineAxis axis = views::TimelineAxis::Events;
  float speed = 8.0f;                         // steps per second of playback
  std::string tour{};                         // the tour last open; empty: none yet
  std::string kernel{};                       // its kernel; empty: the default one (written only otherwise)
  int stop = 1;                               // its stop, from 1
  LayoutSplits splits{}, classroom_splits{};  // where the pane splitters were dragged; 0: the layout's own

  bool operator==(const UserSettings&) const = default;
};

// The settings file for these environment values (either may be null or empty); nullopt when neither gives
// a folder.
std::optional<std::filesystem::path> SettingsPath(const char* xdg_config_home, const char* home);
std::optional<std::filesystem::path> SettingsPathFromEnvironment();

// Reads settings text in one pass; each line it cannot use adds "file:line: what is wrong" to `warnings`.
UserSettings ParseSettings(std::string_view text, const std::string& file, base::WarningList& warnings);
std::string FormatSettings(const UserSettings& settings);

// A missing file gives the defaults and no warning; one that cannot be read (not a regular file, over the
// cap, no permission), the defaults and a warning.
UserSettings LoadSettings(const std::filesystem::path& file, base::WarningList& warnings);
// Creates the folder if needed and writes the file through the one safe writer.
base::Status SaveSettings(const std::filesystem::path& file, const UserSettings& settings);

}  // namespace tilewalk::app
