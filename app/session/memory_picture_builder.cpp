#include "app/session/picture_builders.hpp"

#include <algorithm>
#include <optional>

#include "app/session/heatmap_builders.hpp"
#include "kernels/tpu/block_spec.hpp"

namespace tilewalk::session {
namespace {

std::string BlockText(const tpu::OperandSchedule* schedule, uint32_t linear) {
  if (schedule == nullptr || schedule->block_grid.rank() == 0) return "block " + std::to_string(linear);
  // "(0,0,2,0)": without spaces, so that two slots fit side by side in a third of a projected screen.
  std::string text;
  for (char c : tpu::UnflattenBlock(schedule->block_grid, linear).ToString())
    if (c != ' ') text += c;
  return text;
}

views::OperandPicture Operand(const walkthrough::SlotState& state, const tpu::OperandSchedule* schedule) {
  views::OperandPicture op{.name = state.name, .reused = state.reused, .written_back = state.written_back};
  for (int s = 0; s < 2; ++s) {
    views::SlotPicture& slot = op.slots[static_cast<std::size_t>(s)];
    const auto& block = state.block[static_cast<std::size_t>(s)];
    slot.holds_block = block.has_value();
    if (block) slot.block = BlockText(schedule, *block);
    slot.active = state.active == s;
    slot.filling = state.filling == s;
  }
  return op;
}

template <typename T>
const T* At(const std::vector<T>& v, std::size_t i) {
  return i < v.size() ? &v[i] : nullptr;
}

// The slice of the block grid that holds `wanted`: its last two dimensions (one for a rank-1 grid), with the
// cells in VMEM marked, and `naive` placed when it lies in the same slice.
views::HbmArrayPicture HbmArray(const tpu::OperandSchedule& schedule, uint32_t wanted,
                                std::optional<uint32_t> naive, const walkthrough::SlotState& slots) {
  views::HbmArrayPicture hbm;
  const tpu::Dims& grid = schedule.block_grid;
  const int rank = grid.rank();
  if (rank == 0) return hbm;
  hbm.cols = static_cast<int>(grid[-1]);
  hbm.rows = rank >= 2 ? static_cast<int>(grid[-2]) : 1;
  const auto per_slice = static_cast<uint32_t>(hbm.rows * hbm.cols);
  const uint32_t base = wanted - wanted % per_slice;
  hbm.cells.assign(per_slice, 0);
  hbm.wanted = static_cast<int>(wanted - base);
  hbm.first_block = base;
  for (const auto& held : slots.block)
    if (held && *held >= base && *held < base + per_slice)
      hbm.cells[*held - base] |= views::hbm_cell::kInVmem;
  if (naive && *naive != wanted && *naive >= base && *naive < base + per_slice)
    hbm.naive = static_cast<int>(*naive - base);
  if (rank > 2 && grid.Product() > per_slice) {
    const tpu::BlockIndex index = tpu::UnflattenBlock(grid, wanted);
    hbm.slice = "slice";
    for (int d = 0; d < rank - 2; ++d) hbm.slice += " " + std::to_string(index[d]);
  }
  return hbm;
}

// "(1, 1, 128, 64) float32, 32 KiB": the block an operand's slot buffers hold (either slot, whichever has
// been filled); empty before either has.
std::string BlockSize(const walkthrough::Snapshot& snap, std::size_t first_slot_buffer) {
  for (std::size_t b = first_slot_buffer; b < first_slot_buffer + 2; ++b) {
    const walkthrough::NamedBuffer* buffer = At(snap.buffers, b);
    if (buffer == nullptr || !buffer->contents) continue;
    const tpu::Array& block = *buffer->contents;
    return block.shape().ToString() + " " + std::string(tpu::DTypeName(block.dtype())) + ", " +
           views::ByteText(block.bytes());
  }
  return {};
}

// The inputs with their HBM arrays; sets the picture's redirect line when a block differs from the one a
// naive index map would ask for.
void AddInputs(views::MemoryPicture& picture, const walkthrough::Snapshot& snap,
               const walkthrough::LaunchTrack& track, const walkthrough::NaiveLaunch* naive) {
  const auto step = static_cast<std::size_t>(snap.step);
  std::vector<std::string> redirected;
  std::string redirect_detail;
  for (std::size_t i = 0; i < snap.inputs.size(); ++i) {
    const tpu::OperandSchedule* schedule = At(track.plan.inputs, i);
    picture.inputs.push_back(Operand(snap.inputs[i], schedule));
    picture.inputs.back().block_size = BlockSize(snap, 2 * i);  // input slots come first, two each
    if (schedule == nullptr || step >= schedule->block.size()) continue;
    const uint32_t wanted = schedule->block[step];
    std::optional<uint32_t> naive_block;
    if (naive != nullptr && step < naive->input_blocks[i].size()) naive_block = naive->input_blocks[i][step];
    picture.inputs.back().hbm = HbmArray(*schedule, wanted, naive_block, snap.inputs[i]);
    if (naive_block && *naive_block != wanted) {
      redirected.push_back(snap.inputs[i].name);
      if (redirect_detail.empty())
        redirect_detail =
            BlockText(schedule, wanted) + "; a naive map would ask for " + BlockText(schedule, *naive_block);
    }
  }
  if (redirected.empty()) return;
  std::string names;
  for (std::size_t n = 0; n < redirected.size(); ++n)
    names += (n == 0 ? "" : n + 1 == redirected.size() ? " and " : ", ") + redirected[n];
  picture.redirect = "Redirect: " + names + (redirected.size() == 1 ? " asks for " : " each ask for ") +
                     redirect_detail + ".";
}

// The outputs with their HBM arrays, the blocks written back so far marked.
void AddOutputs(views::MemoryPicture& picture, const walkthrough::Snapshot& snap,
                const walkthrough::LaunchTrack& track) {
  const auto step = static_cast<std::size_t>(snap.step);
  for (std::size_t i = 0; i < snap.outputs.size(); ++i) {
    const tpu::OperandSchedule* schedule = At(track.plan.outputs, i);
    picture.outputs.push_back(Operand(snap.outputs[i], schedule));
    picture.outputs.back().block_size = BlockSize(snap, 2 * (snap.inputs.size() + i));  // then outputs'
    if (schedule == nullptr || step >= schedule->block.size()) continue;
    views::HbmArrayPicture hbm = HbmArray(*schedule, schedule->block[step], std::nullopt, snap.outputs[i]);
    if (const walkthrough::HbmOutput* out = At(snap.hbm_outputs, i)) {
      const uint32_t base = schedule->block[step] - static_cast<uint32_t>(hbm.wanted);
      for (std::size_t c = 0; c < hbm.cells.size(); ++c)
        if (base + c < out->written.size() && out->written[base + c])
          hbm.cells[c] |= views::hbm_cell::kWritten;
    }
    picture.outputs.back().hbm = std::move(hbm);
  }
}

// The forward's operands that follow q's rows, and the axis of their blocks that does; -1 for the others.
int QueryRowAxis(const std::string& operand) {
  if (operand == "q" || operand == "ab" || operand == "o" || operand == "l" || operand == "m") return 2;
  return operand == "q_segment_ids" ? 1 : -1;
}

// Appends to an operand's block text the rows of this step's block that lie past q_len, when it is the
// partial last q block: " · rows 72–127 of this block are padding".
void MarkPadding(views::OperandPicture& op, const walkthrough::Snapshot& snap,
                 const tpu::OperandSchedule* schedule, std::size_t first_slot_buffer, int q_len) {
  const int axis = QueryRowAxis(op.name);
  const auto step = static_cast<std::size_t>(snap.step);
  const walkthrough::NamedBuffer* buffer = At(snap.buffers, first_slot_buffer);
  if (snap.launch_name != "fwd" || axis < 0 || schedule == nullptr || step >= schedule->block.size() ||
      buffer == nullptr || !buffer->contents || buffer->contents->shape().rank() <= axis)
    return;
  const int64_t rows = buffer->contents->shape()[axis];
  const int64_t first = tpu::UnflattenBlock(schedule->block_grid, schedule->block[step])[axis] * rows;
  const int64_t real = std::clamp<int64_t>(q_len - first, 0, rows);
  if (real < rows)
    op.block_size += " · rows " + std::to_string(real) + "–" + std::to_string(rows - 1) +
                     " of this block are padding (unspecified, NaN in interpret mode)";
}

// The bytes copied in through this step, the launch's total, and a naive map's figures beside them.
void AddBytes(views::MemoryPicture& picture, std::size_t step, const CopyYardstick& yardstick,
              const walkthrough::NaiveLaunch* naive) {
  if (yardstick.bytes_through_step != nullptr && step < yardstick.bytes_through_step->size()) {
    picture.bytes_in = (*yardstick.bytes_through_step)[step];
    picture.launch_bytes_in = yardstick.bytes_through_step->back();
  }
  if (naive != nullptr && step < naive->bytes_through_step.size()) {
    picture.has_naive = true;
    picture.naive_bytes_in = naive->bytes_through_step[step];
    picture.launch_naive_bytes_in = naive->bytes_through_step.back();
  }
}

void AddScratch(views::MemoryPicture& picture, const walkthrough::Snapshot& snap,
                const walkthrough::Recording& rec, bool heatmaps, HeatmapCache* cache) {
  const walkthrough::LaunchTrack& track = rec.launches()[static_cast<std::size_t>(snap.launch)];
  const std::size_t scratch_first = snap.inputs.size() + snap.outputs.size();
  for (std::size_t i = scratch_first; i < track.operand_names.size(); ++i) {
    const int buffer = rec.ScratchBuffer(snap.launch, static_cast<int>(i - scratch_first));
    views::ScratchPicture scratch{.text = track.operand_names[i]};
    if (const auto* b = At(snap.buffers, static_cast<std::size_t>(buffer)); b != nullptr && b->contents) {
      scratch.text +=
          "  " + b->contents->shape().ToString() + " " + std::string(tpu::DTypeName(b->contents->dtype()));
      const std::string& name = track.operand_names[i];
      const auto build = [&] {
        const tpu::Matrix tile = FirstTile(*b->contents);
        return BuildHeatmap(
            name, tile, {},
            RealQueryRows(snap, QueryLength(rec, snap.launch), static_cast<int>(tile.rows())));
      };
      if (heatmaps) scratch.tile = cache != nullptr ? cache->Get(name, b->contents, build) : build();
    }
    picture.scratch.push_back(std::move(scratch));
  }
}

// "k block (0, 1) into slot 1", or "(skipped: already in slot 0)"; empty when no copy is in flight.
std::string CopyInFlight(const walkthrough::Snapshot& snap, const walkthrough::LaunchTrack& track) {
  if (!snap.copy_in_flight) return {};
  const tpu::Event& copy = *snap.copy_in_flight;
  const std::string* name = At(track.operand_names, copy.operand);
  if (name == nullptr) return {};
  const bool issued = (copy.flags & tpu::event_flags::kIssued) != 0;
  return *name + " " + BlockText(At(track.plan.inputs, copy.operand), copy.block) +
         (issued ? " into slot " + std::to_string(copy.slot)
                 : " (skipped: already in slot " + std::to_string(copy.slot) + ")");
}

// At an issued copy or a writeback, the HBM cell of its block, on its slot: where a step's transition moves
// the block from (or, for a writeback, to).
void MarkArrival(views::MemoryPicture& picture, const tpu::Event& e) {
  const bool issued = e.kind == tpu::EventKind::CopyIn && (e.flags & tpu::event_flags::kIssued) != 0;
  const std::size_t inputs = picture.inputs.size();
  views::OperandPicture* op = nullptr;
  if (issued && e.operand < inputs) op = &picture.inputs[e.operand];
  if (e.kind == tpu::EventKind::Writeback && e.operand >= inputs &&
      e.operand - inputs < picture.outputs.size())
    op = &picture.outputs[e.operand - inputs];
  if (op == nullptr || e.block < op->hbm.first_block || e.block - op->hbm.first_block >= op->hbm.cells.size())
    return;
  op->slots[e.slot & 1u].moving_cell = static_cast<int>(e.block - op->hbm.first_block);
}

// The block a slot held before the copy that serves `step`: the block of the latest earlier step of the same
// TensorCore (each core has slots of its own) that used the slot; none when no step had.
std::optional<uint32_t> HeldBefore(const tpu::OperandSchedule& schedule, const tpu::CoreSplit& cores,
                                   int64_t step, uint8_t slot) {
  const int core = cores.CoreOf(step);
  for (int64_t s = std::min<int64_t>(step, static_cast<int64_t>(schedule.slot.size())) - 1;
       s >= 0 && cores.CoreOf(s) == core; --s)
    if (schedule.slot[static_cast<std::size_t>(s)] == slot)
      return schedule.block[static_cast<std::size_t>(s)];
  return std::nullopt;
}

void SetInVmem(views::HbmArrayPicture& hbm, std::optional<uint32_t> block, bool in_vmem) {
  if (!block || *block < hbm.first_block || *block - hbm.first_block >= hbm.cells.size()) return;
  std::uint8_t& cell = hbm.cells[*block - hbm.first_block];
  cell = in_vmem ? (cell | views::hbm_cell::kInVmem) : (cell & ~views::hbm_cell::kInVmem);
}

void UndoCopyIn(views::OperandPicture& op, const tpu::OperandSchedule& schedule, const tpu::CoreSplit& cores,
                const tpu::Event& copy) {
  const bool prologue = (copy.flags & tpu::event_flags::kPrologue) != 0;
  const int64_t served = static_cast<int64_t>(copy.step) + (prologue ? 0 : 1);
  const std::optional<uint32_t> before = HeldBefore(schedule, cores, served, copy.slot);
  views::SlotPicture& slot = op.slots[copy.slot & 1u];
  slot.filling = false;
  slot.holds_block = before.has_value();
  slot.block = before ? BlockText(&schedule, *before) : std::string();
  const std::optional<uint32_t> other =
      HeldBefore(schedule, cores, served, static_cast<uint8_t>(copy.slot ^ 1u));
  if (other != copy.block) SetInVmem(op.hbm, copy.block, false);
  SetInVmem(op.hbm, before, true);
}

void UndoWriteback(views::OperandPicture& op, const tpu::Event& writeback, int64_t cursor_step) {
  if (writeback.block >= op.hbm.first_block && writeback.block - op.hbm.first_block < op.hbm.cells.size())
    op.hbm.cells[writeback.block - op.hbm.first_block] &=
        static_cast<std::uint8_t>(~views::hbm_cell::kWritten);
  if (static_cast<int64_t>(writeback.step) == cursor_step) op.written_back = false;
}

}  // namespace

void UndoCopiesNotStarted(views::MemoryPicture& picture, const walkthrough::Recording& rec, uint64_t cursor,
                          double local_us) {
  const int launch = rec.LaunchOf(cursor);
  const walkthrough::LaunchTrack& track = rec.launches()[static_cast<std::size_t>(launch)];
  const uint64_t base = rec.EventRange(launch).first;
  const tpu::Event& at = rec.EventAt(cursor);
  // The copies logged ahead of their time: this step's prefetch, the last step's writebacks.
  const int64_t from_step = std::max<int64_t>(0, static_cast<int64_t>(at.step) - 1);
  const uint64_t from = base + track.step_first_event[static_cast<std::size_t>(from_step)];
  const std::size_t inputs = picture.inputs.size();
  for (uint64_t event = cursor + 1; event-- > from;) {
    const tpu::Event& e = rec.EventAt(event);
    // A picosecond's slack, as ModelTime allows: the clock put at an event's start finds it started.
    if (e.core() != at.core() || static_cast<double>(e.t_start_us) <= local_us + 1e-6) continue;
    if (e.kind == tpu::EventKind::CopyIn && (e.flags & tpu::event_flags::kIssued) != 0 &&
        e.operand < inputs && e.operand < track.plan.inputs.size())
      UndoCopyIn(picture.inputs[e.operand], track.plan.inputs[e.operand], track.plan.cores, e);
    if (e.kind == tpu::EventKind::Writeback && e.operand >= inputs &&
        e.operand - inputs < picture.outputs.size())
      UndoWriteback(picture.outputs[e.operand - inputs], e, at.step);
  }
}

views::MemoryPicture BuildMemoryPicture(const walkthrough::Snapshot& snap, const walkthrough::Recording& rec,
                                        const CopyYardstick& yardstick, bool scratch_heatmaps,
                                        HeatmapCache* cache) {
  views::MemoryPicture picture{.launch = snap.launch_name, .event = snap.event_index};
  if (const std::size_t operand = snap.event.operand; operand != tpu::kNoOperand) {
    const std::size_t inputs = snap.inputs.size(), outputs = snap.outputs.size();
    picture.focus = operand < inputs             ? views::MemoryFocus::Input
                    : operand < inputs + outputs ? views::MemoryFocus::Output
                                                 : views::MemoryFocus::Scratch;
    picture.focus_index = static_cast<int>(operand < inputs ? operand : operand - inputs);
  }
  const walkthrough::LaunchTrack& track = rec.launches()[static_cast<std::size_t>(snap.launch)];
  const walkthrough::NaiveLaunch* naive = yardstick.naive;
  if (naive != nullptr && (naive->name != track.name || naive->input_blocks.size() != snap.inputs.size()))
    naive = nullptr;
  AddInputs(picture, snap, track, naive);
  AddOutputs(picture, snap, track);
  const int q_len = QueryLength(rec, snap.launch);
  for (std::size_t i = 0; i < picture.inputs.size(); ++i)
    MarkPadding(picture.inputs[i], snap, At(track.plan.inputs, i), 2 * i, q_len);
  for (std::size_t i = 0; i < picture.outputs.size(); ++i)
    MarkPadding(picture.outputs[i], snap, At(track.plan.outputs, i), 2 * (snap.inputs.size() + i), q_len);
  AddBytes(picture, static_cast<std::size_t>(snap.step), yardstick, naive);
  AddScratch(picture, snap, rec, scratch_heatmaps, cache);
  picture.copy_in_flight = CopyInFlight(snap, track);
  MarkArrival(picture, snap.event);
  return picture;
}

}  // namespace tilewalk::session
