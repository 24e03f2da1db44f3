// What the scenario pane draws: every setting of the scenario the stop runs (shapes, flags, block sizes,
// dtype, precision, chip) as a field the user can edit, grouped as the kernel groups them; whether the
// scenario is the stop's own or an edit; the stop's suggestion to try, if it has one; and, when the scenario
// is rejected, the error in place: its type, the phase that raised it and its message.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tilewalk::views {

enum class FieldKind : std::uint8_t { Int, OptionalInt, Bool, Choice, Number };

struct ScenarioField {
  std::string key{};    // "block_k", as the placeholders name it
  std::string flag{};   // "--block-k"
  std::string group{};  // "shape", "blocks of the forward launch", ...
  FieldKind kind = FieldKind::Int;
  std::string value{};                 // "128"; "true" or "false" for a Bool; empty for an unset OptionalInt
  std::vector<std::string> choices{};  // Choice only
  std::string help{};                  // what the setting is, shown on hover
};

struct ScenarioPicture {
  std::string key{};                    // the flags joined: the view restarts its edits when this changes
  std::vector<ScenarioField> fields{};  // in group order
  bool edited = false;                  // the user's edit, not the stop's own scenario
  std::string try_words{};              // the stop's suggestion in words, "block_k = 64", or empty
  std::string rejection{};              // "NotImplementedError while tracing: ...", or empty
  std::string problem{};                // flags that could not be read, or a landing the edit lacks
};

// The user's edits, one value per field of the picture whose key it holds.
struct ScenarioDraft {
  std::string key{};
  std::vector<std::string> values{};
};

// The flags that run the draft: a flag and value per set field, a bare flag per true Bool (pure, tested).
// The session reads them with the scenario parser, whose message names a value it refuses.
inline std::vector<std::string> DraftFlags(const ScenarioPicture& picture, const ScenarioDraft& draft) {
  std::vector<std::string> flags;
  for (std::size_t i = 0; i < picture.fields.size() && i < draft.values.size(); ++i) {
    const ScenarioField& field = picture.fields[i];
    const std::string& value = draft.values[i];
    if (field.kind == FieldKind::Bool) {
      if (value == "true") flags.push_back(field.flag);
    } else if (!value.empty()) {
      flags.push_back(field.flag);
      flags.push_back(value);
    }
  }
  return flags;
}

}  // namespace tilewalk::views
