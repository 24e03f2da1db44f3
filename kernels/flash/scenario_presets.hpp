// The named scenario presets shipped in assets/flash/scenarios/, compiled into the binary.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "base/embedded_file.hpp"

std::span<const tilewalk::EmbeddedFile> ScenarioPresetFiles();  // generated

namespace tilewalk::flash {

// The presets' names: kernel::PresetNames of flash's schema.
std::vector<std::string> ScenarioPresetNames();

}  // namespace tilewalk::flash
