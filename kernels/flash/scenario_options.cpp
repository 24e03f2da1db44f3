#include "kernels/flash/scenario_options.hpp"

#include <sstream>

#include "kernels/flash/scenario_presets.hpp"

namespace tilewalk::flash {
namespace {

// A preset file's words: whitespace-separated, '#' to the end of a line is a comment.
std::vector<std::string> PresetWords(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    std::istringstream in(line.substr(0, line.find('#')));
    for (std::string w; in >> w;) words.push_back(w);
  }
  return words;
}

const std::string& PresetList() {
  static const std::string names = [] {
    std::string list;
    for (const std::string& n : ScenarioPresetNames()) list += (list.empty() ? "" : ", ") + n;
    return list;
  }();
  return names;
}

// What a field's option needs, for "--chip needs one of v4, v5e, v5p, v6e": the field's expectation
// without its "expected ". Computed once; the option specs refer to it.
std::string_view Needs(const ScenarioField& field) {
  static const std::vector<std::string> needs = [] {
    std::vector<std::string> out;
    for (const ScenarioField& f : ScenarioFields())
      out.push_back(f.kind == FieldKind::Switch ? std::string() : FieldExpectation(f).substr(9));
    return out;
  }();
  return needs[static_cast<std::size_t>(&field - ScenarioFields().data())];
}

// A field's line in --help. Computed once, as Needs is: every {with …} placeholder of a passage parses its
// options, and a long passage has thousands.
const std::string& FieldHelp(const ScenarioField& field) {
  static const std::vector<std::string> helps = [] {
    std::vector<std::string> out;
    for (const ScenarioField& f : ScenarioFields()) {
      std::string help(f.help);
      if (f.kind == FieldKind::Whole || f.kind == FieldKind::Block || f.kind == FieldKind::Real)
        help += " (" + std::string(Needs(f)) + ")";
      out.push_back(std::move(help));
    }
    return out;
  }();
  return helps[static_cast<std::size_t>(&field - ScenarioFields().data())];
}

}  // namespace

std::vector<base::OptionSpec> ScenarioArgs::Specs() {
  std::vector<base::OptionSpec> specs;
  specs.push_back({.name = "--scenario",
                   .value_name = "NAME",
                   .needs = "a preset name",
                   .help = "a preset: " + PresetList(),
                   .set = [this](std::string_view name) -> base::Status {
                     if (!ScenarioPresetFlags(name))
                       return base::Fail(base::Reason::Usage, "expected a preset: " + PresetList());
                     m_preset = std::string(name);
                     return {};
                   }});
  for (const ScenarioField& field : ScenarioFields()) {
    specs.push_back({.name = field.flag,
                     .value_name = field.value_name,
                     .needs = Needs(field),
                     .help = FieldHelp(field),
                     .set = [this, &field](std::string_view text) -> base::Status {
                       Scenario probe;
                       if (base::Status valid = field.set(probe, text); !valid) return valid;
                       m_values.emplace_back(&field, std::string(text));
                       return {};
                     }});
  }
  return specs;
}

base::Result<Scenario> ScenarioArgs::Build(const Scenario& start) const {
  Scenario scenario = start;
  if (!m_preset.empty()) {
    const auto preset = ParseScenario(PresetWords(*ScenarioPresetFlags(m_preset)));
    if (!preset)
      return base::Fail(base::Reason::Usage, "preset '" + m_preset + "': " + preset.error().message);
    scenario = *preset;
  }
  for (const auto& [field, text] : m_values) {
    const base::Status set = field->set(scenario, text);
    if (!set)
      return base::Fail(base::Reason::Usage, base::GotMessage(field->flag, text, set.error().message));
  }
  return scenario;
}

base::Result<Scenario> ParseScenario(std::span<const std::string> words, const Scenario& start) {
  ScenarioArgs args;
  const std::vector<std::string_view> views(words.begin(), words.end());
  const std::vector<base::OptionSpec> specs = args.Specs();
  if (const auto parsed = base::ParseOptions(views, specs); !parsed) return parsed.error();
  return args.Build(start);
}

std::vector<std::string> ScenarioToFlags(const Scenario& scenario) {
  std::vector<std::string> flags;
  for (const ScenarioField& field : ScenarioFields()) {
    const std::string text = field.get(scenario);
    if (field.kind == FieldKind::Switch) {
      if (text == "true") flags.emplace_back(field.flag);
    } else if (!text.empty()) {
      flags.emplace_back(field.flag);
      flags.push_back(text);
    }
  }
  return flags;
}

std::string CanonicalScenario(const Scenario& scenario) {
  std::string text;
  for (const std::string& word : ScenarioToFlags(scenario)) text += (text.empty() ? "" : " ") + word;
  return text;
}

std::string ScenarioFlagsHelp() {
  ScenarioArgs args;
  return base::OptionsHelp(args.Specs());
}

}  // namespace tilewalk::flash
