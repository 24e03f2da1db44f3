// Scenario fields as command-line words, through the one option parser, for any kernel: the flags of every
// verb that runs a kernel (check, trace, export), the `scenario:` and `try:` words of tours, and the
// kernel's presets. A --scenario NAME preset applies first wherever it stands, so explicit flags override
// it.
#pragma once

#include <span>
#include <string>
#include <utility>
#include <vector>

#include "base/option_parser.hpp"
#include "kernels/api/kernel.hpp"

namespace tilewalk::kernel {

// Collects the scenario options of one parse; a verb adds Specs() to its own and calls Build() after.
class ScenarioArgs {
 public:
  explicit ScenarioArgs(const Kernel& kernel) : m_kernel(&kernel) {}
  // --scenario NAME, then one option per field of the kernel's table. The specs refer to this object: keep
  // it alive.
  std::vector<base::OptionSpec> Specs();
  bool given() const { return !m_preset.empty() || !m_values.empty(); }  // any scenario option at all
  const Kernel& kernel() const { return *m_kernel; }
  // The kernel's defaults, replaced by the preset when there is one, then every field in command-line
  // order. Failure: a preset that does not read (Reason::Usage).
  base::Result<Scenario> Build() const;
  // The same from `start` instead of the defaults (a variant of a running scenario starts from it).
  base::Result<Scenario> Build(const Scenario& start) const;

 private:
  const Kernel* m_kernel;
  std::string m_preset;
  std::vector<std::pair<const ScenarioField*, std::string>> m_values;
};

// Words that are scenario options only (a tour's scenario, a preset's file, the pane's flags), applied to
// `start`, or to the kernel's defaults.
base::Result<Scenario> ParseScenario(std::span<const std::string> words, const Scenario& start);
base::Result<Scenario> ParseScenario(const Kernel& kernel, std::span<const std::string> words);

// Refuses `words` that set a field naming a file (ScenarioField::names_file), as "--mask-file FILE" or
// "--mask-file=FILE": words written by someone else (`from`: "a tour's scenario") may not make tilewalk
// read a file of their choosing. The failure (Reason::Usage) says which flag, and where to give it
// (`instead`: kFileFieldsInTheApp, or the web page's own advice).
base::Status RefuseFileFields(const Kernel& kernel, std::span<const std::string> words, std::string_view from,
                              std::string_view instead);
inline constexpr std::string_view kFileFieldsInTheApp = "on the command line or in the Scenario pane instead";

// The scenario options, one per line with what each takes, for --help.
std::string ScenarioFlagsHelp(const Kernel& kernel);

}  // namespace tilewalk::kernel
