#include "kernels/api/scenario_presets.hpp"

#include <sstream>

namespace tilewalk::kernel {
namespace {
constexpr std::string_view kSuffix = ".flags";
}

std::vector<std::string> PresetNames(const ScenarioSchema& schema) {
  std::vector<std::string> names;
  for (const EmbeddedFile& f : schema.presets)
    if (f.name.ends_with(kSuffix)) names.emplace_back(f.name.substr(0, f.name.size() - kSuffix.size()));
  return names;
}

std::optional<std::string> PresetFlags(const ScenarioSchema& schema, std::string_view name) {
  for (const EmbeddedFile& f : schema.presets)
    if (f.name.size() == name.size() + kSuffix.size() && f.name.starts_with(name) &&
        f.name.ends_with(kSuffix))
      return std::string(f.text);
  return std::nullopt;
}

std::vector<std::string> PresetWords(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    std::istringstream in(line.substr(0, line.find('#')));
    for (std::string w; in >> w;) words.push_back(w);
  }
  return words;
}

}  // namespace tilewalk::kernel
