#include "kernels/flash/training_step.hpp"

#include <set>
#include <utility>

#include "kernels/flash/flash_error.hpp"

namespace tilewalk::flash {

TrainingStep::TrainingStep(const AttentionInputs& inputs, const tpu::Array& d_o,
                           const AttentionConfig& config, const StepOptions& options)
    : m_inputs(inputs), m_d_o(d_o) {
  std::string phase_launch;
  try {
    config.block_sizes.Validate();
    CheckEntry(inputs);
    phase_launch = "fwd";
    m_forward = BuildForwardLaunch(inputs, config, /*save_residuals=*/!options.forward_only);
    m_runners.push_back(std::make_unique<tpu::LaunchRunner>(m_forward->spec, options.launch));
    if (auto e = m_runners.back()->Prepare()) {
      Fail(*e, "fwd");
      return;
    }
    if (options.forward_only) return;

    phase_launch = "";
    if (!config.block_sizes.HasBackwardBlocks())
      RaiseArgumentError(tpu::ErrorType::ValueError, "bwd.backward_blocks",
                         "Program is being differentiated, but not all backward blocks are specified");
    const tpu::Shape& qs = inputs.q.shape();
    const tpu::Shape rows{qs[0], qs[1], qs[2]};
    m_l = m_m = m_di = tpu::Array(rows, tpu::DType::F32);
    m_di_lanes = std::make_unique<DiLanes>(rows);
    const BackwardResiduals res{&*m_forward->l_lanes, &*m_forward->m_lanes, &m_d_o, m_di_lanes.get()};
    phase_launch = "dkv";
    m_dkv = BuildDkvLaunch(inputs, config, res);
    m_runners.push_back(std::make_unique<tpu::LaunchRunner>(m_dkv->spec, options.launch));
    if (auto e = m_runners.back()->Prepare()) {
      Fail(*e, "dkv");
      return;
    }
    phase_launch = "dq";
    m_dq = BuildDqLaunch(inputs, config, res);
    m_runners.push_back(std::make_unique<tpu::LaunchRunner>(m_dq->spec, options.launch));
    if (auto e = m_runners.back()->Prepare()) {
      Fail(*e, "dq");
      return;
    }
  } catch (const tpu::KernelException& e) {
    Fail(e.error, phase_launch);
  }
}

void TrainingStep::Fail(const tpu::KernelError& error, std::string launch) {
  m_error = error;
  m_error_launch = std::move(launch);
}

std::size_t TrainingStep::HeldBytes() const {
  std::set<const tpu::Array*> arrays{&m_inputs.q, &m_inputs.k, &m_inputs.v, &m_d_o, &m_l, &m_m, &m_di};
  for (const auto* optional : {&m_inputs.ab, &m_inputs.q_segment_ids, &m_inputs.kv_segment_ids})
    if (*optional) arrays.insert(&**optional);
  std::size_t bytes = 0;
  for (const auto& runner : m_runners) {
    bytes += runner->HeldBytes();
    for (const tpu::InputOperand& in : runner->spec().inputs) arrays.insert(in.array);
    for (const tpu::OutputOperand& out : runner->spec().outputs) arrays.insert(out.array);
  }
  for (const tpu::Array* array : arrays)
    if (array) bytes += array->bytes();
  return bytes;
}

void TrainingStep::HandResidualsToBackward() {
  m_l = m_forward->L();
  m_m = m_forward->M();
  m_di = ComputeDi(m_forward->o, m_d_o);  // once, outside both backward kernels
  m_di_lanes->Refresh(m_di);
}

TrainingStepResult TrainingStep::RunToEnd(Outputs outputs) {
  TrainingStepResult out;
  out.error = m_error;
  out.error_launch = m_error_launch;
  if (m_error) return out;
  for (std::size_t i = 0; i < m_runners.size(); ++i) {
    tpu::LaunchRunner& runner = *m_runners[i];
    if (i == 1) HandResidualsToBackward();
    while (!runner.Finished()) runner.RunStep();
    const std::string name = runner.spec().name;
    out.launches.push_back({name, runner.TakeResult()});
    if (out.launches.back().result.error) {
      out.error = out.launches.back().result.error;
      out.error_launch = name;
      return out;
    }
  }
  if (outputs == Outputs::Moved)
    MoveOutputs(out);
  else
    CollectOutputs(out);
  return out;
}

template <typename Step, typename Hand>
void TrainingStep::HandOutputs(Step& step, TrainingStepResult& out, Hand hand) {
  out.o = hand(step.m_forward->o);
  if (!step.m_dkv) return;
  out.l = hand(step.m_l);
  out.m = hand(step.m_m);
  out.di = hand(step.m_di);
  out.dk = hand(step.m_dkv->grad_a);
  out.dv = hand(step.m_dkv->grad_b);
  out.dq = hand(step.m_dq->grad_a);
  if (step.m_inputs.ab) out.ds = hand(step.m_dq->grad_b);
}

void TrainingStep::CollectOutputs(TrainingStepResult& out) const {
  HandOutputs(*this, out, [](const tpu::Array& a) { return a; });
}

void TrainingStep::MoveOutputs(TrainingStepResult& out) {
  HandOutputs(*this, out, [](tpu::Array& a) { return std::move(a); });
}

TrainingStepResult RunTrainingStep(const AttentionInputs& inputs, const tpu::Array& d_o,
                                   const AttentionConfig& config, const StepOptions& options) {
  TrainingStep step(inputs, d_o, config, options);
  return step.RunToEnd(TrainingStep::Outputs::Moved);
}

}  // namespace tilewalk::flash
