// The kinds of setting a kernel's scenario field table holds (a kernel's table: kernels/<name>/
// scenario_fields.hpp). The kind says how a field is parsed, written back as text, shown in --help and
// JSON, and drawn in the Scenario pane, whichever kernel it belongs to.
#pragma once

#include <cstdint>

namespace tilewalk::kernel {

enum class FieldKind : uint8_t {
  Whole,   // an integer within [min, max]
  Real,    // a finite number within [min, max]
  Switch,  // on or off: a bare flag on the command line, "true"/"false" as text
  Choice,  // one of `choices`
  Block,   // a block size within [min, max]; an optional one may be unset (text "")
};

}  // namespace tilewalk::kernel
