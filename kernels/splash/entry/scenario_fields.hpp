// Splash's scenario vocabulary, one kernel::ScenarioField per setting of a SplashScenario: what the flags,
// their --help, the flags written back, JSON, `gui --script`'s `set` and the Scenario pane read. Keys and
// flags that flash's table has too mean the same here.
#pragma once

#include <span>
#include <string_view>

#include "kernels/api/scenario_field.hpp"

namespace tilewalk::splash {

std::span<const std::string_view> SplashFieldGroupNames();      // "shapes", "mask", ...
std::span<const kernel::ScenarioField> SplashScenarioFields();  // in the order of --help and the pane

}  // namespace tilewalk::splash
