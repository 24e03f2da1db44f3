// Flags in the words of the scenario field table, for buttons and captions that a learner reads.
#include <algorithm>

#include "kernels/flash/scenario_fields.hpp"

namespace tilewalk::flash {

std::string FlagsInWords(std::span<const std::string> words) {
  const auto fields = ScenarioFields();
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

}  // namespace tilewalk::flash
