// Block sizes of 128 for a splash training step, unfused (with the dq launch's sizes) or fused (without):
// what the backward tests, the memory estimate's tests and the splash step benchmark run with.
#pragma once

#include <cstdint>

#include "kernels/splash/block_sizes.hpp"

namespace tilewalk::splash::testing {

// The dkv launch's kv block and its compute slice may be set apart from the rest.
inline BlockSizes BackwardBlocks(bool fused, int64_t bkv_dkv = 128, int64_t bkv_dkv_compute = 128) {
  BlockSizes b{.block_q = 128,
               .block_kv = 128,
               .block_q_dkv = 128,
               .block_kv_dkv = bkv_dkv,
               .block_kv_dkv_compute = bkv_dkv_compute,
               .use_fused_bwd_kernel = fused};
  if (!fused) {
    b.block_q_dq = 128;
    b.block_kv_dq = 128;
  }
  return MakeBlockSizes(b);
}

}  // namespace tilewalk::splash::testing
