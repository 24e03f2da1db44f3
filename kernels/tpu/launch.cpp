// [SECTIONS] construction · tracing · lowering · rewinding
#include "kernels/tpu/launch.hpp"

#include <cassert>
#include <cstring>
#include <limits>

#include "kernels/tpu/dma.hpp"
#include "kernels/tpu/parallel_steps.hpp"

namespace tilewalk::tpu {

// ---- construction -------------------------------------------------------------------------------

LaunchRunner::LaunchRunner(const LaunchSpec& spec, LaunchOptions options)
    : m_spec(spec), m_options(std::move(options)), m_cost(m_options.chip) {
  assert(m_spec.OperandCount() < kNoOperand && "a launch has at most 254 operands");
  for (std::size_t p = 0; p < m_spec.scalar_prefetch.size(); ++p) {
    SmemRef& r = m_kernel.m_prefetch.emplace_back();
    r.m_kernel = &m_kernel;
    r.m_name = m_spec.scalar_prefetch[p].name;
    if (const Array* a = m_spec.scalar_prefetch[p].array) r.m_shape = a->shape();
    r.m_operand = static_cast<uint8_t>(m_spec.PrefetchOperand(static_cast<int>(p)));
    m_stats.smem_copies.push_back({r.m_name});
  }
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

LaunchRunner::~LaunchRunner() = default;

std::size_t MachineState::Bytes() const {
  std::size_t bytes = 0;
  for (const auto* slots : {&input_slots, &output_slots})
    for (const auto& pair : *slots) bytes += pair[0].bytes() + pair[1].bytes();
  for (const Array& s : scratch) bytes += s.bytes();
  for (const Array& s : smem) bytes += s.bytes();
  return bytes;
}

std::size_t LaunchRunner::HeldBytes() const {
  return m_state.Bytes() + m_plan.Bytes() + m_events.capacity() * sizeof(Event) +
         m_stats.step_costs.capacity() * sizeof(StepCost);
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
  m_pending.ApplyAll();
  m_stats.cost = Summarize(m_state.clocks, m_plan.cores.cores);
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
  // pallas_call checks the scalar-prefetch arguments and traces the index maps before the body.
  if (auto e = CheckScalarPrefetchArguments(m_spec)) throw KernelException(*e);
  m_kernel.m_host = nullptr;  // shape-only: refs have no buffers, when() enters every branch
  for (SmemRef& r : m_kernel.m_prefetch) r.m_buffer = nullptr;
  for (auto* refs : {&m_kernel.m_inputs, &m_kernel.m_outputs, &m_kernel.m_scratch})
    for (Ref& r : *refs) r.m_buffer = nullptr;
  m_kernel.m_grid_index = Dims();
  for (int d = 0; d < m_spec.grid.rank(); ++d) m_kernel.m_grid_index.push_back(0);
  ScopedOpContext context(m_options.precision, /*tracing=*/true);
  try {
    m_spec.body(m_kernel);
  } catch (const ShapeError& e) {  // an op outside any stmt(): no site to name
    throw KernelException(KernelError{e.type, Phase::Tracing, kNoSite, e.what()});
  }
}

// ---- lowering -----------------------------------------------------------------------------------

void LaunchRunner::Lower() {
  if (auto e = CheckBlockShapes(m_spec)) throw KernelException(*e);
  m_vmem = PlanVmem(m_spec, m_options.chip);
  if (!m_vmem.fits())
    throw KernelException(KernelError{ErrorType::OutOfVmem, Phase::Lowering, kNoSite,
                                      "launch '" + m_spec.name +
                                          "' needs more VMEM than its scoped limit on the " +
                                          std::string(m_options.chip.name) + " allows:\n" +
                                          m_vmem.Describe() + "\nUse smaller blocks, or raise the limit."});
  if (auto e = CheckScalarPrefetchLowering(m_spec, m_options.chip)) throw KernelException(*e);
  m_plan = PlanPipeline(m_spec, m_options.chip.tensor_cores);
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
  for (const auto& p : m_spec.scalar_prefetch) m_state.smem.emplace_back(p.array->shape(), p.array->dtype());
}

// ---- rewinding ---------------------------------------------------------------------------------

void LaunchRunner::RewindInputsTo(int64_t step) {
  EndParallel();  // a rewound runner replays steps itself
  m_parallel_decided = true;
  m_error.reset();
  m_stats.step_costs.clear();
  RefillInputSlots(step);
}

void LaunchRunner::RefillInputSlots(int64_t step) {
  m_inputs_current = true;
  // SMEM is filled before step 0 runs and never changes after.
  for (std::size_t p = 0; p < m_state.smem.size(); ++p) {
    Array& smem = m_state.smem[p];
    if (step > 0)
      std::memcpy(smem.RawData(), m_spec.scalar_prefetch[p].array->RawData(), smem.bytes());
    else
      smem.Fill(0);
  }
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
                  UnflattenBlock(sched.block_grid, sched.block[static_cast<std::size_t>(holder)]), buffer,
                  m_options.pad);
    }
  }
}

}  // namespace tilewalk::tpu
