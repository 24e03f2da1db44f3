#include "kernels/api/scenario.hpp"

#include <algorithm>

#include "kernels/api/kernel.hpp"

namespace tilewalk::kernel {

const ScenarioField* ScenarioSchema::Find(std::string_view key) const {
  const auto it =
      std::find_if(fields.begin(), fields.end(), [&](const ScenarioField& f) { return f.key == key; });
  return it == fields.end() ? nullptr : &*it;
}

std::string_view ScenarioSchema::GroupName(const ScenarioField& field) const {
  return field.group < group_names.size() ? group_names[field.group] : "other";
}

const LaunchInfo* KernelInfo::FindLaunch(std::string_view launch) const {
  const auto it =
      std::find_if(launches.begin(), launches.end(), [&](const LaunchInfo& l) { return l.name == launch; });
  return it == launches.end() ? nullptr : &*it;
}

Scenario::Scenario(const Kernel& kernel) : Scenario(kernel, kernel.info().scenario.ops.make_default()) {}

Scenario::Scenario(const Kernel& kernel, std::shared_ptr<const void> value)
    : m_kernel(&kernel), m_value(std::move(value)) {}

const ScenarioSchema& Scenario::schema() const {
  return m_kernel->info().scenario;
}

std::vector<std::string> Scenario::ToFlags() const {
  std::vector<std::string> flags;
  for (const ScenarioField& field : schema().fields) {
    const std::string text = Get(field);
    if (field.kind == FieldKind::Switch) {
      if (text == "true") flags.emplace_back(field.flag);
    } else if (!text.empty()) {
      flags.emplace_back(field.flag);
      flags.push_back(text);
    }
  }
  return flags;
}

std::string Scenario::Canonical() const {
  std::string text;
  for (const std::string& word : ToFlags()) text += (text.empty() ? "" : " ") + word;
  return text;
}

std::string FieldExpectation(const ScenarioSchema& schema, const ScenarioField& field) {
  const std::shared_ptr<void> probe = schema.ops.make_default();
  // Every setter refuses this text; its message is the expectation (one source of the wording).
  const base::Status refused = field.set(probe.get(), "\x01");
  return refused ? std::string() : refused.error().message;
}

std::string FlagsInWords(const ScenarioSchema& schema, std::span<const std::string> words) {
  const auto fields = schema.fields;
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const auto named = std::find_if(fields.begin(), fields.end(),
                                    [&](const ScenarioField& f) { return f.flag == words[i]; });
    std::string phrase = words[i];
    if (named != fields.end()) {
      phrase = std::string(named->key);
      if (named->kind != FieldKind::Switch && i + 1 < words.size()) phrase += " = " + words[++i];
    } else if (words[i] == "--scenario" && i + 1 < words.size()) {
      phrase = "scenario " + words[++i];
    }
    out += (out.empty() ? "" : ", ") + phrase;
  }
  return out;
}

}  // namespace tilewalk::kernel
