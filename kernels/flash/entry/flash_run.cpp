#include "kernels/flash/entry/flash_run.hpp"

#include "kernels/flash/reference_check.hpp"

namespace tilewalk::flash {
namespace {

StepOptions StepOptionsOf(const Scenario& s, const kernel::RunOptions& options) {
  return {.forward_only = s.forward_only,
          .launch = {.chip = s.ChipPreset(),
                     .precision = s.precision,
                     .record_events = options.record_events,
                     .pad = s.pad,
                     .threads = options.threads}};
}

}  // namespace

kernel::Outputs FlashOutputs(TrainingStepResult result) {
  const auto typed = std::make_shared<const TrainingStepResult>(std::move(result));
  kernel::Outputs out{.typed = typed, .type = &typeid(TrainingStepResult)};
  const TrainingStepResult& r = *typed;
  if (!r.o.empty()) out.named.emplace_back("o", &r.o);
  if (!r.l.empty())
    for (const auto& [name, array] :
         {std::pair{"l", &r.l}, {"m", &r.m}, {"dq", &r.dq}, {"dk", &r.dk}, {"dv", &r.dv}})
      out.named.emplace_back(name, array);
  if (r.ds) out.named.emplace_back("ds", &*r.ds);
  return out;
}

FlashRun::FlashRun(const Scenario& scenario, const kernel::RunOptions& options)
    : m_scenario(scenario),
      m_inputs(MakeInputs(scenario)),
      m_step(std::make_unique<TrainingStep>(m_inputs.inputs, m_inputs.d_o, scenario.Config(),
                                            StepOptionsOf(scenario, options))) {}

void FlashRun::BeforeLaunch(int launch) {
  if (launch == 1) m_step->HandResidualsToBackward();
}

kernel::Outputs FlashRun::CollectOutputs() const {
  TrainingStepResult result;
  m_step->CollectOutputs(result);
  return FlashOutputs(std::move(result));
}

kernel::RunResult FlashRun::RunToEnd(Hand outputs) {
  TrainingStepResult step =
      m_step->RunToEnd(outputs == Hand::Moved ? TrainingStep::Outputs::Moved : TrainingStep::Outputs::Copied);
  kernel::RunResult out{
      .error = step.error, .error_launch = step.error_launch, .launches = std::move(step.launches)};
  step.launches.clear();
  if (!out.error) out.outputs = FlashOutputs(std::move(step));
  return out;
}

std::vector<std::pair<std::string, const tpu::Array*>> FlashRun::InputArrays() const {
  const AttentionInputs& in = m_inputs.inputs;
  std::vector<std::pair<std::string, const tpu::Array*>> arrays = {{"q", &in.q}, {"k", &in.k}, {"v", &in.v}};
  if (in.ab) arrays.emplace_back("ab", &*in.ab);
  if (in.q_segment_ids) {
    arrays.emplace_back("segment_ids_q", &*in.q_segment_ids);
    arrays.emplace_back("segment_ids_kv", &*in.kv_segment_ids);
  }
  arrays.emplace_back("do", &m_inputs.d_o);
  return arrays;
}

kernel::ReferenceComparison FlashRun::CompareWithReference(const kernel::Outputs& outputs) const {
  return flash::CompareWithReference(m_scenario, m_inputs, outputs.As<TrainingStepResult>());
}

}  // namespace tilewalk::flash
