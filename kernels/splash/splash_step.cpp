#include "kernels/splash/splash_step.hpp"

#include <set>
#include <utility>

#include "kernels/splash/splash_error.hpp"

namespace tilewalk::splash {

SplashStep::SplashStep(const SplashStepCall& call) : m_call(call) {
  std::string phase_launch;
  try {
    m_made = MakeSplashMaskInfos(call.mask, call.make);
    phase_launch = "fwd";
    m_forward = BuildSplashForwardLaunch(m_made->fwd, call.inputs,
                                         {.block_sizes = m_made->block_sizes,
                                          .is_mqa = call.is_mqa,
                                          .save_residuals = !call.forward_only,
                                          .mask_value = call.mask_value,
                                          .attn_logits_soft_cap = call.attn_logits_soft_cap});
    m_runners.push_back(std::make_unique<tpu::LaunchRunner>(m_forward->spec, call.launch));
    if (auto e = m_runners.back()->Prepare()) {
      Fail(*e, "fwd");
      return;
    }
    if (call.forward_only) return;

    // The backward's argument checks belong to no launch; the one it makes while tracing the dkv body
    // (segment ids against block_q_dkv) belongs to that launch.
    phase_launch = "";
    const tpu::Shape& q = call.inputs.q->shape();
    m_logsumexp = m_di = tpu::Array(tpu::Shape{q[0], q[1]}, tpu::DType::F32);
    const SplashBackwardCall backward{.q = call.inputs.q,
                                      .k = call.inputs.k,
                                      .v = call.inputs.v,
                                      .q_segment_ids = call.inputs.q_segment_ids,
                                      .kv_segment_ids = call.inputs.kv_segment_ids,
                                      .o = &m_forward->out,
                                      .logsumexp = &m_logsumexp,
                                      .d_o = call.d_o,
                                      .is_mqa = call.is_mqa,
                                      .mask_value = call.mask_value,
                                      .attn_logits_soft_cap = call.attn_logits_soft_cap};
    m_backward = BuildSplashBackwardLaunches(backward, m_di, *m_made);
    for (const tpu::LaunchSpec* spec :
         {&m_backward.dkv->spec, m_backward.dq ? &m_backward.dq->spec : nullptr}) {
      if (!spec) continue;
      m_runners.push_back(std::make_unique<tpu::LaunchRunner>(*spec, call.launch));
      if (auto e = m_runners.back()->Prepare()) {
        Fail(*e, spec->name);
        return;
      }
    }
  } catch (const tpu::KernelException& e) {
    Fail(e.error, e.error.phase == tpu::Phase::Tracing && phase_launch.empty() ? "dkv" : phase_launch);
  }
}

void SplashStep::Fail(const tpu::KernelError& error, std::string launch) {
  m_error = error;
  m_error_launch = std::move(launch);
}

void SplashStep::HandResidualsToBackward() {
  m_logsumexp = m_forward->Logsumexp();
  m_di = SplashDi(m_forward->out, *m_call.d_o);  // once, outside both backward kernels
  m_backward.Refresh(m_logsumexp, m_di);
}

SplashStepResult SplashStep::RunToEnd(Outputs outputs) {
  SplashStepResult out;
  out.error = m_error;
  out.error_launch = m_error_launch;
  if (m_error) return out;
  for (std::size_t i = 0; i < m_runners.size(); ++i) {
    tpu::LaunchRunner& runner = *m_runners[i];
    if (i == 1) HandResidualsToBackward();
    while (!runner.Finished()) runner.RunStep();
    std::string name = runner.spec().name;
    out.launches.push_back({name, runner.TakeResult()});
    if (out.launches.back().result.error) {
      out.error = out.launches.back().result.error;
      out.error_launch = std::move(name);
      return out;
    }
  }
  if (outputs == Outputs::Copied) {
    CollectOutputs(out);
    return out;
  }
  out.o = std::move(m_forward->out);
  if (m_call.forward_only) return out;
  out.logsumexp = std::move(m_logsumexp);
  m_backward.TakeGradients(out.dq, out.dk, out.dv);
  return out;
}

void SplashStep::CollectOutputs(SplashStepResult& out) const {
  out.o = m_forward->out;
  if (m_call.forward_only) return;
  out.logsumexp = m_logsumexp;
  out.dq = m_backward.dq ? m_backward.dq->dq : SumDqPartials(*m_backward.dkv->dq_unreduced);
  out.dk = m_backward.dkv->dk;
  out.dv = m_backward.dkv->dv;
}

std::size_t SplashStep::HeldBytes() const {
  std::set<const tpu::Array*> arrays{&m_logsumexp, &m_di};
  const SplashForwardInputs& in = m_call.inputs;
  for (const tpu::Array* a : {in.q, in.k, in.v, in.q_segment_ids, in.kv_segment_ids, m_call.d_o})
    if (a) arrays.insert(a);
  std::size_t bytes = 0;
  for (const auto& runner : m_runners) {
    bytes += runner->HeldBytes();
    for (const tpu::InputOperand& input : runner->spec().inputs) arrays.insert(input.array);
    for (const tpu::OutputOperand& output : runner->spec().outputs) arrays.insert(output.array);
    for (const tpu::ScalarPrefetchOperand& table : runner->spec().scalar_prefetch) arrays.insert(table.array);
  }
  for (const tpu::Array* array : arrays)
    if (array) bytes += array->bytes();
  return bytes;
}

}  // namespace tilewalk::splash
