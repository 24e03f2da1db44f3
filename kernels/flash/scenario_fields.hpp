// Flash's scenario vocabulary, in one table: every setting of a Scenario as a field with its key ("q_len"),
// its flag ("--q-len"), its kind and range or choices, its help, and how to read and write it as text.
// Everything a scenario field touches reads this table through the kernel interface: the command-line
// flags and their --help, the flags written back (configs, manifests, caches), typed JSON, `gui --script`'s
// `set` and the Scenario pane's widgets. A field added here appears in all of them at once.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "kernels/api/scenario_field.hpp"

namespace tilewalk::flash {

// The table's rows are kernel::ScenarioField (kernels/api/scenario_field.hpp) over a flash::Scenario.
using FieldKind = kernel::FieldKind;
using ScenarioField = kernel::ScenarioField;

// The groups of the Scenario pane, in order; a field's `group` is one of them.
enum class FieldGroup : uint8_t {
  Shapes,
  Flags,
  Numbers,
  WhatIf,
  ForwardBlocks,
  DkvBlocks,
  DqBlocks,
  kCount
};
std::span<const std::string_view> FieldGroupNames();  // "shapes", "blocks of the dK/dV launch", ...

std::span<const ScenarioField> ScenarioFields();               // in the order of --help and the pane
const ScenarioField* FindScenarioField(std::string_view key);  // by key, or null

}  // namespace tilewalk::flash
