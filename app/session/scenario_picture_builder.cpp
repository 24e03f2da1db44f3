#include "app/session/picture_builders.hpp"

#include "kernels/flash/scenario_fields.hpp"

namespace tilewalk::session {
namespace {

views::FieldKind ViewKind(const flash::ScenarioField& field) {
  switch (field.kind) {
    case flash::FieldKind::Switch:
      return views::FieldKind::Bool;
    case flash::FieldKind::Choice:
      return views::FieldKind::Choice;
    case flash::FieldKind::Real:
      return views::FieldKind::Number;
    case flash::FieldKind::Block:
      return field.optional ? views::FieldKind::OptionalInt : views::FieldKind::Int;
    case flash::FieldKind::Whole:
      break;
  }
  return views::FieldKind::Int;
}

}  // namespace

views::ScenarioPicture BuildScenarioPicture(const flash::Scenario& scenario, const ScenarioContext& context) {
  views::ScenarioPicture picture{.edited = context.edited, .problem = context.problem};
  for (const std::string& w : context.flags) picture.key += w + " ";
  for (const flash::ScenarioField& field : flash::ScenarioFields()) {
    views::ScenarioField shown{.key = std::string(field.key),
                               .flag = std::string(field.flag),
                               .group = std::string(flash::FieldGroupName(field.group)),
                               .kind = ViewKind(field),
                               .value = field.get(scenario),
                               .help = std::string(field.help)};
    for (std::string_view choice : field.choices) shown.choices.emplace_back(choice);
    picture.fields.push_back(std::move(shown));
  }
  picture.try_words = flash::FlagsInWords(context.try_flags);
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
