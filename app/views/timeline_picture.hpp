// What the timeline pane draws: a scrubber over every event of the recording, the launches as bands,
// markers by kind (copies issued and skipped, writebacks, skipped grid steps, errors), the cursor, and the
// playback state. Markers are pre-binned by the app so that the view draws a few hundred ticks, not a
// tick per event.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tilewalk::views {

enum class MarkerKind : std::uint8_t { IssuedCopy, SkippedCopy, Writeback, SkippedStep, Error, kCount };

struct TimelineMarker {
  std::uint64_t event = 0;
  MarkerKind kind = MarkerKind::IssuedCopy;
};

struct TimelineBand {
  std::string name{};  // "fwd"
  std::uint64_t first = 0, end = 0;  // global events [first, end)
};

struct TimelinePicture {
  std::uint64_t event_count = 0;
  std::uint64_t cursor = 0;
  std::optional<std::uint64_t> landing{};  // the event the tour stop lands on, flagged on the scrubber
  std::vector<TimelineBand> launches{};
  std::vector<TimelineMarker> markers{};  // at most one per kind per bin
  std::string position{};                 // "event 812 of 4096 · fwd step 5 (0, 0, 1, 1) · 12.3 µs"
  std::string statement{};                // what the event is: "matmul at fwd.run.s"
  bool playing = false;
  float speed = 8.0f;  // statements per second
};

}  // namespace tilewalk::views
