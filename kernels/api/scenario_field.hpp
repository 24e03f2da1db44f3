// A kernel's scenario vocabulary, one row per setting: its key ("q_len"), its flag ("--q-len"), its kind and
// range or choices, its help, and how to read and write it as text. A kernel's table (flash's:
// kernels/flash/scenario_fields.cpp) is all the code above the kernels knows of its scenario: the flags and
// their --help, the flags written back, typed JSON, `gui --script`'s `set` and the Scenario pane's widgets.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "base/result.hpp"

namespace tilewalk::kernel {

enum class FieldKind : uint8_t {
  Whole,   // an integer within [min, max]
  Real,    // a finite number within [min, max]
  Switch,  // on or off: a bare flag on the command line, "true"/"false" as text
  Choice,  // one of `choices`
  Block,   // a block size within [min, max]; an optional one may be unset (text "")
};

struct ScenarioField {
  std::string_view key;         // "q_len": JSON, placeholders, the pane, `set` in scripts
  std::string_view flag;        // "--q-len"
  std::string_view value_name;  // "N", "X", "float32|bfloat16" in --help; empty for a switch
  std::string_view help;
  FieldKind kind = FieldKind::Whole;
  uint8_t group = 0;                            // index into ScenarioSchema::group_names
  double min = 0, max = 0;                      // Whole, Real and Block
  std::span<const std::string_view> choices{};  // Choice
  bool optional = false;                        // Block or Whole: may be unset (text "")
  // The text is a path on the user's machine (splash's --mask-file). Only the user's own command line and
  // Scenario pane may set such a field: words from a tour, a passage or a link are someone else's, and
  // RefuseFileFields (scenario_args.hpp) turns them away before anything reads the path.
  bool names_file = false;
  // The kernel's concrete scenario behind a void pointer; a kernel instantiates these from typed templates,
  // so the one cast is written once per kind. The field as text: "512", "0.125", "true"/"false",
  // "bfloat16", "" for an unset optional field.
  std::string (*get)(const void* scenario) = nullptr;
  // Text to field. A switch takes "", "true" or "false" ("" is the bare flag: on); an optional block takes
  // "" to unset. The failure's message is the expectation: "expected a whole number from 1 to 1048576".
  base::Status (*set)(void* scenario, std::string_view text) = nullptr;
};

}  // namespace tilewalk::kernel
