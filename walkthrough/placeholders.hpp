// Placeholders in passages and narration, such as {fwd.steps_skipped} or {scenario.block_k}: figures
// taken from the scenario that is running, so the prose stays true when the user changes a block size.
// The syntax is checked when a file loads (placeholder_syntax.hpp); the values are filled from a
// recording: figures of a launch, of one grid step or event, of the reference check, or of a variant of
// the scenario ({with --what-if redirect-lm-dkv: dkv.copies.l.issued}). The table is in docs/authoring.md.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.hpp"
#include "kernels/api/reference_check.hpp"
#include "walkthrough/diagnostic.hpp"
#include "walkthrough/placeholder_syntax.hpp"
#include "walkthrough/recording.hpp"

namespace tilewalk::walkthrough {

// Appends a diagnostic for each {...} that is not one of the documented forms.
void CheckPlaceholderSyntax(std::string_view text, const KernelWalk& walk, const std::string& file,
                            int first_line, Diagnostics& diagnostics);

// A placeholder's text, or why it cannot be filled.
using Figure = base::Result<std::string>;

// What placeholders are filled from. Variants, the naive-map yardstick and the reference check are
// computed on first use and kept.
class PlaceholderSource {
 public:
  explicit PlaceholderSource(const Recording& recording);
  ~PlaceholderSource();
  // The value of one placeholder name (without braces), or why it has none: Malformed for a name that
  // is not one of the forms, NotFound for a figure this scenario does not have.
  Figure Value(std::string_view name);
  // How many {with …} variants hold their outputs now: at most one, whatever the variants asked for.
  std::size_t VariantsHoldingOutputs() const;

  struct Run;  // a whole run's figures: the recording's own, or a variant's (placeholders.cpp)

 private:
  Figure RunValue(Run& run, const std::string& body, const std::string& unit);
  Figure RecordingValue(const std::vector<std::string_view>& parts, const std::string& body,
                        const std::string& unit);
  Run& Variant(const std::vector<std::string>& flags);
  // Before a variant runs: the guard passes each variant alone, so only one holds its outputs at a time.
  void ReleaseVariantOutputs();

  const Recording& m_recording;
  std::unique_ptr<Run> m_own;
  std::map<std::string, std::unique_ptr<Run>> m_variants;  // by their flags, joined
};

// Replaces every placeholder; the error names the first that cannot be filled. With `not_found`, a figure
// the recording does not have (a launch that did not run, an event that never happened) is written as
// `not_found` instead; a placeholder that cannot be read is still an error.
Figure FillPlaceholders(std::string_view text, PlaceholderSource& source,
                        std::optional<std::string_view> not_found = std::nullopt);

// Figures of one event or grid step of a recording (placeholder_moments.cpp). Each is NotFound when the
// recording has no such event, step or operand.
Figure EventValueFigure(const Recording& recording, std::string_view body);
Figure StepFigure(const Recording& recording, const std::vector<std::string_view>& parts);

}  // namespace tilewalk::walkthrough
