#include "app/session/picture_builders.hpp"

#include <algorithm>

#include "kernels/tpu/chip.hpp"

namespace tilewalk::session {
namespace {

bool StartsWith(const std::string& s, std::string_view head) {
  return s.rfind(head, 0) == 0;
}
bool EndsWith(const std::string& s, std::string_view tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// The groups the kernel's own arguments fall into, in the order the pane shows them.
std::string GroupOf(const std::string& key) {
  if (StartsWith(key, "block_")) {
    if (EndsWith(key, "_dkv")) return "blocks of the dK/dV launch";
    if (EndsWith(key, "_dq")) return "blocks of the dQ launch";
    return "blocks of the forward launch";
  }
  if (key == "batch" || key == "heads" || key == "q_len" || key == "kv_len" || key == "head_dim")
    return "shapes";
  if (key == "dtype" || key == "precision" || key == "chip" || key == "seed") return "numbers and chip";
  return "flags";
}

int GroupRank(const std::string& group) {
  static const char* const kOrder[] = {"shapes",
                                       "flags",
                                       "numbers and chip",
                                       "blocks of the forward launch",
                                       "blocks of the dK/dV launch",
                                       "blocks of the dQ launch"};
  for (int i = 0; i < 6; ++i)
    if (group == kOrder[i]) return i;
  return 6;
}

views::ScenarioField Field(const std::string& key, const std::string& value) {
  views::ScenarioField field{.key = key, .flag = "--" + key, .group = GroupOf(key), .value = value};
  std::replace(field.flag.begin(), field.flag.end(), '_', '-');
  if (value == "true" || value == "false") {
    field.kind = views::FieldKind::Bool;
  } else if (key == "dtype") {
    field.kind = views::FieldKind::Choice;
    field.choices = {"float32", "bfloat16"};
  } else if (key == "precision") {
    field.kind = views::FieldKind::Choice;
    field.choices = {"default", "highest"};
  } else if (key == "chip") {
    field.kind = views::FieldKind::Choice;
    for (const tpu::Chip& chip : tpu::AllChips()) field.choices.emplace_back(chip.name);
  } else if (key == "sm_scale") {
    field.kind = views::FieldKind::Number;
  } else if (value == "unset") {
    field.kind = views::FieldKind::OptionalInt;
    field.value.clear();
  } else if (StartsWith(key, "block_") && key != "block_q" && key != "block_k_major" && key != "block_k" &&
             key != "block_b") {
    field.kind = views::FieldKind::OptionalInt;  // the backward blocks may be left unset (the backward fails)
  }
  return field;
}

}  // namespace

views::ScenarioPicture BuildScenarioPicture(const flash::Scenario& scenario, const ScenarioContext& context) {
  views::ScenarioPicture picture{.edited = context.edited, .problem = context.problem};
  for (const std::string& w : context.flags) picture.key += w + " ";
  for (const auto& [key, value] : flash::ScenarioSettings(scenario))
    picture.fields.push_back(Field(key, value));
  std::stable_sort(picture.fields.begin(), picture.fields.end(),
                   [](const auto& a, const auto& b) { return GroupRank(a.group) < GroupRank(b.group); });
  for (const std::string& w : context.try_flags)
    picture.try_flags += (picture.try_flags.empty() ? "" : " ") + w;
  if (context.rejection != nullptr) {
    const tpu::KernelError& e = *context.rejection;
    picture.rejection =
        std::string(tpu::ErrorTypeName(e.type)) + " during " + std::string(tpu::PhaseName(e.phase)) +
        (context.rejection_launch.empty() ? "" : " of the " + context.rejection_launch + " launch") + ": " +
        e.message;
  }
  return picture;
}

}  // namespace tilewalk::session
