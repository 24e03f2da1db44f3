// Placeholders in passages and narration, such as {fwd.steps_skipped} or {scenario.block_k}: figures
// taken from the scenario that is running, so the prose stays true when the user changes a block size.
// The syntax is checked when a file loads; the values are filled from a recording (docs/authoring.md).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "walkthrough/diagnostic.hpp"
#include "walkthrough/recording.hpp"

namespace tilewalk::walkthrough {

// Appends a diagnostic for each {...} that is not one of the documented forms.
void CheckPlaceholderSyntax(std::string_view text, const std::string& file, int first_line,
                            Diagnostics& diagnostics);

// What placeholders are filled from. The naive-map figures are computed on first use.
class PlaceholderSource {
 public:
  explicit PlaceholderSource(const Recording& recording) : m_recording(recording) {}
  // The value of one placeholder name (without braces), or nullopt with `why` set.
  std::optional<std::string> Value(std::string_view name, std::string& why);

 private:
  const tpu::LaunchStats* Stats(std::string_view launch) const;
  const Recording& m_recording;
  std::optional<flash::TrainingStepResult> m_naive;  // the same scenario with naive index maps
};

// Replaces every placeholder; nullopt with `why` naming the first that cannot be filled.
std::optional<std::string> FillPlaceholders(std::string_view text, PlaceholderSource& source,
                                            std::string& why);

}  // namespace tilewalk::walkthrough
