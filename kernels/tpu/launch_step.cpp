// [SECTIONS] one grid step · copies · kernel host callbacks
#include <cassert>
#include <cstring>

#include "kernels/tpu/dma.hpp"
#include "kernels/tpu/launch.hpp"
#include "kernels/tpu/ops.hpp"
#include "kernels/tpu/parallel_steps.hpp"
#include "kernels/tpu/pipeline_timer.hpp"

namespace tilewalk::tpu {

// ---- one grid step ------------------------------------------------------------------------------

void LaunchRunner::RunStep() {
  assert(!Finished() && "RunStep after the launch finished");
  if (!m_parallel_decided) StartParallel();
  if (m_parallel && AdoptStep()) return;
  assert(m_pending.empty() && "a step run here reads the runner's buffers: adopted stores are written first");
  const int64_t s = m_state.next_step;
  m_step = s;
  m_step_matmuls = 0;
  m_stats.step_costs.emplace_back();

  if (m_plan.fault && m_plan.fault->step == s) {
    Fail(m_plan.fault->error, s);
    return;
  }
  // Each TensorCore's first step fills its own SMEM, then its own VMEM; a core never prefetches for the
  // other.
  if (m_plan.cores.StartsCore(s)) {
    for (int p = 0; p < static_cast<int>(m_spec.scalar_prefetch.size()); ++p) CopyToSmem(p);
    for (int i = 0; i < static_cast<int>(m_spec.inputs.size()); ++i) CopyIn(i, s, /*prologue=*/true);
  }
  Emit(MakeEvent(EventKind::StepBegin, kNoSite));
  if (s + 1 < m_plan.steps && !m_plan.cores.StartsCore(s + 1))
    for (int i = 0; i < static_cast<int>(m_spec.inputs.size()); ++i) CopyIn(i, s + 1, /*prologue=*/false);

  BindRefs(s);
  {
    ScopedOpContext context(m_options.precision);
    context.context().mxu_dim = m_options.chip.mxu_dim;
    m_kernel.m_host = this;
    try {
      m_spec.body(m_kernel);
    } catch (const KernelException& e) {
      Fail(e.error, s);
      return;
    }
    m_stats.ops.flops += context.context().counts.flops;
  }

  for (int o = 0; o < static_cast<int>(m_spec.outputs.size()); ++o)
    if (m_plan.outputs[static_cast<std::size_t>(o)].transfer[static_cast<std::size_t>(s)]) Writeback(o, s);

  const bool ran = m_step_matmuls > 0;
  (ran ? m_stats.steps_run : m_stats.steps_skipped) += 1;
  Event end = MakeEvent(EventKind::StepEnd, kNoSite);
  end.flags = ran ? event_flags::kRan : 0;
  Emit(end);
  m_state.next_step = s + 1;
  if (m_state.next_step == m_plan.steps) EndParallel();
}

void LaunchRunner::BindRefs(int64_t step) {
  const auto s = static_cast<std::size_t>(step);
  m_kernel.m_grid_index = UnflattenStep(m_spec.grid, step);
  for (std::size_t i = 0; i < m_spec.inputs.size(); ++i) {
    Ref& r = m_kernel.m_inputs[i];
    r.m_slot = m_plan.inputs[i].slot[s];
    r.m_buffer = &m_state.input_slots[i][r.m_slot];
  }
  for (std::size_t o = 0; o < m_spec.outputs.size(); ++o) {
    Ref& r = m_kernel.m_outputs[o];
    r.m_slot = m_plan.outputs[o].slot[s];
    r.m_buffer = &m_state.output_slots[o][r.m_slot];
  }
  for (std::size_t i = 0; i < m_spec.scratch.size(); ++i)
    m_kernel.m_scratch[i].m_buffer = &m_state.scratch[i];
  for (std::size_t p = 0; p < m_state.smem.size(); ++p) m_kernel.m_prefetch[p].m_buffer = &m_state.smem[p];
}

void LaunchRunner::Fail(KernelError error, int64_t step) {
  m_error = std::move(error);
  EndParallel();  // the workers' later slices will not be taken
  Event e = MakeEvent(EventKind::Error, m_error->site);
  e.step = static_cast<uint32_t>(step);
  Emit(e);
}

// ---- copies -------------------------------------------------------------------------------------

void LaunchRunner::CopyIn(int input, int64_t step, bool prologue) {
  const auto i = static_cast<std::size_t>(input);
  const auto s = static_cast<std::size_t>(step);
  const OperandSchedule& sched = m_plan.inputs[i];
  OperandTraffic& traffic = m_stats.copies[i];
  const bool issue = sched.transfer[s];
  uint64_t bytes = 0;
  if (issue) {
    const BlockIndex block = UnflattenBlock(sched.block_grid, sched.block[s]);
    bytes = CopyBlockIn(*m_spec.inputs[i].array, block, m_state.input_slots[i][sched.slot[s]], m_options.pad);
    traffic.issued += 1;
    traffic.bytes += bytes;
  } else {
    traffic.skipped += 1;
  }
  Event e = MakeEvent(EventKind::CopyIn, kNoSite);
  e.flags =
      static_cast<uint8_t>((issue ? event_flags::kIssued : 0) | (prologue ? event_flags::kPrologue : 0));
  e.operand = static_cast<uint8_t>(input);
  e.slot = sched.slot[s];
  e.block = sched.block[s];
  e.work = bytes;
  Emit(e, issue ? m_cost.DmaUs(bytes) : 0.0);
}

void LaunchRunner::CopyToSmem(int prefetch) {
  const auto p = static_cast<std::size_t>(prefetch);
  const Array& hbm = *m_spec.scalar_prefetch[p].array;
  Array& smem = m_state.smem[p];
  std::memcpy(smem.RawData(), hbm.RawData(), hbm.bytes());
  m_stats.smem_copies[p].issued += 1;
  m_stats.smem_copies[p].bytes += hbm.bytes();
  Event e = MakeEvent(EventKind::SmemCopy, kNoSite);
  e.flags = event_flags::kIssued;
  e.operand = static_cast<uint8_t>(m_spec.PrefetchOperand(prefetch));
  e.work = hbm.bytes();
  Emit(e, m_cost.DmaUs(hbm.bytes()));
}

void LaunchRunner::Writeback(int output, int64_t step) {
  const auto o = static_cast<std::size_t>(output);
  const auto s = static_cast<std::size_t>(step);
  const OperandSchedule& sched = m_plan.outputs[o];
  // A worker leaves HBM alone: the runner that adopts its step writes the block back.
  const uint64_t bytes = m_capture ? 0 : WriteBlockBack(output, sched.slot[s], sched.block[s]);
  Event e = MakeEvent(EventKind::Writeback, kNoSite);
  e.operand = static_cast<uint8_t>(m_spec.inputs.size() + o);
  e.slot = sched.slot[s];
  e.block = sched.block[s];
  e.work = bytes;
  Emit(e, m_cost.DmaUs(bytes));
}

uint64_t LaunchRunner::WriteBlockBack(int output, uint8_t slot, uint32_t block) {
  const auto o = static_cast<std::size_t>(output);
  const uint64_t bytes =
      CopyBlockOut(m_state.output_slots[o][slot], UnflattenBlock(m_plan.outputs[o].block_grid, block),
                   *m_spec.outputs[o].array);
  m_stats.writebacks[o].issued += 1;
  m_stats.writebacks[o].bytes += bytes;
  return bytes;
}

// ---- kernel host callbacks ----------------------------------------------------------------------

Event LaunchRunner::MakeEvent(EventKind kind, SiteId site) const {
  Event e;
  e.kind = kind;
  e.site = site;
  e.step = static_cast<uint32_t>(m_step);
  return e;
}

void LaunchRunner::Emit(Event e, double duration_us) {
  const int core = m_plan.cores.CoreOf(m_step);
  if (core == 1) e.flags |= event_flags::kCore1;
  if (m_capture) {
    m_capture->events.push_back(e);
    m_capture->durations.push_back(duration_us);
    return;
  }
  StampEvent(e, duration_us, m_state.clocks[static_cast<std::size_t>(core)], m_stats.step_costs.back());
  const uint64_t index = m_state.events_emitted++;
  if (m_options.record_events) m_events.push_back(e);
  if (m_options.event_hook) m_options.event_hook(index, e, m_state);
}

void LaunchRunner::Observe(SiteId site, const Value& value) {
  // An observer may keep the value past the launch, so it never gets one that views an HBM input.
  if (m_options.observer) m_options.observer(m_state.events_emitted - 1, site, value.Owning());
}

void LaunchRunner::OnWhen(SiteId site, bool taken) {
  Event e = MakeEvent(EventKind::When, site);
  e.flags = taken ? event_flags::kTaken : 0;
  Emit(e);
}

void LaunchRunner::OnLoopIteration(SiteId site, int iteration) {
  Event e = MakeEvent(EventKind::LoopIteration, site);
  e.block = static_cast<uint32_t>(iteration);
  Emit(e);
}

void LaunchRunner::OnScalar(SiteId site) {
  Emit(MakeEvent(EventKind::Scalar, site));
}

void LaunchRunner::OnStatement(SiteId site, const OpCounts& work, Value& result) {
  m_step_matmuls += work.matmuls;
  m_stats.ops.mxu_flops += work.mxu_flops;
  m_stats.ops.vreg_ops += work.vreg_ops;
  m_stats.ops.transcendentals += work.transcendentals;
  m_stats.ops.matmuls += work.matmuls;
  Event e = MakeEvent(work.matmuls > 0 ? EventKind::MatMul : EventKind::Vector, site);
  e.work = work.matmuls > 0 ? work.flops : work.vreg_ops;
  Emit(e, m_cost.ComputeUs(work));
  if (m_options.statement_override) m_options.statement_override(site, result);
  Observe(site, result);
}

void LaunchRunner::OnLoad(SiteId site, const Ref& ref, const RefRegion& region, const Value& value) {
  if (m_capture) CheckWritten(ref, region);
  EmitRefAccess(EventKind::Load, site, ref, region, value);
}

void LaunchRunner::OnStore(SiteId site, const Ref& ref, const RefRegion& region, const Value& value,
                           Ref::StoreMode mode) {
  if (m_capture) {
    if (mode != Ref::StoreMode::Assign) CheckWritten(ref, region);
    MarkWritten(ref, region);
    m_capture->stores.push_back({region, mode, value});
  }
  EmitRefAccess(EventKind::Store, site, ref, region, value);
}

void LaunchRunner::OnSmemLoad(SiteId site, const SmemRef& ref, int64_t flat) {
  Event e = MakeEvent(EventKind::Scalar, site);
  e.operand = ref.operand();
  e.block = static_cast<uint32_t>(flat);
  Emit(e);
}

void LaunchRunner::EmitRefAccess(EventKind kind, SiteId site, const Ref& ref, const RefRegion& region,
                                 const Value& value) {
  const uint64_t vregs = jnp::VregCount(region.rows, region.cols);
  m_stats.ops.vreg_ops += vregs;
  Event e = MakeEvent(kind, site);
  e.operand = ref.operand();
  e.slot = ref.slot();
  e.lead = region.lead.rank() > 0 ? static_cast<uint16_t>(region.lead[0]) : 0;
  e.row0 = static_cast<uint16_t>(region.row0);
  e.rows = static_cast<uint16_t>(region.rows);
  e.col0 = static_cast<uint16_t>(region.col0);
  e.cols = static_cast<uint16_t>(region.cols);
  e.work = vregs;
  Emit(e, m_cost.VregUs(vregs));
  Observe(site, value);
}

}  // namespace tilewalk::tpu
