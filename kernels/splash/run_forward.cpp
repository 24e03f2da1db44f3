#include "kernels/splash/run_forward.hpp"

#include <memory>

#include "kernels/splash/splash_error.hpp"

namespace tilewalk::splash {

SplashForwardResult RunSplashForward(const SplashForwardRequest& request) {
  SplashForwardResult result;
  std::unique_ptr<SplashForwardLaunch> launch;
  result.error = CatchSplashError([&] {
    const SplashMaskInfos made = MakeSplashMaskInfos(request.mask, request.make);
    launch = BuildSplashForwardLaunch(made.fwd, request.inputs,
                                      {.block_sizes = made.block_sizes,
                                       .is_mqa = request.is_mqa,
                                       .save_residuals = request.save_residuals,
                                       .mask_value = request.mask_value,
                                       .attn_logits_soft_cap = request.attn_logits_soft_cap});
  });
  if (result.error) return result;
  result.launch = tpu::RunLaunch(launch->spec, request.launch);
  result.error = result.launch->error;
  if (result.error) return result;
  result.out = std::move(launch->out);
  if (request.save_residuals) result.logsumexp = launch->Logsumexp();
  return result;
}

}  // namespace tilewalk::splash
