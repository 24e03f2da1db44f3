#include "app/session/picture_builders.hpp"

namespace tilewalk::session {
namespace {

views::FieldKind ViewKind(const kernel::ScenarioField& field) {
  switch (field.kind) {
    case kernel::FieldKind::Switch:
      return views::FieldKind::Bool;
    case kernel::FieldKind::Choice:
      return views::FieldKind::Choice;
    case kernel::FieldKind::Real:
      return views::FieldKind::Number;
    case kernel::FieldKind::Block:
      return field.optional ? views::FieldKind::OptionalInt : views::FieldKind::Int;
    case kernel::FieldKind::Whole:
      break;
  }
  return views::FieldKind::Int;
}

}  // namespace

views::ScenarioPicture BuildScenarioPicture(const kernel::Scenario& scenario,
                                            const ScenarioContext& context) {
  views::ScenarioPicture picture{.edited = context.edited, .problem = context.problem};
  for (const std::string& w : context.flags) picture.key += w + " ";
  const kernel::ScenarioSchema& schema = scenario.schema();
  for (const kernel::ScenarioField& field : schema.fields) {
    views::ScenarioField shown{.key = std::string(field.key),
                               .flag = std::string(field.flag),
                               .group = std::string(schema.GroupName(field)),
                               .kind = ViewKind(field),
                               .value = scenario.Get(field),
                               .help = std::string(field.help)};
    for (std::string_view choice : field.choices) shown.choices.emplace_back(choice);
    picture.fields.push_back(std::move(shown));
  }
  picture.try_words = kernel::FlagsInWords(schema, context.try_flags);
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
