#include "app/gui/user_settings.hpp"

#include <cstdlib>
#include <sstream>

#include "base/bounded_read.hpp"
#include "base/number_text.hpp"
#include "base/os_error.hpp"
#include "base/safe_output.hpp"
#include "base/text_trim.hpp"
#include "base/user_text.hpp"
#include "kernels/registry/registry.hpp"

namespace tilewalk::app {
namespace {

constexpr const char* kUnitNames[] = {"statement", "dma", "grid-step", "launch"};
static_assert(std::size(kUnitNames) == static_cast<std::size_t>(views::StepUnit::kCount),
              "one settings name per step unit");

// A value as a warning quotes it: a long one is cut, so that one bad line cannot make a huge message.
std::string Excerpt(std::string_view value) {
  constexpr std::size_t kShown = 60;
  return value.size() <= kShown ? std::string(value) : std::string(value.substr(0, kShown)) + "…";
}

std::optional<float> Number(std::string_view s, float low, float high) {
  const auto v = base::ParseReal(s, low, high);
  return v ? std::optional<float>(static_cast<float>(*v)) : std::nullopt;
}

// "split.source" → &s.splits.source, "classroom_split.grid" → &s.classroom_splits.grid; null otherwise.
float* SplitNamed(UserSettings& s, std::string_view key) {
  for (auto [prefix, splits] : {std::pair{std::string_view("split."), &s.splits},
                                std::pair{std::string_view("classroom_split."), &s.classroom_splits}}) {
    if (!key.starts_with(prefix)) continue;
    const std::string_view field = key.substr(prefix.size());
    if (field == "source") return &splits->source;
    if (field == "passage") return &splits->passage;
    if (field == "grid") return &splits->grid;
  }
  return nullptr;
}

}  // namespace

std::optional<std::filesystem::path> SettingsPath(const char* xdg_config_home, const char* home) {
  // The XDG spec ignores a relative XDG_CONFIG_HOME.
  if (xdg_config_home != nullptr && xdg_config_home[0] == '/')
    return std::filesystem::path(xdg_config_home) / "tilewalk" / "settings";
  if (home != nullptr && home[0] != '\0')
    return std::filesystem::path(home) / ".config" / "tilewalk" / "settings";
  return std::nullopt;
}

std::optional<std::filesystem::path> SettingsPathFromEnvironment() {
  return SettingsPath(std::getenv("XDG_CONFIG_HOME"), std::getenv("HOME"));
}

UserSettings ParseSettings(std::string_view text, const std::string& file, base::WarningList& warnings) {
  UserSettings s;
  int line_number = 0;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    const std::string_view line = base::TrimBlanks(text.substr(0, end));
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    ++line_number;
    if (line.empty() || line.front() == '#') continue;
    const auto warn = [&](const std::string& what) {
      warnings.Add(file + ":" + std::to_string(line_number) + ": " + what + "; it keeps its default");
    };
    const std::size_t eq = line.find('=');
    if (eq == std::string_view::npos) {
      warn("'" + Excerpt(line) + "' is not 'key = value'");
      continue;
    }
    const std::string key(base::TrimBlanks(line.substr(0, eq)));
    const std::string_view value = base::TrimBlanks(line.substr(eq + 1));
    const auto bad = [&](const char* expected) {
      warn(Excerpt(key) + " = '" + Excerpt(value) + "': expected " + expected);
    };
    if (key == "text_scale") {
      if (auto v = Number(value, 0.6f, 2.5f))
        s.text_scale = *v;
      else
        bad("a number from 0.6 to 2.5");
    } else if (key == "speed") {
      if (auto v = Number(value, 1.0f, 120.0f))
        s.speed = *v;
      else
        bad("a number from 1 to 120");
    } else if (key == "classroom" || key == "reduce_motion") {
      if (value == "true" || value == "false")
        (key == "classroom" ? s.classroom : s.reduce_motion) = value == "true";
      else
        bad("true or false");
    } else if (key == "axis") {
      if (value == "events")
        s.axis = views::TimelineAxis::Events;
      else if (value == "time")
        s.axis = views::TimelineAxis::Time;
      else
        bad("events or time");
    } else if (key == "step_unit") {
      bool found = false;
      for (std::size_t u = 0; u < std::size(kUnitNames); ++u) {
        if (value == kUnitNames[u]) {
          s.step_unit = static_cast<views::StepUnit>(u);
          found = true;
        }
      }
      if (!found) bad("statement, dma, grid-step or launch");
    } else if (float* split = SplitNamed(s, key)) {
      const auto v = base::ParseReal(value, 0.0, 1.0);
      if (!v) {
        bad("a share of the screen from 0 (the layout's own) to 1");
      } else {
        *split = ClampSplit(static_cast<float>(*v));
        if (*split != static_cast<float>(*v))
          warnings.Add(file + ":" + std::to_string(line_number) + ": " + key + " = " + Excerpt(value) +
                       " would squeeze a pane; clamped to " + base::ShortestText(*split));
      }
    } else if (key == "tour") {
      s.tour = std::string(value);
    } else if (key == "kernel") {
      if (kernel::FindKernel(value) != nullptr)
        s.kernel = std::string(value);
      else
        bad(("one of " + kernel::KernelNames()).c_str());
    } else if (key == "stop") {
      if (auto v = Number(value, 1.0f, 1000.0f); v && *v == static_cast<float>(static_cast<int>(*v)))
        s.stop = static_cast<int>(*v);
      else
        bad("a whole number from 1");
    } else {
      warn("unknown setting '" + Excerpt(key) + "'");
    }
  }
  return s;
}

std::string FormatSettings(const UserSettings& s) {
  std::ostringstream out;
  out << "# tilewalk settings, written by the app when it closes\n"
      << "text_scale = " << base::ShortestText(s.text_scale) << "\n"
      << "classroom = " << (s.classroom ? "true" : "false") << "\n"
      << "reduce_motion = " << (s.reduce_motion ? "true" : "false") << "\n"
      << "step_unit = " << kUnitNames[static_cast<std::size_t>(s.step_unit)] << "\n"
      << "axis = " << (s.axis == views::TimelineAxis::Time ? "time" : "events") << "\n"
      << "speed = " << base::ShortestText(s.speed) << "\n";
  for (auto [prefix, splits] :
       {std::pair{"split.", &s.splits}, std::pair{"classroom_split.", &s.classroom_splits}})
    out << prefix << "source = " << base::ShortestText(splits->source) << "\n"
        << prefix << "passage = " << base::ShortestText(splits->passage) << "\n"
        << prefix << "grid = " << base::ShortestText(splits->grid) << "\n";
  if (!s.tour.empty()) {
    out << "tour = " << s.tour << "\n";
    if (!s.kernel.empty()) out << "kernel = " << s.kernel << "\n";
    out << "stop = " << s.stop << "\n";
  }
  return out.str();
}

UserSettings LoadSettings(const std::filesystem::path& file, base::WarningList& warnings) {
  const auto text = base::ReadTextFile(file, base::kSettingsCap);
  if (!text) {
    if (text.error().reason != base::Reason::NotFound)
      warnings.Add(text.error().message + "; the default settings are used");
    return {};
  }
  const base::UserText checked = base::CheckUserText(*text);
  if (checked.issue)
    warnings.Add(file.string() + ":" + std::to_string(checked.issue->line) + ": " + checked.issue->message);
  return ParseSettings(checked.text, file.string(), warnings);
}

base::Status SaveSettings(const std::filesystem::path& file, const UserSettings& settings) {
  std::error_code ec;
  std::filesystem::create_directories(file.parent_path(), ec);
  if (ec)
    return base::Fail(base::Reason::Unwritable, "cannot create the folder " +
                                                    base::Quote(file.parent_path()) + " (" + ec.message() +
                                                    "), so the settings were not saved");
  return base::WriteFileContent(file, FormatSettings(settings));
}

}  // namespace tilewalk::app
