// The event trace of a launch: one small fixed-size record per statement, copy, writeback, branch and
// grid-step boundary. Records hold indices and counts, never tensor values; values are recomputed by
// re-running a grid step when a view needs them.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "kernels/tpu/sites.hpp"

namespace tilewalk::tpu {

enum class EventKind : uint8_t {
  StepBegin,  // a grid step starts
  CopyIn,     // HBM → VMEM copy of an input block for a step: flags kIssued, or skipped (block reused)
  Writeback,  // VMEM → HBM copy of an output block whose index is about to change, or after the last step
  When,       // a pl.when branch: flags kTaken
  LoopIteration,  // one unrolled iteration of a loop; block = iteration index
  Load,           // ref read into registers
  Store,          // ref write (=, +=, *=)
  Vector,         // a statement of VPU work
  MatMul,         // a statement containing at least one MXU matmul
  StepEnd,        // a grid step ends: flags kRan, or skipped (no arithmetic ran)
  Error,          // a kernel error, at its site
  Scalar,         // a statement on scalars fixed per grid step: a program id, a block shape, a static test;
                  // with an operand, the body's read of element `block` of that scalar-prefetch ref
  SmemCopy,       // HBM → SMEM copy of a whole scalar-prefetch operand, before a TensorCore's first step
  kCount,
};

inline constexpr int kEventKindCount = static_cast<int>(EventKind::kCount);
std::string_view EventKindName(EventKind kind);  // "copy_in", "matmul", ...

namespace event_flags {
inline constexpr uint8_t kIssued = 1;    // CopyIn: a DMA was issued (otherwise skipped)
inline constexpr uint8_t kTaken = 1;     // When: the branch ran
inline constexpr uint8_t kRan = 1;       // StepEnd: the step did arithmetic
inline constexpr uint8_t kPrologue = 2;  // CopyIn: issued before a core's first step, not overlapped
// Any kind: the event belongs to a step that TensorCore 1 of a megacore chip runs (grid_slices.hpp); its
// times are on that core's clock, which starts with the launch like core 0's.
inline constexpr uint8_t kCore1 = 0x80;
}  // namespace event_flags

inline constexpr uint8_t kNoOperand = 0xFF;

struct Event {
  EventKind kind = EventKind::StepBegin;
  uint8_t flags = 0;
  uint8_t operand = kNoOperand;  // launch operand index: inputs, outputs, scratch, scalar prefetch
  uint8_t slot = 0;              // VMEM slot (0 or 1) of the buffer touched
  SiteId site = kNoSite;
  uint16_t lead = 0;   // Load/Store: first leading ref index (the batch row within block_b)
  uint32_t step = 0;   // linear grid step
  uint32_t block = 0;  // CopyIn/Writeback: linear block index; LoopIteration: iteration; Scalar: element
  uint16_t row0 = 0, rows = 0, col0 = 0, cols = 0;  // Load/Store: the ref region
  uint64_t work = 0;     // bytes (copies, SmemCopy), flops (matmul), vector-register ops (others)
  float t_start_us = 0;  // estimated by the cost model, on the clock of the event's core
  float t_end_us = 0;

  int core() const { return (flags & event_flags::kCore1) ? 1 : 0; }
};
static_assert(sizeof(Event) == 40, "events are small fixed-size records; keep them at 40 bytes");

using EventLog = std::vector<Event>;

}  // namespace tilewalk::tpu
