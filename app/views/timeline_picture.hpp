// What the timeline pane draws: a scrubber over every event of the recording, the launches as bands,
// markers by kind (copies issued and skipped, writebacks, skipped grid steps, errors), the cursor, and the
// playback state: the step unit that playback and ←/→ move by, the speed, and the axis. On the time axis
// every position is the event's estimated time, so the launches and steps take the width their estimated
// durations give them. Markers are pre-binned by the app so that the view draws a few hundred ticks, not a
// tick per event.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tilewalk::views {

enum class MarkerKind : std::uint8_t { IssuedCopy, SkippedCopy, Writeback, SkippedStep, Error, kCount };

// What one step of playback or of ←/→ moves: the next statement, the next copy or writeback, the next grid
// step or the next launch.
enum class StepUnit : std::uint8_t { Statement, Dma, GridStep, Launch, kCount };
inline const char* StepUnitName(StepUnit unit) {
  switch (unit) {
    case StepUnit::Dma:
      return "DMA";
    case StepUnit::GridStep:
      return "grid step";
    case StepUnit::Launch:
      return "launch";
    default:
      return "statement";
  }
}

// What the scrubber's width stands for: the events in order, or the estimated time they take.
enum class TimelineAxis : std::uint8_t { Events, Time };

// What playback's clock counts: steps of the step unit at a speed in steps per second, or the cost model's
// estimated microseconds at a rate in µs of TPU time per second of screen time.
enum class PlayClock : std::uint8_t { Steps, ModelTime };

// A span of the pipeline chart: a grid step's compute (ran or skipped), the bubble before it, a copy in or
// a writeback.
enum class PipelineSpanKind : std::uint8_t { Ran, Skipped, Wait, CopyIn, Writeback };

struct PipelineSpan {
  double start_us = 0, end_us = 0;  // on the recording's estimated clock
  PipelineSpanKind kind = PipelineSpanKind::Ran;
  std::string label{};  // "step 5", "k", "o"
};

// A lane: a TensorCore's compute, or its copy engine.
struct PipelineLane {
  std::string name{};  // "core 0", "DMA 0"
  std::vector<PipelineSpan> spans{};
};

// The pipeline around the playhead, as a chart of lanes over a window of estimated time, so that the copy
// of step i+1 is seen under the compute of step i and the bubbles as gaps.
struct PipelineChart {
  double from_us = 0, to_us = 0;  // the window
  double playhead_us = 0;
  std::vector<PipelineLane> lanes{};
  std::string
      now{};  // what the playhead crosses: "core 0 computes step 5 while k's copy for step 6 lands (40 %)"
};

struct TimelineMarker {
  std::uint64_t event = 0;
  MarkerKind kind = MarkerKind::IssuedCopy;
  double time_us = 0;  // the event's estimated time on the recording's clock
};

struct TimelineBand {
  std::string name{};                // "fwd"
  std::uint64_t first = 0, end = 0;  // global events [first, end)
  double start_us = 0, end_us = 0;   // on the recording's estimated clock
  bool focus = false;                // the launch the stop's words are about (`focus: launch`), outlined
};

// Megacore: a grid step (or, for a launch of many steps, a whole core's run of them) on its TensorCore's
// lane. On the time axis the two lanes overlap, as the cores do; on the event axis core 1's steps follow
// core 0's, as the recording holds them.
struct TimelineStepBar {
  std::uint64_t first = 0, end = 0;  // global events [first, end)
  double start_us = 0, end_us = 0;   // on the recording's estimated clock
  int core = 0;
};

struct TimelinePicture {
  std::uint64_t event_count = 0;
  std::uint64_t cursor = 0;
  std::optional<std::uint64_t> landing{};  // the event the tour stop lands on, flagged on the scrubber
  std::vector<TimelineBand> launches{};
  std::vector<TimelineMarker> markers{};      // at most one per kind per bin
  std::vector<TimelineStepBar> core_steps{};  // on two-core launches only; empty: no core lanes
  std::string position{};                     // "event 812 of 4096 · fwd step 5 (0, 0, 1, 1) · 12.3 µs"
  std::string statement{};                    // what the event is: "matmul at fwd.run.s"
  bool playing = false;
  PlayClock clock = PlayClock::Steps;
  float speed = 8.0f;        // steps per second, in the step unit
  double rate_us = 1.0;      // model time: µs of TPU time per second of screen time
  PipelineChart pipeline{};  // around the playhead; no lanes without a recording
  StepUnit step_unit = StepUnit::Statement;
  TimelineAxis axis = TimelineAxis::Events;
  double total_us = 0;   // the recording's estimated time: its launches one after another
  double cursor_us = 0;  // the cursor's estimated time
  std::optional<double> landing_us{};
};

// Where an event sits along the scrubber, from 0 to 1, on the picture's axis.
inline double TimelineFraction(const TimelinePicture& picture, std::uint64_t event, double time_us) {
  if (picture.axis == TimelineAxis::Time) return picture.total_us > 0 ? time_us / picture.total_us : 0.0;
  return picture.event_count <= 1 ? 0.0
                                  : static_cast<double>(event) / static_cast<double>(picture.event_count - 1);
}

}  // namespace tilewalk::views
