#include "kernels/splash/block_sizes.hpp"

#include "kernels/splash/splash_error.hpp"

namespace tilewalk::splash {

std::string_view QKVLayoutName(QKVLayout layout) {
  switch (layout) {
    case QKVLayout::HEAD_DIM_MINOR:
      return "HEAD_DIM_MINOR";
    case QKVLayout::SEQ_MINOR:
      return "SEQ_MINOR";
  }
  return "?";
}

bool BlockSizes::has_backward_blocks() const {
  const bool dkv = block_q_dkv && block_kv_dkv && block_kv_dkv_compute;
  if (use_fused_bwd_kernel) return dkv;
  return dkv && block_q_dq && block_kv_dq;
}

BlockSizes BlockSizes::get_default() {
  return MakeBlockSizes({.block_q = 128,
                         .block_kv = 128,
                         .block_kv_compute = 128,
                         .block_q_dkv = 128,
                         .block_kv_dkv = 128,
                         .block_kv_dkv_compute = 128,
                         .block_q_dq = 128,
                         .block_kv_dq = 128});
}

BlockSizes MakeBlockSizes(BlockSizes fields) {
  if (!fields.block_kv_compute) fields.block_kv_compute = fields.block_kv;
  if (!fields.block_kv_dkv_compute) fields.block_kv_dkv_compute = fields.block_kv_dkv;
  // Only the presence of a dq size counts: a dq size of 0 beside the fused kernel is refused as well.
  if (fields.use_fused_bwd_kernel && (fields.block_q_dq || fields.block_kv_dq))
    RaiseSplashError(tpu::ErrorType::ValueError, "splash.block_sizes.dq_with_fused",
                     "Block sizes for dq kernel are not needed with a fused kernel.");
  return fields;
}

}  // namespace tilewalk::splash
