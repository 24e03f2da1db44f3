// The intents the tour panes return: what the user asked for, in the user's terms ("the next event at this
// line", "the previous stop"). The views never move the cursor; the app applies an intent to the one
// timeline it owns, so every pane stays in step.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tilewalk::views {

enum class IntentKind : std::uint8_t {
  SeekToEvent,       // value: a global event index
  SeekToNextAtLine,  // file, value: a line of the C++ mirror; the next event there after the cursor
  StepStatement,     // value: +1 or -1
  StepGridStep,      // value: +1 or -1
  GoToStart,         // of the recording
  GoToEnd,
  PreviousStop,
  NextStop,
  TogglePlay,
  SeekToGridStep,  // value: a grid step of the current launch
  SetSpeed,        // value: steps per second of playback, in the step unit
  Step,            // value: +1 or -1, by the step unit playback and ←/→ use
  SetStepUnit,     // value: a StepUnit (timeline_picture.hpp)
  NextStepUnit,    // statement → DMA → grid step → launch → statement
  JumpToMarker,    // value: +1 or -1; arg: a MarkerKind, the kind of event to jump to
  SetAxis,         // value: a TimelineAxis
  ToggleAxis,
  SeekToTime,         // value: nanoseconds on the recording's estimated clock; the first event at or after it
  ApplyScenario,      // words: scenario flags to record and run at this stop instead of its own
  TryStopSuggestion,  // the stop's own scenario with its "try" flags on top
  ResetScenario,      // back to the stop's own scenario
  ToggleStopSuggestion,  // the stop's suggestion when running the stop's own scenario, else back to it
  PickChoice,            // value: a choice of the stop's question, 0-based
  RevealAnswer,          // step on to where the stop's question is answered
  SetPlayClock,          // value: a PlayClock (timeline_picture.hpp)
  TogglePlayClock,       // steps ↔ model time
  SetPlayRate,  // value: a rate as PlayRateValue (play_rate.hpp) gives it, from kMinPlayRate to kMaxPlayRate
                // µs
  ScalePlayRate,  // value: +1 doubles the model-time rate, -1 halves it (within its range)
};

struct Intent {
  IntentKind kind = IntentKind::SeekToEvent;
  std::int64_t value = 0;
  std::int64_t arg = 0;              // JumpToMarker only
  std::string file{};                // SeekToNextAtLine only
  std::vector<std::string> words{};  // ApplyScenario only
};

}  // namespace tilewalk::views
