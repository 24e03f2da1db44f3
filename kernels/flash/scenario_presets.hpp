// The named scenario presets shipped in assets/scenarios/, compiled into the binary.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/embedded_file.hpp"

std::span<const tilewalk::EmbeddedFile> ScenarioPresetFiles();  // generated

namespace tilewalk::flash {

std::vector<std::string> ScenarioPresetNames();
// The flags of a preset (file "NAME.flags"), or nullopt when there is no such preset.
std::optional<std::string> ScenarioPresetFlags(std::string_view name);

}  // namespace tilewalk::flash
