#include "kernels/flash/scenario_presets.hpp"

#include "kernels/api/scenario_presets.hpp"
#include "kernels/flash/entry/kernel_entry.hpp"

namespace tilewalk::flash {

std::vector<std::string> ScenarioPresetNames() {
  return kernel::PresetNames(KernelEntry().info().scenario);
}

}  // namespace tilewalk::flash
