// A recording on the cost model's clock: what each TensorCore and its copy engine is doing at any instant
// of the estimated time, and the spans a pipeline chart draws around it. The event log is in program
// order (a step's prefetch is logged at the step's start, before its body), while the clock lets the copy
// of step i+1 run during the compute of step i; this index answers "what is active at t" with a binary
// search per core, so playback in model time can ask it every frame.
//
// Per core, the events that are not copies have non-decreasing start times in log order (the compute
// clock only moves forward), and so do the issued copies and writebacks (one copy engine, a queue), so at
// most one copy is in flight per core at any instant.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "walkthrough/recording.hpp"

namespace tilewalk::walkthrough {

// A copy-in or writeback under way on a core's copy engine.
struct CopyInFlight {
  uint64_t event = 0;   // global
  double progress = 0;  // of its bytes landed, in [0, 1)
};

enum class CoreActivity : uint8_t {
  Waiting,    // before a step: its inputs have not all landed (a bubble), or the prologue's copies run
  Computing,  // a statement or the step's fixed overhead occupies the core
  Done,       // the core ran its last step of the launch (its copy engine may still drain)
  Unused,     // a one-core chip's second core, or a core the launch gives no step
};

struct CoreInstant {
  CoreActivity activity = CoreActivity::Unused;
  std::optional<uint64_t> event{};  // the core's latest event started at or before the instant, not a copy
  std::optional<uint64_t> started_copy{};  // its latest copy or writeback started at or before the instant
  int64_t step = -1;                       // the grid step it computes or waits for; -1 when none
  std::optional<CopyInFlight> copy{};
};

struct ModelInstant {
  double time_us = 0;  // on the recording's clock: its launches one after another
  int launch = 0;
  double local_us = 0;  // from the launch's start
  std::array<CoreInstant, 2> cores{};
  // The event the app shows: core 0's latest, or core 1's once core 0 is done; before core 0's first step,
  // its latest prologue copy started (the launch's first event before any).
  uint64_t cursor = 0;
};

// A grid step that ran to its end: a step that raised an error has a cost entry but no end on the clock.
bool StepFinished(const tpu::StepCost& cost);

enum class LaneSpanKind : uint8_t { Ran, Skipped, Wait, CopyIn, Writeback };

// A span of a pipeline chart's lane, on the recording's clock.
struct LaneSpan {
  double start_us = 0, end_us = 0;
  LaneSpanKind kind = LaneSpanKind::Ran;
  int64_t step = 0;        // the grid step (Ran, Skipped, Wait), or the step that issued the copy
  uint8_t operand = 0xFF;  // CopyIn, Writeback: the launch's operand index
};

class ModelTime {
 public:
  explicit ModelTime(const Recording& recording);  // which must outlive it

  ModelInstant At(double time_us) const;
  // The compute lane (steps and the waits before them) and the copy lane of one core of one launch, the
  // spans that overlap [from_us, to_us) on the recording's clock, in time order, at most `limit` each.
  std::vector<LaneSpan> ComputeSpans(int launch, int core, double from_us, double to_us,
                                     std::size_t limit) const;
  std::vector<LaneSpan> CopySpans(int launch, int core, double from_us, double to_us,
                                  std::size_t limit) const;
  int Cores(int launch) const;  // TensorCores that run steps of the launch: 1 or 2

 private:
  struct CoreIndex {
    std::vector<uint32_t> compute;  // local event indices of the core's events that are not copies
    std::vector<uint32_t> copies;   // of its issued copy-ins and its writebacks
    std::vector<uint32_t> steps;    // indices into the launch's step_costs of the core's steps
  };
  CoreInstant CoreAt(int launch, int core, double local_us) const;

  const Recording& m_recording;
  std::vector<std::array<CoreIndex, 2>> m_launches;
};

}  // namespace tilewalk::walkthrough
