// [SECTIONS] starting the workers · adopting a step · the worker's side
#include <cassert>
#include <cstring>

#include "kernels/tpu/dma.hpp"
#include "kernels/tpu/launch.hpp"
#include "kernels/tpu/parallel_steps.hpp"
#include "kernels/tpu/threads.hpp"

namespace tilewalk::tpu {

namespace {

OpCounts& operator+=(OpCounts& a, const OpCounts& b) {
  a.flops += b.flops;
  a.mxu_flops += b.mxu_flops;
  a.vreg_ops += b.vreg_ops;
  a.transcendentals += b.transcendentals;
  a.matmuls += b.matmuls;
  return a;
}

OpCounts operator-(const OpCounts& a, const OpCounts& b) {
  return OpCounts{a.flops - b.flops, a.mxu_flops - b.mxu_flops, a.vreg_ops - b.vreg_ops,
                  a.transcendentals - b.transcendentals, a.matmuls - b.matmuls};
}

}  // namespace

// ---- starting the workers -----------------------------------------------------------------------

void LaunchRunner::StartParallel() {
  m_parallel_decided = true;
  const int threads = m_options.threads > 0 ? m_options.threads : DefaultThreadCount();
  // Someone watching every event sees the machine itself, which only a serial run provides; a launch
  // that will fault stops at a step that the workers would run past.
  if (threads < 2 || m_options.observer || m_options.event_hook || m_plan.fault || m_error ||
      m_state.next_step != 0)
    return;
  const GridSlices slices = GridSlices::Of(m_spec);
  if (slices.count < 2) return;
  // This thread is one of them, and slice 0 is its own (parallel_steps.hpp deals out the rest).
  m_slice_steps = slices.steps;
  m_own_slice = 0;
  m_parallel = std::make_unique<ParallelSteps>(
      *this, slices, static_cast<int>(std::min<int64_t>(threads, slices.count)) - 1);
}

bool LaunchRunner::RunsOwnSlice(int64_t step) {
  const int64_t slice = step / m_slice_steps;
  if (slice != m_own_slice && step % m_slice_steps == 0 && m_parallel->RunnerReaches(slice)) {
    m_own_slice = slice;
    m_pending.ApplyAll();  // the slice reads and writes the buffers the adopted stores wait for
    if (!m_inputs_current) RefillInputSlots(step);  // adopted steps leave the input slots behind
  }
  return slice == m_own_slice;
}

// ---- adopting a step ----------------------------------------------------------------------------

bool LaunchRunner::AdoptStep() {
  const int64_t s = m_state.next_step;
  if (RunsOwnSlice(s)) return false;
  StepRecord record = m_parallel->Take(s);
  m_inputs_current = false;
  if (record.depends_on_earlier_slices) {
    EndParallel();
    RefillInputSlots(s);
    return false;
  }
  m_step = s;
  m_stats.step_costs.emplace_back();
  std::size_t store = 0;
  for (std::size_t i = 0; i < record.events.size(); ++i) {
    Event e = record.events[i];
    double duration = record.durations[i];
    switch (e.kind) {
      case EventKind::CopyIn: {
        OperandTraffic& traffic = m_stats.copies[e.operand];
        if (e.flags & event_flags::kIssued) {
          traffic.issued += 1;
          traffic.bytes += e.work;
        } else {
          traffic.skipped += 1;
        }
        break;
      }
      case EventKind::SmemCopy: {
        OperandTraffic& traffic =
            m_stats.smem_copies[static_cast<std::size_t>(e.operand - m_spec.PrefetchOperand(0))];
        traffic.issued += 1;
        traffic.bytes += e.work;
        break;
      }
      case EventKind::Store:
        m_pending.Add(WritableBuffer(e), std::move(record.stores[store++]));
        break;
      case EventKind::Writeback: {
        const int output = e.operand - static_cast<int>(m_spec.inputs.size());
        m_pending.Apply(m_state.output_slots[static_cast<std::size_t>(output)][e.slot]);
        e.work = WriteBlockBack(output, e.slot, e.block);
        duration = m_cost.DmaUs(e.work);
        break;
      }
      case EventKind::StepEnd:
        (e.flags & event_flags::kRan ? m_stats.steps_run : m_stats.steps_skipped) += 1;
        break;
      default:
        break;
    }
    Emit(e, duration);
  }
  m_stats.ops += record.ops;
  if (record.error) {
    m_error = record.error;  // like a serial run, the failed step's copy for the next step has landed
    RefillInputSlots(std::min(s + 1, m_plan.steps - 1));
    EndParallel();
    return true;
  }
  m_state.next_step = s + 1;
  if (m_state.next_step == m_plan.steps) {
    RefillInputSlots(s);
    EndParallel();
  }
  return true;
}

void LaunchRunner::EndParallel() {
  m_pending.ApplyAll();
  m_parallel.reset();
}

Array& LaunchRunner::WritableBuffer(const Event& store) {
  const int outputs_start = static_cast<int>(m_spec.inputs.size());
  const int scratch_start = outputs_start + static_cast<int>(m_spec.outputs.size());
  assert(store.operand >= outputs_start && "a store adopted from a worker writes an output slot or scratch");
  if (store.operand < scratch_start)
    return m_state.output_slots[static_cast<std::size_t>(store.operand - outputs_start)][store.slot];
  return m_state.scratch[static_cast<std::size_t>(store.operand - scratch_start)];
}

// ---- the worker's side --------------------------------------------------------------------------

std::unique_ptr<LaunchRunner> LaunchRunner::MakeWorker() const {
  LaunchOptions options = m_options;
  options.observer = {};
  options.event_hook = {};
  options.threads = 1;
  auto worker = std::make_unique<LaunchRunner>(m_spec, std::move(options));
  worker->m_parallel_decided = true;
  worker->m_plan = m_plan;
  worker->AllocateState();
  for (const auto& slots : worker->m_state.output_slots)
    for (const Array& slot : slots) worker->m_written.emplace_back().Reset(slot);
  for (const Array& scratch : worker->m_state.scratch) worker->m_written.emplace_back().Reset(scratch);
  return worker;
}

void LaunchRunner::BeginSlice(int64_t first_step) {
  m_error.reset();
  m_stats.step_costs.clear();
  m_state.next_step = first_step;
  // SMEM never changes once filled; a core's first step fills it itself.
  if (first_step > 0)
    for (std::size_t p = 0; p < m_state.smem.size(); ++p)
      std::memcpy(m_state.smem[p].RawData(), m_spec.scalar_prefetch[p].array->RawData(),
                  m_state.smem[p].bytes());
  // The slice reads only the slot its first step uses until a copy lands in the other one (a slot changes
  // only with a copy), so that is the one slot to fill. Step 0's prologue fills its own.
  if (first_step > 0)
    for (std::size_t i = 0; i < m_spec.inputs.size(); ++i) {
      const OperandSchedule& sched = m_plan.inputs[i];
      const auto s = static_cast<std::size_t>(first_step);
      CopyBlockIn(*m_spec.inputs[i].array, UnflattenBlock(sched.block_grid, sched.block[s]),
                  m_state.input_slots[i][sched.slot[s]], m_options.pad);
    }
  std::size_t i = 0;
  for (const auto& slots : m_state.output_slots)
    for (const Array& slot : slots) m_written[i++].Reset(slot);
  for (const Array& scratch : m_state.scratch) m_written[i++].Reset(scratch);
}

StepRecord LaunchRunner::RunCapturedStep() {
  StepRecord record;
  const OpCounts before = m_stats.ops;
  m_capture = &record;
  RunStep();
  m_capture = nullptr;
  record.ops = m_stats.ops - before;
  record.error = m_error;
  return record;
}

namespace {
// The mask of an output slot or scratch buffer; -1 for an input slot.
int MaskIndex(const Ref& ref, int inputs, int outputs) {
  const int operand = ref.operand();
  if (operand < inputs) return -1;
  if (operand < inputs + outputs) return 2 * (operand - inputs) + ref.slot();
  return 2 * outputs + (operand - inputs - outputs);
}
}  // namespace

void LaunchRunner::CheckWritten(const Ref& ref, const RefRegion& region) {
  const int mask =
      MaskIndex(ref, static_cast<int>(m_spec.inputs.size()), static_cast<int>(m_spec.outputs.size()));
  if (mask >= 0 && !m_written[static_cast<std::size_t>(mask)].AllWritten(*ref.m_buffer, region))
    m_capture->depends_on_earlier_slices = true;
}

void LaunchRunner::MarkWritten(const Ref& ref, const RefRegion& region) {
  const int mask =
      MaskIndex(ref, static_cast<int>(m_spec.inputs.size()), static_cast<int>(m_spec.outputs.size()));
  if (mask < 0)  // an input slot written: later slices' refilled copies of it would miss the write
    m_capture->depends_on_earlier_slices = true;
  else
    m_written[static_cast<std::size_t>(mask)].MarkWritten(*ref.m_buffer, region);
}

}  // namespace tilewalk::tpu
