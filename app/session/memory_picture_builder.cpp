#include "app/session/picture_builders.hpp"

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

}  // namespace

views::MemoryPicture BuildMemoryPicture(const walkthrough::Snapshot& snap, const walkthrough::Recording& rec) {
  views::MemoryPicture picture{.launch = snap.launch_name};
  const walkthrough::LaunchTrack& track = rec.launches()[static_cast<std::size_t>(snap.launch)];
  for (std::size_t i = 0; i < snap.inputs.size(); ++i)
    picture.inputs.push_back(Operand(snap.inputs[i], At(track.plan.inputs, i)));
  for (std::size_t i = 0; i < snap.outputs.size(); ++i)
    picture.outputs.push_back(Operand(snap.outputs[i], At(track.plan.outputs, i)));

  const std::size_t scratch_first = snap.inputs.size() + snap.outputs.size();
  for (std::size_t i = scratch_first; i < track.operand_names.size(); ++i) {
    const int buffer = rec.ScratchBuffer(snap.launch, static_cast<int>(i - scratch_first));
    std::string text = track.operand_names[i];
    if (const auto* b = At(snap.buffers, static_cast<std::size_t>(buffer)); b != nullptr && b->contents) {
      text += "  " + b->contents->shape().ToString() + " " + std::string(tpu::DTypeName(b->contents->dtype()));
    }
    picture.scratch.push_back(std::move(text));
  }

  if (snap.copy_in_flight) {
    const tpu::Event& copy = *snap.copy_in_flight;
    if (const std::string* name = At(track.operand_names, copy.operand)) {
      const bool issued = (copy.flags & tpu::event_flags::kIssued) != 0;
      picture.copy_in_flight = *name + " " + BlockText(At(track.plan.inputs, copy.operand), copy.block) +
                               (issued ? " into slot " + std::to_string(copy.slot) : " (skipped: already in slot " +
                                                                                         std::to_string(copy.slot) + ")");
    }
  }
  return picture;
}

}  // namespace tilewalk::session
