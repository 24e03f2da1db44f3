// Making a splash attention kernel, as the pinned splash_attention_kernel.py's _make_splash_attention does
// before any call: the mask must be 3-d (one 2-d mask per q head), the block sizes default to
// BlockSizes::get_default(), and the mask is processed into the forward MaskInfo and, when the block sizes
// have backward blocks, the dq MaskInfo (not with the fused backward) and the dkv MaskInfo (its grid shrunk
// unless the backward is fused). What the original checks here is that rank and then MaskInfo's own checks,
// launch by launch, in that order (mask_info.hpp):
//   splash.make.mask_rank  ValueError: the mask is not 3-d ("Unexpected mask shape: ...") [2552-2553]
// followed by ProcessMask's errors for (block_q, block_kv), then (block_q_dq, block_kv_dq), then
// (block_q_dkv, block_kv_dkv). Block sizes that do not divide the mask's lengths are refused there.
#pragma once

#include <cstdint>
#include <optional>

#include "kernels/splash/block_sizes.hpp"
#include "kernels/splash/mask.hpp"
#include "kernels/splash/mask_info.hpp"

namespace tilewalk::splash {

struct MakeSplashOptions {
  std::optional<BlockSizes> block_sizes{};  // as MakeBlockSizes left them; unset: BlockSizes::get_default()
  bool downcast_smem_data = true;           // narrow the tables to the smallest integer type that holds them
  int64_t head_shards = 1;                  // the mesh's head shards
  int64_t q_seq_shards = 1;                 // the mesh's q sequence shards
};

// What a made kernel holds: its block sizes and the MaskInfo of each launch it will run.
struct SplashMaskInfos {
  BlockSizes block_sizes;
  MaskInfo fwd;
  std::optional<MaskInfo> dq{};   // with backward blocks, unless the backward is fused
  std::optional<MaskInfo> dkv{};  // with backward blocks
};

// Raises the errors above through RaiseSplashError (argument-check phase).
SplashMaskInfos MakeSplashMaskInfos(const Mask& mask, const MakeSplashOptions& options = {});

}  // namespace tilewalk::splash
