// Scenario fields as command-line words, through the one option parser: the flags of every verb that runs
// the kernels (check, trace, export), the `scenario:` and `try:` words of tours, and the presets of
// assets/scenarios/. A --scenario NAME preset applies first wherever it stands, so explicit flags override
// it. ScenarioToFlags writes any scenario back as words that read back as the same scenario, and
// CanonicalScenario is the one key under which recordings of equal scenarios are cached.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/option_parser.hpp"
#include "kernels/flash/scenario.hpp"
#include "kernels/flash/scenario_fields.hpp"

namespace tilewalk::flash {

// Collects the scenario options of one parse; a verb adds Specs() to its own and calls Build() after.
class ScenarioArgs {
 public:
  // --scenario NAME, then one option per field. The specs refer to this object: keep it alive.
  std::vector<base::OptionSpec> Specs();
  bool given() const { return !m_preset.empty() || !m_values.empty(); }  // any scenario option at all
  // `start` (the defaults, unless given), replaced by the preset when there is one, then every field in
  // command-line order. Failure: a preset that does not read (Reason::Usage).
  base::Result<Scenario> Build(const Scenario& start = {}) const;

 private:
  std::string m_preset;
  std::vector<std::pair<const ScenarioField*, std::string>> m_values;
};

// Words that are scenario options only (a tour's scenario, a preset's file, the pane's flags), applied to
// `start` (the defaults, unless given: a variant of a running scenario starts from it).
base::Result<Scenario> ParseScenario(std::span<const std::string> words, const Scenario& start = {});

// Every field as flags (a bare flag for a switch that is on; nothing for an unset optional block), in the
// table's order: what configs and manifests store and what the pane's Apply runs.
std::vector<std::string> ScenarioToFlags(const Scenario& scenario);
// The flags joined by spaces: equal scenarios give equal text, whatever order their flags came in.
std::string CanonicalScenario(const Scenario& scenario);

// The scenario options, one per line with what each takes, for --help.
std::string ScenarioFlagsHelp();

}  // namespace tilewalk::flash
