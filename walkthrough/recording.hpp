// A recording of a scenario's launches, made once: per launch its compact event log, its pipeline plan,
// which steps did arithmetic, and checkpoints of the machine state at grid-step boundaries (deltas).
// Any moment can then be rebuilt by restoring the nearest checkpoint and re-running; Replay() does that
// for one grid step and keeps every value and state change of it.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/api/kernel.hpp"
#include "kernels/api/run.hpp"
#include "kernels/api/scenario.hpp"
#include "walkthrough/checkpoint.hpp"
#include "walkthrough/moment.hpp"

namespace tilewalk::walkthrough {

struct KernelWalk;

struct LaunchTrack {
  std::string name;                          // the launch's name (its sites' prefix)
  const kernel::LaunchInfo* info = nullptr;  // its kernel's row for it (KernelInfo::launches); null: none
  tpu::Dims grid;
  tpu::PipelinePlan plan;
  tpu::EventLog events;
  std::vector<uint32_t> step_first_event;  // per step, index into events of its first event; plus the end
  std::vector<uint8_t> step_ran;           // per executed step: 1 when it did arithmetic
  tpu::LaunchStats stats;
  tpu::VmemBudget vmem;                    // the buffers the launch holds in VMEM, and its scoped limit
  std::vector<Checkpoint> checkpoints;     // ordered by step
  uint64_t global_first_event = 0;         // index of events[0] in the recording's global numbering
  std::optional<tpu::KernelError> error;   // an error the launch met while executing
  std::vector<std::string> operand_names;  // inputs, then outputs, then scratch
  std::size_t checkpoint_bytes = 0;
};

// The state of every buffer of a launch after one event: a buffer not listed is as it was.
struct BufferChange {
  uint64_t event = 0;  // global event index
  int buffer = 0;      // BufferIndex numbering
  std::shared_ptr<const tpu::Array> contents;
};

struct CapturedValue {
  uint64_t event = 0;  // global event index
  tpu::SiteId site = tpu::kNoSite;
  std::shared_ptr<const tpu::Value> value;
};

// One grid step re-run: the buffers at its start and every change and value inside it.
struct StepReplay {
  int launch = 0;
  int64_t step = 0;
  std::vector<std::shared_ptr<const tpu::Array>> start;  // BufferIndex numbering
  std::vector<BufferChange> changes;                     // in event order
  std::vector<CapturedValue> values;                     // in event order
};

// A range of global event indices, [first, end).
struct EventSpan {
  uint64_t first = 0, end = 0;
  bool Contains(uint64_t event) const { return event >= first && event < end; }
  uint64_t size() const { return end - first; }
};

// A set of event kinds, for searches: KindSet{EventKind::CopyIn, EventKind::Writeback}.
class KindSet {
 public:
  KindSet(std::initializer_list<tpu::EventKind> kinds) {
    for (tpu::EventKind kind : kinds) m_bits |= 1u << static_cast<unsigned>(kind);
  }
  bool Has(tpu::EventKind kind) const { return (m_bits >> static_cast<unsigned>(kind)) & 1u; }

 private:
  uint32_t m_bits = 0;
};

struct RecordOptions {
  std::size_t checkpoint_budget_bytes = 128u << 20;  // for all launches; what one leaves, the next may use
  int64_t checkpoint_every = 16;  // steps that did arithmetic between checkpoints, when the budget allows
  // Called on the recording's thread after each grid step: steps done and steps in all launches.
  std::function<void(int64_t done, int64_t total)> progress{};
  // Asked between grid steps; once it says true, Record stops and returns null.
  std::function<bool()> cancelled{};
  int threads = 0;  // for the launches' parallel grid axes (tpu::LaunchOptions::threads); 0: one per core
};

class Recording {
 public:
  // Runs every check and launch of the scenario once, recording. A rejected scenario gives a recording
  // with error() set and the launches that ran before it; a cancelled one (RecordOptions::cancelled), null.
  static std::unique_ptr<Recording> Record(const kernel::Scenario& scenario,
                                           const RecordOptions& options = {});
  ~Recording();

  const kernel::Scenario& scenario() const { return m_scenario; }
  const KernelWalk& walk() const;  // WalkOf the scenario's kernel
  const std::optional<tpu::KernelError>& error() const { return m_error; }
  const std::string& error_launch() const { return m_error_launch; }
  const std::vector<LaunchTrack>& launches() const { return m_tracks; }
  uint64_t EventCount() const { return m_event_count; }
  // What the recording holds in memory, once seeking has built its replayers: its events and step
  // bookkeeping, checkpoints, plans, the step's arrays and machine states (kernel::KernelRun::HeldBytes).
  std::size_t MemoryBytes() const;

  // Which launch holds a global event index, and the event itself.
  int LaunchOf(uint64_t event) const;
  const tpu::Event& EventAt(uint64_t event) const;
  int64_t StepOf(uint64_t event) const { return EventAt(event).step; }

  // Buffers of a launch's machine state, numbered: input slots (2 per input), output slots (2 per
  // output), then scratch.
  int BufferCount(int launch) const;
  std::string BufferName(int launch, int buffer) const;
  int OutputSlotBuffer(int launch, int output, int slot) const;
  // The HBM array an output of a launch is written back into. It holds the final values: every output
  // block is written back exactly once per launch (a revisit is an error), so these arrays plus the
  // record of which blocks were written by a given moment are exactly HBM at that moment.
  const tpu::Array& OutputArray(int launch, int output) const;
  int ScratchBuffer(int launch, int scratch) const;

  // ---- Queries (recording_queries.cpp): what the app asks, rather than indexing the raw arrays. ----
  // Searches start after `from` (forward) or before it (backward), never at it, and never wrap.
  EventSpan EventRange(int launch) const;                                    // a launch's events
  int64_t StepCount(int launch) const;                                       // grid steps the launch executed
  std::optional<uint64_t> FirstEventOfStep(int launch, int64_t step) const;  // none past the last
  bool StepRan(int launch, int64_t step) const;                              // it did arithmetic
  int LaunchNamed(std::string_view name) const;                              // -1 when it did not run
  // The cost model's clock, in µs from the start of the first launch; launches run one after another.
  double TimeOfEvent(uint64_t event) const;  // past the end: the total
  double LaunchStartTime(int launch) const;  // past the last launch: the total
  double TotalTime() const;
  uint64_t EventAtTime(double time_us) const;  // the first event starting at or after it (clamped)
  bool IsMoment(uint64_t event, Moment moment) const;
  std::optional<uint64_t> NextMoment(uint64_t from, Moment moment, Direction direction) const;
  std::optional<uint64_t> NextEventOfKind(uint64_t from, KindSet kinds, Direction direction) const;
  std::optional<uint64_t> NextAtSite(uint64_t from, std::span<const tpu::SiteId> sites,
                                     Direction direction) const;
  // An event whose site is on `line` of the C++ mirror file `file` (a base name: "forward_kernel.cpp").
  std::optional<uint64_t> NextAtLine(uint64_t from, std::string_view file, uint32_t line,
                                     Direction direction) const;
  std::optional<uint64_t> FirstAtSite(std::span<const tpu::SiteId> sites) const;
  // The sites of that name in the recording's kernel (KernelInfo::source_folder): another kernel may use
  // the name too. Asked once per landing or jump, not per event.
  std::vector<tpu::SiteId> SitesNamed(std::string_view name) const;
  std::optional<uint64_t> FirstAtLine(std::string_view file, uint32_t line) const;
  // An event whose role-table name (SiteNameOf) is one of `names`: how the Pallas file's line map names
  // a statement, a copy, a writeback or a step boundary.
  std::optional<uint64_t> NextNamed(uint64_t from, std::span<const std::string> names,
                                    Direction direction) const;
  std::optional<uint64_t> FirstNamed(std::span<const std::string> names) const;
  // The name the site role table gives an event: its site's name, or for an event with no site of its
  // own "LAUNCH.copy.OPERAND", "LAUNCH.writeback.OPERAND" or "LAUNCH.step"; empty for an error raised
  // outside any statement.
  std::string SiteNameOf(uint64_t event) const;
  // The statement nearest an event in its launch (a copy or a step boundary has no site of its own),
  // looking `first` way first; none when the launch has no statement.
  std::optional<uint64_t> NearestStatement(uint64_t event, Direction first) const;

  // Re-runs one grid step from the nearest checkpoint. Thread-compatible, not thread-safe.
  std::shared_ptr<const StepReplay> Replay(int launch, int64_t step) const;

  // Re-runs every launch from its first checkpoint into outputs filled with NaN first; returns them.
  // What a direct run gives, bit for bit, if the checkpoints and replays are right.
  kernel::Outputs ReplayToEnd() const;
  // The outputs as they stand; none for a recording with error() set (nothing ran to its end).
  kernel::Outputs Outputs() const;

 private:
  explicit Recording(const kernel::Scenario& scenario);
  // False when cancelled.
  bool RecordLaunch(int index, const RecordOptions& options, int64_t& steps_done, int64_t steps_total);
  tpu::LaunchRunner& Replayer(int launch) const;
  // From nothing (nullopt): forward from the first event, backward from the last.
  template <typename Match>
  std::optional<uint64_t> Search(std::optional<uint64_t> from, Direction direction, Match match) const;
  std::optional<uint64_t> SearchSites(std::optional<uint64_t> from, std::span<const tpu::SiteId> sites,
                                      Direction direction) const;
  std::optional<uint64_t> SearchNames(std::optional<uint64_t> from, std::span<const std::string> names,
                                      Direction direction) const;
  std::optional<uint64_t> SearchLine(std::optional<uint64_t> from, std::string_view file, uint32_t line,
                                     Direction direction) const;

  kernel::Scenario m_scenario;
  std::unique_ptr<kernel::KernelRun> m_run;  // owns the inputs its launches read
  std::vector<LaunchTrack> m_tracks;
  std::optional<tpu::KernelError> m_error;
  std::string m_error_launch;
  uint64_t m_event_count = 0;
  std::size_t m_checkpoint_bytes = 0;

  struct ReplaySink;
  std::unique_ptr<ReplaySink> m_sink;
  mutable std::vector<std::unique_ptr<tpu::LaunchRunner>> m_replayers;
};

}  // namespace tilewalk::walkthrough
