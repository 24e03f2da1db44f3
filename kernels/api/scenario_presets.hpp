// A kernel's named scenario presets: the embedded files "NAME.flags" of its ScenarioSchema, whose words are
// scenario options ('#' to the end of a line is a comment). `--scenario NAME` applies one.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/api/scenario.hpp"

namespace tilewalk::kernel {

std::vector<std::string> PresetNames(const ScenarioSchema& schema);
// The flags of a preset (file "NAME.flags"), or nullopt when there is no such preset.
std::optional<std::string> PresetFlags(const ScenarioSchema& schema, std::string_view name);
// A preset file's words: whitespace-separated, '#' to the end of a line is a comment.
std::vector<std::string> PresetWords(const std::string& text);

}  // namespace tilewalk::kernel
