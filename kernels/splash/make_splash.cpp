#include "kernels/splash/make_splash.hpp"

#include "kernels/splash/splash_error.hpp"

namespace tilewalk::splash {

SplashMaskInfos MakeSplashMaskInfos(const Mask& mask, const MakeSplashOptions& options) {
  if (mask.shape().rank() != 3)
    RaiseSplashError(tpu::ErrorType::ValueError, "splash.make.mask_rank",
                     "Unexpected mask shape: " + mask.shape().ToString());
  const BlockSizes b = options.block_sizes.value_or(BlockSizes::get_default());
  const MaskInfoOptions shared{.downcast_smem_data = options.downcast_smem_data,
                               .head_shards = options.head_shards,
                               .q_seq_shards = options.q_seq_shards};

  SplashMaskInfos made{.block_sizes = b, .fwd = ProcessMask(mask, {b.block_q, b.block_kv}, shared)};
  if (!b.has_backward_blocks()) return made;
  if (!b.use_fused_bwd_kernel) made.dq = ProcessMask(mask, {*b.block_q_dq, *b.block_kv_dq}, shared);
  MaskInfoOptions dkv = shared;
  dkv.is_dkv = true;
  dkv.shrink_grid = !b.use_fused_bwd_kernel;
  made.dkv = ProcessMask(mask, {*b.block_q_dkv, *b.block_kv_dkv}, dkv);
  return made;
}

}  // namespace tilewalk::splash
