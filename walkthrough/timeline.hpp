// The cursor over a recording, like a debugger with reverse stepping: step by statement, DMA event,
// grid step or launch, seek to any event, jump to the next or previous event of a kind or at a site.
// Current() rebuilds the machine at the cursor from the nearest checkpoint; it keeps the replay of the
// current grid step, so moving within a step is cheap. One Timeline, one cursor: the app owns it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "walkthrough/recording.hpp"
#include "walkthrough/snapshot.hpp"

namespace tilewalk::walkthrough {

enum class Granularity : uint8_t { Statement, Dma, GridStep, Launch };
enum class Direction : int8_t { Backward = -1, Forward = 1 };

// Kinds of moments to jump between.
enum class Moment : uint8_t {
  SkippedStep,  // the start of a grid step that did no arithmetic
  IssuedCopy,   // an HBM → VMEM copy that was issued
  SkippedCopy,  // a copy that was skipped because the block was already in its slot
  Writeback,
  WhenTaken,  // a pl.when branch that ran
  Error,
};

class Timeline {
 public:
  explicit Timeline(std::shared_ptr<const Recording> recording);

  const Recording& recording() const { return *m_recording; }
  uint64_t cursor() const { return m_cursor; }
  uint64_t size() const { return m_recording->EventCount(); }

  // Each returns false, leaving the cursor where it was, when there is nowhere to go.
  bool Seek(uint64_t event);
  bool Step(Granularity granularity, Direction direction);
  bool Jump(Moment moment, Direction direction);
  bool JumpToSite(std::string_view site_name);  // the first event at that site
  bool JumpToLine(uint32_t cpp_line);           // the first event whose site is on that C++ line

  std::shared_ptr<const Snapshot> Current();  // the snapshot at the cursor

 private:
  bool JumpToFirstOf(const std::vector<tpu::SiteId>& sites);
  std::optional<uint64_t> Find(Direction direction, bool (*match)(const Recording&, uint64_t, const void*),
                               const void* context) const;

  std::shared_ptr<const Recording> m_recording;
  uint64_t m_cursor = 0;
  std::shared_ptr<const StepReplay> m_replay;  // of the cursor's step, when built
  std::shared_ptr<const Snapshot> m_snapshot;
};

// Whether an event is of a moment's kind (exposed for the trace export and tests).
bool IsMoment(const Recording& recording, uint64_t event, Moment moment);

}  // namespace tilewalk::walkthrough
