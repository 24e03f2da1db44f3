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
  bool JumpToSite(std::string_view site_name);                // the first event at that site
  bool JumpToLine(std::string_view cpp_file, uint32_t line);  // the first event at that mirror line

  std::shared_ptr<const Snapshot> Current();  // the snapshot at the cursor

 private:
  bool SeekTo(std::optional<uint64_t> event) { return event && Seek(*event); }

  std::shared_ptr<const Recording> m_recording;
  uint64_t m_cursor = 0;
  std::shared_ptr<const StepReplay> m_replay;  // of the cursor's step, when built
  std::shared_ptr<const Snapshot> m_snapshot;
};

}  // namespace tilewalk::walkthrough
