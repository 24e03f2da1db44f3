// Which moments an export draws. `--every stop` draws each tour stop where it lands. The finer choices
// draw, from each stop's landing, every statement to the end of its grid step, every copy and writeback
// to the end of its launch, or every grid step to the end of its launch; a scenario (no tour) has one
// stop at the first event, and its span is the whole training step. Pure: it reads a recording's event
// log and never replays.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "walkthrough/recording.hpp"

namespace tilewalk::app {

enum class FrameEvery : std::uint8_t { Statement, Dma, Step, Stop };

std::optional<FrameEvery> ParseFrameEvery(std::string_view name);  // "statement", "dma", "step", "stop"
std::string_view FrameEveryName(FrameEvery every);

enum class FrameSpan : std::uint8_t {
  Natural,  // a tour stop: the landing's grid step (statements) or launch (copies, steps)
  Whole,    // a scenario: every launch of the recording
};

// The events to draw, in order, starting with `first` itself.
std::vector<std::uint64_t> PlanFrames(const walkthrough::Recording& recording, std::uint64_t first,
                                      FrameEvery every, FrameSpan span);

}  // namespace tilewalk::app
