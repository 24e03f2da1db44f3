// What every kernel's scenario field table (scenario_field.hpp) is built from: typed accessors for the
// kinds that read a member directly (a whole number, a switch), the cast from the table's void pointer back
// to the kernel's own scenario struct, written once, and one builder per kind, so that a row of a table
// states its member and range once. A kernel's table (flash: kernels/flash/scenario_fields.cpp) adds the
// accessors of its own choices and block sizes, as plain functions of its scenario struct.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "base/number_text.hpp"
#include "base/result.hpp"
#include "kernels/api/scenario_field.hpp"

namespace tilewalk::kernel::fields {

// The struct a pointer to member belongs to: &SplashScenario::heads → SplashScenario.
template <typename T>
struct MemberPointer;
template <typename Owner, typename Type>
struct MemberPointer<Type Owner::*> {
  using owner = Owner;
};
template <auto Member>
using OwnerOf = typename MemberPointer<decltype(Member)>::owner;

// The scenario struct an accessor takes: std::string (*)(const S&) and base::Status (*)(S&, text).
template <typename F>
struct Accessor;
template <typename S>
struct Accessor<std::string (*)(const S&)> {
  using scenario = S;
};
template <typename S>
struct Accessor<base::Status (*)(S&, std::string_view)> {
  using scenario = S;
};
template <auto F>
using ScenarioOf = typename Accessor<decltype(F)>::scenario;

// ---- accessors of a member, instantiated per member ----

template <auto Member>
std::string GetWhole(const OwnerOf<Member>& s) {
  return std::to_string(s.*Member);
}

template <auto Member, int64_t Min, int64_t Max>
base::Status SetWhole(OwnerOf<Member>& s, std::string_view text) {
  const auto value = base::ParseWhole(text, Min, Max);
  if (!value) return value.error();
  s.*Member = static_cast<std::remove_reference_t<decltype(s.*Member)>>(*value);
  return {};
}

template <auto Member>
std::string GetSwitch(const OwnerOf<Member>& s) {
  return s.*Member ? "true" : "false";
}

template <auto Member>
base::Status SetSwitch(OwnerOf<Member>& s, std::string_view text) {
  if (text != "" && text != "true" && text != "false")
    return base::Fail(base::Reason::Usage, "expected true or false");
  s.*Member = text != "false";
  return {};
}

// ---- choices ----

// The index of `text` among `names`, or -1.
inline int IndexOf(std::span<const std::string_view> names, std::string_view text) {
  const auto it = std::find(names.begin(), names.end(), text);
  return it == names.end() ? -1 : static_cast<int>(it - names.begin());
}

// "expected one of float32, bfloat16" (Reason::Usage).
inline base::Status ChoiceFailure(std::span<const std::string_view> choices) {
  std::string text = "expected one of ";
  for (std::size_t i = 0; i < choices.size(); ++i) text += (i ? ", " : "") + std::string(choices[i]);
  return base::Fail(base::Reason::Usage, text);
}

// ---- the table's void pointers, cast back once for every accessor ----

template <auto Get>
std::string ErasedGet(const void* s) {
  return Get(*static_cast<const ScenarioOf<Get>*>(s));
}
template <auto Set>
base::Status ErasedSet(void* s, std::string_view text) {
  return Set(*static_cast<ScenarioOf<Set>*>(s), text);
}

// ---- one builder per kind ----

struct Words {
  std::string_view key, flag, value_name, help;
};

// `group` is the kernel's own enum of field groups (ScenarioSchema::group_names).
template <auto Get, auto Set, typename Group>
ScenarioField Field(Words w, FieldKind kind, Group group) {
  return {.key = w.key,
          .flag = w.flag,
          .value_name = w.value_name,
          .help = w.help,
          .kind = kind,
          .group = static_cast<uint8_t>(group),
          .get = ErasedGet<Get>,
          .set = ErasedSet<Set>};
}

template <auto Member, int64_t Min, int64_t Max, typename Group>
ScenarioField Whole(Words w, Group group) {
  ScenarioField f = Field<GetWhole<Member>, SetWhole<Member, Min, Max>>(w, FieldKind::Whole, group);
  f.min = static_cast<double>(Min);
  f.max = static_cast<double>(Max);
  return f;
}

template <auto Member, typename Group>
ScenarioField Switch(std::string_view key, std::string_view flag, std::string_view help, Group group) {
  return Field<GetSwitch<Member>, SetSwitch<Member>>({key, flag, "", help}, FieldKind::Switch, group);
}

template <auto Get, auto Set, typename Group>
ScenarioField Choice(Words w, Group group, std::span<const std::string_view> choices) {
  ScenarioField f = Field<Get, Set>(w, FieldKind::Choice, group);
  f.choices = choices;
  return f;
}

template <auto Get, auto Set, typename Group>
ScenarioField Real(Words w, Group group, double min, double max) {
  ScenarioField f = Field<Get, Set>(w, FieldKind::Real, group);
  f.min = min;
  f.max = max;
  return f;
}

// A block size from 0 to `max`; an optional one may be unset (text "").
template <auto Get, auto Set, typename Group>
ScenarioField Block(std::string_view key, std::string_view flag, std::string_view help, Group group,
                    double max, bool optional) {
  ScenarioField f = Field<Get, Set>({key, flag, "N", help}, FieldKind::Block, group);
  f.max = max;
  f.optional = optional;
  return f;
}

// A field whose text is a path: words from a tour or a link may not set it (ScenarioField::names_file).
inline ScenarioField NamesFile(ScenarioField field) {
  field.names_file = true;
  return field;
}

}  // namespace tilewalk::kernel::fields
