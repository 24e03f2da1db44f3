#include "kernels/flash/scenario_options.hpp"

#include "kernels/api/memory_guard.hpp"
#include "kernels/api/scenario_args.hpp"
#include "kernels/flash/entry/kernel_entry.hpp"

namespace tilewalk::flash {

kernel::Scenario Erased(Scenario scenario) {
  return kernel::Scenario::Of(KernelEntry(), std::move(scenario));
}

base::Status CheckRunnable(const Scenario& s, const HostUse& use) {
  return kernel::CheckRunnable(Erased(s), use);
}

base::Result<Scenario> ParseScenario(std::span<const std::string> words, const Scenario& start) {
  const auto parsed = kernel::ParseScenario(words, Erased(start));
  if (!parsed) return parsed.error();
  return parsed->As<Scenario>();
}

std::vector<std::string> ScenarioToFlags(const Scenario& scenario) {
  return Erased(scenario).ToFlags();
}

std::string CanonicalScenario(const Scenario& scenario) {
  return Erased(scenario).Canonical();
}

std::string FlagsInWords(std::span<const std::string> words) {
  return kernel::FlagsInWords(KernelEntry().info().scenario, words);
}

}  // namespace tilewalk::flash
