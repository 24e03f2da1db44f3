// [SECTIONS] construction · tracing · lowering · one grid step · copies · kernel host callbacks
#include "kernels/tpu/launch.hpp"

#include <cassert>
#include <limits>

#include "kernels/tpu/dma.hpp"
#include "kernels/tpu/ops.hpp"

namespace tilewalk::tpu {

// ---- construction -------------------------------------------------------------------------------

LaunchRunner::LaunchRunner(const LaunchSpec& spec, LaunchOptions options)
    : m_spec(spec), m_options(std::move(options)), m_cost(m_options.chip) {
  assert(m_spec.OperandCount() < kNoOperand && "a launch has at most 254 operands");
  auto make_ref = [&](const std::string& name, const Shape& shape, DType dtype, int operand) {
    Ref r;
    r.m_kernel = &m_kernel;
    r.m_name = name;
    r.m_shape = shape;
    r.m_dtype = dtype;
    r.m_operand = static_cast<uint8_t>(operand);
    return r;
  };
  int operand = 0;
  for (const auto& in : m_spec.inputs)
    m_kernel.m_inputs.push_back(make_ref(in.name, in.spec.block_shape, in.array->dtype(), operand++));
  for (const auto& out : m_spec.outputs)
    m_kernel.m_outputs.push_back(make_ref(out.name, out.spec.block_shape, out.array->dtype(), operand++));
  for (const auto& s : m_spec.scratch)
    m_kernel.m_scratch.push_back(make_ref(s.name, s.shape, s.dtype, operand++));
  m_stats.steps = m_spec.grid.Product();
  for (const auto& in : m_spec.inputs) m_stats.copies.push_back({in.name});
  for (const auto& out : m_spec.outputs) m_stats.writebacks.push_back({out.name});
}

std::optional<KernelError> LaunchRunner::Prepare() {
  try {
    Trace();
    Lower();
  } catch (const KernelException& e) {
    m_error = e.error;
    return m_error;
  }
  AllocateState();
  return std::nullopt;
}

bool LaunchRunner::Finished() const {
  return m_error.has_value() || m_state.next_step >= m_plan.steps;
}

LaunchResult LaunchRunner::TakeResult() {
  m_stats.cost = m_state.clock.Summary();
  return LaunchResult{m_spec.name,        m_spec.grid,       m_error,          std::move(m_events),
                      std::move(m_stats), std::move(m_plan), std::move(m_vmem)};
}

LaunchResult RunLaunch(const LaunchSpec& spec, const LaunchOptions& options) {
  LaunchRunner runner(spec, options);
  if (!runner.Prepare())
    while (!runner.Finished()) runner.RunStep();
  return runner.TakeResult();
}

// ---- tracing ------------------------------------------------------------------------------------

void LaunchRunner::Trace() {
  m_kernel.m_host = nullptr;  // shape-only: refs have no buffers, when() enters every branch
  for (auto* refs : {&m_kernel.m_inputs, &m_kernel.m_outputs, &m_kernel.m_scratch})
    for (Ref& r : *refs) r.m_buffer = nullptr;
  m_kernel.m_grid_index = Dims();
  for (int d = 0; d < m_spec.grid.rank(); ++d) m_kernel.m_grid_index.push_back(0);
  ScopedOpContext context(m_options.precision, /*tracing=*/true);
  try {
    m_spec.body(m_kernel);
  } catch (const ShapeError& e) {  // an op outside any stmt(): no site to name
    throw KernelException(KernelError{ErrorType::ValueError, Phase::Tracing, kNoSite, e.what()});
  }
}

// ---- lowering -----------------------------------------------------------------------------------

void LaunchRunner::Lower() {
  if (auto e = CheckBlockShapes(m_spec)) throw KernelException(*e);
  m_vmem = PlanVmem(m_spec, m_options.chip);
  if (!m_vmem.fits())
    throw KernelException(KernelError{ErrorType::OutOfVmem, Phase::Lowering, kNoSite,
                                      "launch '" + m_spec.name + "' needs more VMEM than the " +
                                          std::string(m_options.chip.name) + " has:\n" + m_vmem.Describe() +
                                          "\nUse smaller blocks."});
  m_plan = PlanPipeline(m_spec);
}

void LaunchRunner::AllocateState() {
  // Fresh VMEM holds garbage: NaN makes any read of an unwritten buffer visible instead of plausible.
  const float garbage = std::numeric_limits<float>::quiet_NaN();
  auto fresh = [&](const Shape& shape, DType dtype) {
    Array a(shape, dtype);
    if (dtype != DType::I32) a.Fill(garbage);
    return a;
  };
  for (const auto& in : m_spec.inputs)
    m_state.input_slots.push_back(
        {fresh(in.spec.block_shape, in.array->dtype()), fresh(in.spec.block_shape, in.array->dtype())});
  for (const auto& out : m_spec.outputs)
    m_state.output_slots.push_back(
        {fresh(out.spec.block_shape, out.array->dtype()), fresh(out.spec.block_shape, out.array->dtype())});
  for (const auto& s : m_spec.scratch) m_state.scratch.push_back(fresh(s.shape, s.dtype));
}

void LaunchRunner::RewindInputsTo(int64_t step) {
  m_error.reset();
  m_stats.step_costs.clear();
  const float garbage = std::numeric_limits<float>::quiet_NaN();
  for (std::size_t i = 0; i < m_spec.inputs.size(); ++i) {
    const OperandSchedule& sched = m_plan.inputs[i];
    // Before step 0 nothing has been copied. Before step s > 0 the copies for steps 0..s have landed:
    // slot[s] holds block[s], the other slot the block of the last earlier step that used it, if any.
    for (uint8_t slot = 0; slot < 2; ++slot) {
      Array& buffer = m_state.input_slots[i][slot];
      int64_t holder = -1;
      for (int64_t t = step; t >= 0 && step > 0; --t)
        if (sched.slot[static_cast<std::size_t>(t)] == slot) {
          holder = t;
          break;
        }
      if (holder < 0) {
        if (buffer.dtype() == DType::I32)
          buffer.Fill(0);
        else
          buffer.Fill(garbage);
        continue;
      }
      CopyBlockIn(*m_spec.inputs[i].array,
                  UnflattenBlock(sched.block_grid, sched.block[static_cast<std::size_t>(holder)]), buffer);
    }
  }
}

// ---- one grid step ------------------------------------------------------------------------------

void LaunchRunner::RunStep() {
  assert(!Finished() && "RunStep after the launch finished");
  const int64_t s = m_state.next_step;
  m_step = s;
  m_step_matmuls = 0;
  m_stats.step_costs.emplace_back();
  m_step_cost = &m_stats.step_costs.back();

  if (m_plan.fault && m_plan.fault->step == s) {
    Fail(m_plan.fault->error, s);
    return;
  }
  if (s == 0)
    for (int i = 0; i < static_cast<int>(m_spec.inputs.size()); ++i) CopyIn(i, 0, /*prologue=*/true);
  m_state.clock.inputs_ready = m_state.clock.dma;
  m_step_cost->wait_us = m_state.clock.WaitForInputs();
  m_step_cost->start_us = m_state.clock.compute;
  Emit(MakeEvent(EventKind::StepBegin, kNoSite));

  m_state.clock.next_inputs_ready = m_state.clock.compute;
  if (s + 1 < m_plan.steps)
    for (int i = 0; i < static_cast<int>(m_spec.inputs.size()); ++i) CopyIn(i, s + 1, /*prologue=*/false);

  BindRefs(s);
  {
    ScopedOpContext context(m_options.precision);
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
  m_step_cost->ran = ran;
  m_step_cost->end_us = m_state.clock.compute;
  (ran ? m_stats.steps_run : m_stats.steps_skipped) += 1;
  Event end = MakeEvent(EventKind::StepEnd, kNoSite);
  end.flags = ran ? event_flags::kRan : 0;
  Emit(end);
  m_state.clock.inputs_ready = m_state.clock.next_inputs_ready;
  m_state.next_step = s + 1;
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
}

void LaunchRunner::Fail(KernelError error, int64_t step) {
  m_error = std::move(error);
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
  double start = m_state.clock.compute, duration = 0;
  if (issue) {
    const BlockIndex block = UnflattenBlock(sched.block_grid, sched.block[s]);
    bytes = CopyBlockIn(*m_spec.inputs[i].array, block, m_state.input_slots[i][sched.slot[s]]);
    duration = m_cost.DmaUs(bytes);
    start = m_state.clock.Copy(duration);
    m_step_cost->dma_us += duration;
    if (!prologue)
      m_state.clock.next_inputs_ready = std::max(m_state.clock.next_inputs_ready, m_state.clock.dma);
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
  SetTimes(e, start, duration);
  Emit(e);
}

void LaunchRunner::Writeback(int output, int64_t step) {
  const auto o = static_cast<std::size_t>(output);
  const auto s = static_cast<std::size_t>(step);
  const OperandSchedule& sched = m_plan.outputs[o];
  const BlockIndex block = UnflattenBlock(sched.block_grid, sched.block[s]);
  const uint64_t bytes =
      CopyBlockOut(m_state.output_slots[o][sched.slot[s]], block, *m_spec.outputs[o].array);
  const double duration = m_cost.DmaUs(bytes);
  const double start = m_state.clock.Copy(duration);
  m_step_cost->dma_us += duration;
  m_stats.writebacks[o].issued += 1;
  m_stats.writebacks[o].bytes += bytes;
  Event e = MakeEvent(EventKind::Writeback, kNoSite);
  e.operand = static_cast<uint8_t>(m_spec.inputs.size() + o);
  e.slot = sched.slot[s];
  e.block = sched.block[s];
  e.work = bytes;
  SetTimes(e, start, duration);
  Emit(e);
}

// ---- kernel host callbacks ----------------------------------------------------------------------

Event LaunchRunner::MakeEvent(EventKind kind, SiteId site) const {
  Event e;
  e.kind = kind;
  e.site = site;
  e.step = static_cast<uint32_t>(m_step);
  e.t_start_us = e.t_end_us = static_cast<float>(m_state.clock.compute);
  return e;
}

double LaunchRunner::SpendCompute(double duration_us) {
  const double start = m_state.clock.compute;
  m_state.clock.compute += duration_us;
  m_state.clock.busy_compute += duration_us;
  m_step_cost->compute_us += duration_us;
  return start;
}

void LaunchRunner::SetTimes(Event& e, double start_us, double duration_us) {
  e.t_start_us = static_cast<float>(start_us);
  e.t_end_us = static_cast<float>(start_us + duration_us);
}

void LaunchRunner::Emit(const Event& e) {
  const uint64_t index = m_state.events_emitted++;
  if (m_options.record_events) m_events.push_back(e);
  if (m_options.event_hook) m_options.event_hook(index, e, m_state);
}

void LaunchRunner::Observe(SiteId site, const Value& value) {
  if (m_options.observer) m_options.observer(m_state.events_emitted - 1, site, value);
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
  Emit(MakeEvent(EventKind::Scalar, site));  // the scalar unit's work is free in the cost model
}

void LaunchRunner::OnStatement(SiteId site, const OpCounts& work, const Value& result) {
  const double duration = m_cost.ComputeUs(work);
  const double start = SpendCompute(duration);
  m_step_matmuls += work.matmuls;
  m_stats.ops.mxu_flops += work.mxu_flops;
  m_stats.ops.vreg_ops += work.vreg_ops;
  m_stats.ops.transcendentals += work.transcendentals;
  m_stats.ops.matmuls += work.matmuls;
  Event e = MakeEvent(work.matmuls > 0 ? EventKind::MatMul : EventKind::Vector, site);
  e.work = work.matmuls > 0 ? work.flops : work.vreg_ops;
  SetTimes(e, start, duration);
  Emit(e);
  Observe(site, result);
}

void LaunchRunner::OnRefAccess(EventKind kind, SiteId site, const Ref& ref, const RefRegion& region,
                               const Value& value) {
  const uint64_t vregs = jnp::VregCount(region.rows, region.cols);
  const double duration = m_cost.VregUs(vregs);
  const double start = SpendCompute(duration);
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
  SetTimes(e, start, duration);
  Emit(e);
  Observe(site, value);
}

}  // namespace tilewalk::tpu
