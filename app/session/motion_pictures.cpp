#include "app/session/motion_pictures.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/session/picture_builders.hpp"

namespace tilewalk::session {
namespace {

using walkthrough::CoreActivity;

// The grid step a copy serves: a prologue's copy its own step, a prefetch the step after the one that
// issued it, a writeback the step whose output it drains.
int64_t ServedStep(const tpu::Event& copy) {
  const bool prefetch =
      copy.kind == tpu::EventKind::CopyIn && (copy.flags & tpu::event_flags::kPrologue) == 0;
  return static_cast<int64_t>(copy.step) + (prefetch ? 1 : 0);
}

std::string OperandName(const walkthrough::Recording& rec, int launch, uint8_t operand) {
  const auto& names = rec.launches()[static_cast<std::size_t>(launch)].operand_names;
  return operand < names.size() ? names[operand] : std::string("?");
}

int Percent(double progress) {
  return static_cast<int>(std::floor(std::clamp(progress, 0.0, 0.999) * 100.0));
}

// "k for step 7, 40 %", "o of step 5 drains, 60 %"
std::string CopyWords(const walkthrough::Recording& rec, int launch, const walkthrough::CopyInFlight& copy) {
  const tpu::Event& e = rec.EventAt(copy.event);
  const std::string name = OperandName(rec, launch, e.operand);
  const std::string step = std::to_string(ServedStep(e) + 1);
  const std::string percent = std::to_string(Percent(copy.progress)) + " %";
  return e.kind == tpu::EventKind::Writeback ? name + " of step " + step + " drains to HBM, " + percent
                                             : name + " for step " + step + " lands, " + percent;
}

std::string CoreWords(const walkthrough::CoreInstant& core) {
  const std::string step = "step " + std::to_string(core.step + 1);
  switch (core.activity) {
    case CoreActivity::Computing:
      return "computes " + step;
    case CoreActivity::Waiting:
      return step + " waits for its inputs";
    case CoreActivity::Done:
      return "done";
    default:
      return {};
  }
}

std::string InstantWords(const walkthrough::ModelInstant& instant, const walkthrough::Recording& rec) {
  std::string text;
  for (int c = 0; c < 2; ++c) {
    const walkthrough::CoreInstant& core = instant.cores[static_cast<std::size_t>(c)];
    if (core.activity == CoreActivity::Unused) continue;
    if (!text.empty()) text += "  |  ";
    text += "core " + std::to_string(c) + " " + CoreWords(core);
    if (core.copy) text += "; DMA: " + CopyWords(rec, instant.launch, *core.copy);
  }
  return text;
}

// The cells' states at the instant: a step is ran or skipped once its compute has ended on the clock, and
// pending until then. The event log holds a megacore launch's core 0 steps before core 1's, so a state
// built at the cursor would show core 1's finished steps as pending; the clock shows both cores as they
// run. The cursor's cell keeps the state its snapshot gives it.
void TimeCellStates(views::GridPicture& picture, const walkthrough::ModelInstant& instant,
                    const walkthrough::Recording& rec) {
  const std::vector<tpu::StepCost>& costs =
      rec.launches()[static_cast<std::size_t>(instant.launch)].stats.step_costs;
  for (std::size_t slice = 0; slice < picture.slices.size(); ++slice)
    for (int row = 0; row < picture.rows; ++row)
      for (int col = 0; col < picture.cols; ++col) {
        if (IsCurrent(picture, static_cast<int>(slice), row, col)) continue;
        const auto step =
            static_cast<std::size_t>(views::StepInLaunch(picture, static_cast<int>(slice), row, col));
        views::CellState& cell =
            picture.slices[slice].cells[static_cast<std::size_t>(row * picture.cols + col)];
        if (step >= costs.size() || !walkthrough::StepFinished(costs[step]) ||
            costs[step].end_us > instant.local_us)
          cell = views::CellState::Pending;
        else
          cell = costs[step].ran ? views::CellState::Ran : views::CellState::Skipped;
      }
}

}  // namespace

void AddGridMotion(views::GridPicture& picture, const walkthrough::ModelInstant& instant,
                   const walkthrough::Recording& rec) {
  picture.motion.clear();
  TimeCellStates(picture, instant, rec);
  for (const walkthrough::CoreInstant& core : instant.cores) {
    if (core.activity == CoreActivity::Computing || core.activity == CoreActivity::Waiting) {
      if (const auto cell = views::CellOfStep(picture, core.step))
        picture.motion.push_back({*cell, core.activity == CoreActivity::Computing
                                             ? views::CellMotion::Computing
                                             : views::CellMotion::Waiting});
    }
    if (!core.copy) continue;
    const tpu::Event& e = rec.EventAt(core.copy->event);
    if (e.kind != tpu::EventKind::CopyIn) continue;
    if (const auto cell = views::CellOfStep(picture, ServedStep(e)))
      picture.motion.push_back({*cell, views::CellMotion::Loading, static_cast<float>(core.copy->progress)});
  }
}

void AddMemoryMotion(views::MemoryPicture& picture, const walkthrough::ModelInstant& instant,
                     const walkthrough::Recording& rec) {
  for (auto* operands : {&picture.inputs, &picture.outputs})
    for (views::OperandPicture& op : *operands)
      for (views::SlotPicture& slot : op.slots) {
        slot.moving.reset();
        slot.moving_cell = -1;
      }
  // The picture's own event: the timeline's cursor, which a step may have put on core 1 while the clock's
  // cursor is core 0's.
  UndoCopiesNotStarted(picture, rec, picture.event, instant.local_us);
  const walkthrough::CoreInstant& core =
      instant.cores[static_cast<std::size_t>(rec.EventAt(picture.event).core())];
  picture.under_way.clear();
  picture.focus = views::MemoryFocus::None;  // the pane keeps still; what moves is said in `under_way`
  if (core.activity == CoreActivity::Waiting)
    picture.under_way = "step " + std::to_string(core.step + 1) + " waits for its inputs to land";
  if (!core.copy) {
    if (picture.under_way.empty()) picture.under_way = "no copy under way; " + CoreWords(core);
    return;
  }
  const tpu::Event& e = rec.EventAt(core.copy->event);
  const std::size_t inputs = picture.inputs.size();
  views::OperandPicture* op = nullptr;
  if (e.kind == tpu::EventKind::CopyIn && e.operand < inputs) op = &picture.inputs[e.operand];
  if (e.kind == tpu::EventKind::Writeback && e.operand >= inputs &&
      e.operand - inputs < picture.outputs.size())
    op = &picture.outputs[e.operand - inputs];
  if (op == nullptr) return;
  picture.focus = e.kind == tpu::EventKind::CopyIn ? views::MemoryFocus::Input : views::MemoryFocus::Output;
  picture.focus_index = e.kind == tpu::EventKind::CopyIn ? e.operand : static_cast<int>(e.operand - inputs);
  views::SlotPicture& slot = op->slots[e.slot & 1u];
  slot.moving = static_cast<float>(core.copy->progress);
  const auto cells = static_cast<uint32_t>(op->hbm.cells.size());
  if (e.block >= op->hbm.first_block && e.block - op->hbm.first_block < cells)
    slot.moving_cell = static_cast<int>(e.block - op->hbm.first_block);
  const std::string words = CopyWords(rec, instant.launch, *core.copy);
  picture.under_way = picture.under_way.empty() ? words : picture.under_way + "; " + words;
}

views::PipelineChart BuildPipelineChart(const walkthrough::ModelTime& time,
                                        const walkthrough::ModelInstant& instant,
                                        const walkthrough::Recording& rec) {
  views::PipelineChart chart;
  const int launch = instant.launch;
  if (launch < 0 || launch >= static_cast<int>(rec.launches().size())) return chart;
  const walkthrough::LaunchTrack& track = rec.launches()[static_cast<std::size_t>(launch)];
  const double launch_start = rec.LaunchStartTime(launch), launch_end = rec.LaunchStartTime(launch + 1);
  const double steps = std::max<double>(1.0, static_cast<double>(track.stats.step_costs.size()));
  const double width = std::max(1e-3, 6.0 * (launch_end - launch_start) / steps);
  chart.playhead_us = instant.time_us;
  chart.from_us = instant.time_us - width / 3.0;
  chart.to_us = chart.from_us + width;
  constexpr std::size_t kMaxSpans = 96;  // a lane of six steps has a dozen; more would be slivers
  for (int core = 0; core < time.Cores(launch); ++core) {
    views::PipelineLane compute{.name = "core " + std::to_string(core)};
    for (const walkthrough::LaneSpan& span :
         time.ComputeSpans(launch, core, chart.from_us, chart.to_us, kMaxSpans)) {
      const auto kind = span.kind == walkthrough::LaneSpanKind::Wait      ? views::PipelineSpanKind::Wait
                        : span.kind == walkthrough::LaneSpanKind::Skipped ? views::PipelineSpanKind::Skipped
                                                                          : views::PipelineSpanKind::Ran;
      compute.spans.push_back({span.start_us, span.end_us, kind,
                               kind == views::PipelineSpanKind::Wait
                                   ? std::string("wait")
                                   : "step " + std::to_string(span.step + 1)});
    }
    views::PipelineLane copies{.name = "DMA " + std::to_string(core)};
    for (const walkthrough::LaneSpan& span :
         time.CopySpans(launch, core, chart.from_us, chart.to_us, kMaxSpans)) {
      copies.spans.push_back({span.start_us, span.end_us,
                              span.kind == walkthrough::LaneSpanKind::Writeback
                                  ? views::PipelineSpanKind::Writeback
                                  : views::PipelineSpanKind::CopyIn,
                              OperandName(rec, launch, span.operand)});
    }
    chart.lanes.push_back(std::move(compute));
    chart.lanes.push_back(std::move(copies));
  }
  chart.now = InstantWords(instant, rec);
  return chart;
}

}  // namespace tilewalk::session
