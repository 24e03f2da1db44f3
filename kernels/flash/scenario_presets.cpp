#include "kernels/flash/scenario_presets.hpp"

namespace tilewalk::flash {

namespace {
constexpr std::string_view kSuffix = ".flags";
}

std::vector<std::string> ScenarioPresetNames() {
  std::vector<std::string> names;
  for (const EmbeddedFile& f : ScenarioPresetFiles())
    if (f.name.ends_with(kSuffix)) names.emplace_back(f.name.substr(0, f.name.size() - kSuffix.size()));
  return names;
}

std::optional<std::string> ScenarioPresetFlags(std::string_view name) {
  for (const EmbeddedFile& f : ScenarioPresetFiles())
    if (f.name.size() == name.size() + kSuffix.size() && f.name.starts_with(name) &&
        f.name.ends_with(kSuffix))
      return std::string(f.text);
  return std::nullopt;
}

}  // namespace tilewalk::flash
