// Predict, then step: a tour stop may ask a question before it reveals the answer. An ask has 2 to 4
// choices, a placeholder whose value in the recording says which choice is right, an explanation, and
// optionally the event that shows the answer. Parsed with the tour ('ask:' and the lines after it, see
// docs/authoring.md); RevealAsk fills it from a recording into what a window draws: the texts, the index
// of the right choice and the explanation. Nothing here draws.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.hpp"
#include "walkthrough/diagnostic.hpp"
#include "walkthrough/landing.hpp"

namespace tilewalk::walkthrough {

struct KernelWalk;

class PlaceholderSource;
class Recording;

struct AskChoice {
  std::string value{};  // the recorded answer that makes this choice right: "16", "yes", "<1", ">0"
  std::string text{};   // what the learner reads; may hold placeholders
  int line = 0;
};

struct Ask {
  std::string question{};            // may hold placeholders
  std::vector<AskChoice> choices{};  // 2 to 4: keys 1 to 4
  std::string answer{};              // one placeholder, e.g. "{dkv.copies.l.issued}"
  std::string explain{};             // shown with the answer; may hold placeholders
  std::optional<Landing> reveal{};   // the event that shows the answer; none: the stop's own event
  int line = 0;                      // of the 'ask:' line
  int answer_line = 0;
  int explain_line = 0;
};

// An ask filled from one recording.
struct AskReveal {
  std::string question;
  std::vector<std::string> choices;      // the texts, in key order
  int correct = -1;                      // index into choices; -1 when no choice fits the recording
  std::string recorded;                  // the answer's value in this recording, e.g. "16"
  std::string explanation;               // filled
  std::optional<uint64_t> reveal_event;  // where to step to show it; none: stay on the stop's event
};

// Whether a choice's value fits a recorded answer: "<X" and ">X" compare numbers, two numbers compare
// by value ("1" fits "1.00"), anything else must be the same text.
bool ChoiceMatches(std::string_view value, std::string_view recorded);

// One line of a stop that belongs to its ask ('ask', 'choice VALUE', 'answer', 'explain', 'reveal'):
// false when `key` is none of these, true when the line is read, Malformed when it is an ask's line with
// a problem.
base::Result<bool> ReadAskLine(const std::string& key, const std::string& value, int line,
                               std::optional<Ask>& ask);
// Checks a parsed ask once its stop ends: 2 to 4 distinct choices, one placeholder as the answer, an
// explanation, and placeholders of the documented forms everywhere.
void CheckAsk(const Ask& ask, const KernelWalk& walk, const std::string& file, Diagnostics& diagnostics);

// Fills the ask from a recording; the error says which placeholder or reveal event cannot be found. A
// recording in which no choice fits still reveals, with correct = -1.
base::Result<AskReveal> RevealAsk(const Ask& ask, const Recording& recording, PlaceholderSource& source);

}  // namespace tilewalk::walkthrough
