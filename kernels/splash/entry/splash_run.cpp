#include "kernels/splash/entry/splash_run.hpp"

#include <utility>

#include "kernels/splash/entry/reference_check.hpp"
#include "kernels/splash/splash_error.hpp"

namespace tilewalk::splash {

kernel::Outputs SplashOutputs(SplashStepResult result) {
  result.launches.clear();
  const auto typed = std::make_shared<const SplashStepResult>(std::move(result));
  kernel::Outputs out{.typed = typed, .type = &typeid(SplashStepResult)};
  const SplashStepResult& r = *typed;
  for (const auto& [name, array] :
       {std::pair{"o", &r.o}, {"logsumexp", &r.logsumexp}, {"dq", &r.dq}, {"dk", &r.dk}, {"dv", &r.dv}})
    if (!array->empty()) out.named.emplace_back(name, array);
  return out;
}

SplashRun::SplashRun(const SplashScenario& scenario, const kernel::RunOptions& options)
    : m_scenario(scenario), m_inputs(MakeSplashInputs(scenario)) {
  // The guard read the array mask's file; one that changed since is refused here with the same words.
  const auto array = ReadScenarioArray(scenario);
  if (!array) {
    m_error = tpu::KernelError{.message = array.error().message};
    return;
  }
  // The caller's part of the original's use: the mask classes, then the BlockSizes dataclass.
  std::optional<BlockSizes> block_sizes;
  m_error = CatchSplashError([&] {
    m_mask = MakeScenarioMask(scenario, *array);
    block_sizes = MakeBlockSizes(scenario.BlockSizeFields());
  });
  if (m_error) return;
  const SplashInputs& in = m_inputs;
  m_step = std::make_unique<SplashStep>(SplashStepCall{
      .mask = *m_mask,
      .inputs = {.q = &in.q,
                 .k = &in.k,
                 .v = &in.v,
                 .q_segment_ids = in.q_segment_ids ? &*in.q_segment_ids : nullptr,
                 .kv_segment_ids = in.kv_segment_ids ? &*in.kv_segment_ids : nullptr},
      .d_o = &in.d_o,
      .make = {.block_sizes = block_sizes},
      .is_mqa = scenario.IsMqa(),
      .attn_logits_soft_cap = scenario.soft_cap > 0 ? std::optional<float>(scenario.soft_cap) : std::nullopt,
      .forward_only = scenario.forward_only,
      .launch = {.chip = scenario.ChipPreset(),
                 .precision = scenario.precision,
                 .record_events = options.record_events,
                 .pad = scenario.pad,
                 .threads = options.threads}});
}

const std::optional<tpu::KernelError>& SplashRun::error() const {
  return m_step ? m_step->error() : m_error;
}

const std::string& SplashRun::error_launch() const {
  return m_step ? m_step->error_launch() : m_no_launch;
}

void SplashRun::BeforeLaunch(int launch) {
  if (m_step && launch == 1) m_step->HandResidualsToBackward();
}

kernel::Outputs SplashRun::CollectOutputs() const {
  if (!m_step || m_step->error()) return {};  // nothing ran: no outputs
  SplashStepResult result;
  m_step->CollectOutputs(result);
  return SplashOutputs(std::move(result));
}

kernel::RunResult SplashRun::RunToEnd(Hand outputs) {
  if (!m_step) return {.error = m_error};
  SplashStepResult step =
      m_step->RunToEnd(outputs == Hand::Moved ? SplashStep::Outputs::Moved : SplashStep::Outputs::Copied);
  kernel::RunResult out{
      .error = step.error, .error_launch = step.error_launch, .launches = std::move(step.launches)};
  if (!out.error) out.outputs = SplashOutputs(std::move(step));
  return out;
}

std::size_t SplashRun::HeldBytes() const {
  if (m_step) return m_step->HeldBytes();
  std::size_t bytes = 0;
  for (const auto& [name, array] : InputArrays()) bytes += array->bytes();
  return bytes;
}

std::vector<std::pair<std::string, const tpu::Array*>> SplashRun::InputArrays() const {
  std::vector<std::pair<std::string, const tpu::Array*>> arrays = {
      {"q", &m_inputs.q}, {"k", &m_inputs.k}, {"v", &m_inputs.v}};
  if (m_inputs.q_segment_ids) {
    arrays.emplace_back("segment_ids_q", &*m_inputs.q_segment_ids);
    arrays.emplace_back("segment_ids_kv", &*m_inputs.kv_segment_ids);
  }
  arrays.emplace_back("do", &m_inputs.d_o);
  return arrays;
}

kernel::ReferenceComparison SplashRun::CompareWithReference(const kernel::Outputs& outputs) const {
  return CompareSplashWithReference(m_scenario, *m_mask, m_inputs, outputs.As<SplashStepResult>());
}

}  // namespace tilewalk::splash
