#include "kernels/api/scenario_args.hpp"

#include <map>
#include <mutex>

#include "kernels/api/scenario_presets.hpp"

namespace tilewalk::kernel {
namespace {

// The words of a schema's options, computed once per schema: every {with …} placeholder of a passage
// parses its options, and a long passage has thousands.
struct OptionTexts {
  std::string presets;             // "a, b, c": the preset names
  std::vector<std::string> needs;  // per field: its expectation without "expected " ("" for a switch)
  std::vector<std::string> helps;  // per field: its --help line, with the range of a number
};

OptionTexts MakeOptionTexts(const ScenarioSchema& schema) {
  OptionTexts texts;
  for (const std::string& n : PresetNames(schema)) texts.presets += (texts.presets.empty() ? "" : ", ") + n;
  for (const ScenarioField& f : schema.fields) {
    texts.needs.push_back(f.kind == FieldKind::Switch ? std::string()
                                                      : FieldExpectation(schema, f).substr(9));
    std::string help(f.help);
    if (f.kind == FieldKind::Whole || f.kind == FieldKind::Block || f.kind == FieldKind::Real)
      help += " (" + texts.needs.back() + ")";
    texts.helps.push_back(std::move(help));
  }
  return texts;
}

const OptionTexts& TextsOf(const ScenarioSchema& schema) {
  static std::mutex mutex;
  static std::map<const ScenarioField*, OptionTexts> texts;
  const std::lock_guard lock(mutex);
  auto it = texts.find(schema.fields.data());
  if (it == texts.end()) it = texts.emplace(schema.fields.data(), MakeOptionTexts(schema)).first;
  return it->second;
}

}  // namespace

std::vector<base::OptionSpec> ScenarioArgs::Specs() {
  const ScenarioSchema& schema = m_kernel->info().scenario;
  const OptionTexts& texts = TextsOf(schema);
  std::vector<base::OptionSpec> specs;
  specs.push_back({.name = "--scenario",
                   .value_name = "NAME",
                   .needs = "a preset name",
                   .help = "a preset: " + texts.presets,
                   .set = [this, &schema, &texts](std::string_view name) -> base::Status {
                     if (!PresetFlags(schema, name))
                       return base::Fail(base::Reason::Usage, "expected a preset: " + texts.presets);
                     m_preset = std::string(name);
                     return {};
                   }});
  for (std::size_t i = 0; i < schema.fields.size(); ++i) {
    const ScenarioField& field = schema.fields[i];
    specs.push_back({.name = field.flag,
                     .value_name = field.value_name,
                     .needs = texts.needs[i],
                     .help = texts.helps[i],
                     .set = [this, &schema, &field](std::string_view text) -> base::Status {
                       const std::shared_ptr<void> probe = schema.ops.make_default();
                       if (base::Status valid = field.set(probe.get(), text); !valid) return valid;
                       m_values.emplace_back(&field, std::string(text));
                       return {};
                     }});
  }
  return specs;
}

base::Result<Scenario> ScenarioArgs::Build() const {
  return Build(Scenario(*m_kernel));
}

base::Result<Scenario> ScenarioArgs::Build(const Scenario& start) const {
  const ScenarioSchema& schema = m_kernel->info().scenario;
  Scenario from = start;
  if (!m_preset.empty()) {
    const auto preset = ParseScenario(*m_kernel, PresetWords(*PresetFlags(schema, m_preset)));
    if (!preset)
      return base::Fail(base::Reason::Usage, "preset '" + m_preset + "': " + preset.error().message);
    from = *preset;
  }
  if (m_values.empty()) return from;
  const std::shared_ptr<void> value = schema.ops.clone(from.get());
  for (const auto& [field, text] : m_values) {
    const base::Status set = field->set(value.get(), text);
    if (!set)
      return base::Fail(base::Reason::Usage, base::GotMessage(field->flag, text, set.error().message));
  }
  return Scenario(*m_kernel, value);
}

base::Result<Scenario> ParseScenario(std::span<const std::string> words, const Scenario& start) {
  ScenarioArgs args(start.kernel());
  const std::vector<std::string_view> views(words.begin(), words.end());
  const std::vector<base::OptionSpec> specs = args.Specs();
  if (const auto parsed = base::ParseOptions(views, specs); !parsed) return parsed.error();
  return args.Build(start);
}

base::Result<Scenario> ParseScenario(const Kernel& kernel, std::span<const std::string> words) {
  return ParseScenario(words, Scenario(kernel));
}

base::Status RefuseFileFields(const Kernel& kernel, std::span<const std::string> words, std::string_view from,
                              std::string_view instead) {
  for (const ScenarioField& field : kernel.info().scenario.fields) {
    if (!field.names_file) continue;
    for (const std::string& word : words) {
      const bool bare = word == field.flag;
      const bool joined =
          word.size() > field.flag.size() && word.starts_with(field.flag) && word[field.flag.size()] == '=';
      if (!bare && !joined) continue;
      return base::Fail(base::Reason::Usage,
                        std::string(field.flag) + " names a file, which " + std::string(from) +
                            " may not do: its words may come from someone else, and would make tilewalk "
                            "read a file of their choosing; give " +
                            std::string(field.flag) + " " + std::string(instead));
    }
  }
  return {};
}

std::string ScenarioFlagsHelp(const Kernel& kernel) {
  ScenarioArgs args(kernel);
  return base::OptionsHelp(args.Specs());
}

}  // namespace tilewalk::kernel
