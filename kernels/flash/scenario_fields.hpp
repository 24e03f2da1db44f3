// The scenario's vocabulary, in one table: every setting of a Scenario as a field with its key
// ("q_len"), its flag ("--q-len"), its kind and range or choices, its help, and how to read and write it
// as text. Everything a scenario field touches reads this table: the command-line flags and their --help,
// the flags written back (configs, manifests, caches), typed JSON, the settings file, `gui --script`'s
// `set` and the Scenario pane's widgets. A field added here appears in all of them at once.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "base/result.hpp"
#include "kernels/api/scenario_field.hpp"
#include "kernels/flash/scenario.hpp"

namespace tilewalk::flash {

// The kinds of field are every kernel's (kernels/api/scenario_field.hpp).
using FieldKind = kernel::FieldKind;

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
std::string_view FieldGroupName(FieldGroup group);  // "shapes", "blocks of the dK/dV launch", ...

struct ScenarioField {
  std::string_view key;         // "q_len": settings, JSON, placeholders, the pane, `set` in scripts
  std::string_view flag;        // "--q-len"
  std::string_view value_name;  // "N", "X", "float32|bfloat16" in --help; empty for a switch
  std::string_view help;
  FieldKind kind = FieldKind::Whole;
  FieldGroup group = FieldGroup::Shapes;
  double min = 0, max = 0;                      // Whole, Real and Block
  std::span<const std::string_view> choices{};  // Choice
  bool optional = false;                        // Block: may be unset
  // The field as text: "512", "0.125", "true"/"false", "bfloat16", "" for an unset optional block.
  std::string (*get)(const Scenario&) = nullptr;
  // Text to field. A switch takes "", "true" or "false" ("" is the bare flag: on); an optional block takes
  // "" to unset. The failure's message is the expectation: "expected a whole number from 1 to 1048576".
  base::Status (*set)(Scenario&, std::string_view) = nullptr;
};

std::span<const ScenarioField> ScenarioFields();               // in the order of --help and the pane
const ScenarioField* FindScenarioField(std::string_view key);  // by key, or null

// What a field's value must be, as the failures say it: "expected one of float32, bfloat16".
std::string FieldExpectation(const ScenarioField& field);

// Flags as a learner reads them, by the table's keys: {"--block-k-major", "128", "--causal"} →
// "block_k_major = 128, causal". A word that names no field (a scenario's name) stays as written.
std::string FlagsInWords(std::span<const std::string> words);

}  // namespace tilewalk::flash
