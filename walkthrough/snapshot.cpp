#include "walkthrough/snapshot.hpp"

#include <algorithm>

namespace tilewalk::walkthrough {

const NamedBuffer* Snapshot::Buffer(const std::string& name) const {
  for (const NamedBuffer& b : buffers)
    if (b.name == name) return &b;
  return nullptr;
}

const NamedValue* Snapshot::Value(const std::string& site_name) const {
  for (const NamedValue& v : values)
    if (v.site == site_name) return &v;
  return nullptr;
}

namespace {

// Which block each slot of an operand holds during step s, before anything of step s+1 lands.
std::array<std::optional<uint32_t>, 2> SlotBlocks(const tpu::OperandSchedule& sched, int64_t step) {
  std::array<std::optional<uint32_t>, 2> held;
  for (int64_t t = step; t >= 0 && !(held[0] && held[1]); --t) {
    const auto i = static_cast<std::size_t>(t);
    if (!held[sched.slot[i]]) held[sched.slot[i]] = sched.block[i];
  }
  return held;
}

// Each site's latest value up to the cursor, in the order the sites first produced one.
std::vector<NamedValue> ValuesAt(const StepReplay& replay, uint64_t event) {
  std::vector<NamedValue> values;
  for (const CapturedValue& v : replay.values) {
    if (v.event > event) break;
    const std::string name = tpu::GetSite(v.site).name;
    auto it = std::find_if(values.begin(), values.end(), [&](const NamedValue& n) { return n.site == name; });
    if (it == values.end())
      values.push_back({name, v.value});
    else
      it->value = v.value;
  }
  return values;
}

}  // namespace

std::shared_ptr<const Snapshot> MakeSnapshot(const Recording& rec, const StepReplay& replay, uint64_t event) {
  auto snap = std::make_shared<Snapshot>();
  const LaunchTrack& track = rec.launches()[static_cast<std::size_t>(replay.launch)];
  snap->event_index = event;
  snap->launch = replay.launch;
  snap->launch_name = track.name;
  snap->event = rec.EventAt(event);
  snap->site = tpu::GetSite(snap->event.site);
  snap->grid = track.grid;
  snap->step = replay.step;
  snap->grid_index = tpu::UnflattenStep(track.grid, replay.step);
  snap->clock_us = snap->event.t_start_us;

  const auto steps = static_cast<std::size_t>(track.grid.Product());
  snap->cells.assign(steps, CellState::Pending);
  // The steps before the cursor's, and the cursor's own: what it does is settled by its index maps before
  // it starts (`step` says which one it is).
  for (std::size_t s = 0; s <= static_cast<std::size_t>(replay.step) && s < track.step_ran.size(); ++s)
    snap->cells[s] = track.step_ran[s] ? CellState::Ran : CellState::Skipped;
  snap->core1_first_step = track.plan.cores.core1_first_step;

  // Buffers: the step's start, then every change up to the cursor.
  std::vector<std::shared_ptr<const tpu::Array>> contents = replay.start;
  for (const BufferChange& c : replay.changes)
    if (c.event <= event) contents[static_cast<std::size_t>(c.buffer)] = c.contents;
  for (std::size_t b = 0; b < contents.size(); ++b)
    snap->buffers.push_back({rec.BufferName(replay.launch, static_cast<int>(b)), contents[b]});

  snap->values = ValuesAt(replay, event);

  // Slots and copies, from the plan and this step's events up to the cursor.
  const auto s = static_cast<std::size_t>(replay.step);
  const uint64_t first = track.global_first_event + track.step_first_event[s];
  for (std::size_t i = 0; i < track.plan.inputs.size(); ++i) {
    const tpu::OperandSchedule& sched = track.plan.inputs[i];
    SlotState slot{track.operand_names[i],
                   SlotBlocks(sched, replay.step),
                   sched.slot[s],
                   -1,
                   s > 0 && !sched.transfer[s],
                   false};
    snap->inputs.push_back(slot);
  }
  for (uint64_t e = first; e <= event; ++e) {
    const tpu::Event& ev = rec.EventAt(e);
    const bool issued = ev.kind == tpu::EventKind::CopyIn && (ev.flags & tpu::event_flags::kIssued);
    if (issued) {
      snap->copy_in_flight = ev;
      SlotState& slot = snap->inputs[ev.operand];
      slot.block[ev.slot] = ev.block;
      slot.filling = ev.slot;
    }
  }
  const std::size_t n_in = track.plan.inputs.size();
  for (std::size_t o = 0; o < track.plan.outputs.size(); ++o) {
    const tpu::OperandSchedule& sched = track.plan.outputs[o];
    SlotState slot{
        track.operand_names[n_in + o], SlotBlocks(sched, replay.step), sched.slot[s], -1, false, false};
    for (uint64_t e = first; e <= event; ++e) {
      const tpu::Event& ev = rec.EventAt(e);
      if (ev.kind == tpu::EventKind::Writeback && ev.operand == n_in + o) slot.written_back = true;
    }
    snap->outputs.push_back(slot);

    HbmOutput hbm{slot.name, &rec.OutputArray(replay.launch, static_cast<int>(o)), sched.block_grid, {}};
    hbm.written.assign(static_cast<std::size_t>(sched.block_grid.Product()), 0);
    for (std::size_t t = 0; t < s; ++t)
      if (sched.transfer[t]) hbm.written[sched.block[t]] = 1;
    if (slot.written_back) hbm.written[sched.block[s]] = 1;
    snap->hbm_outputs.push_back(std::move(hbm));
  }
  return snap;
}

}  // namespace tilewalk::walkthrough
