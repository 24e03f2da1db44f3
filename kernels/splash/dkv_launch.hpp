// The splash dkv launch, as _splash_attention_bwd_dkv builds it after its checks (backward_checks.hpp): the
// grid (kv blocks, q heads, the dkv MaskInfo's q width), MaskInfo's transposed tables as scalar prefetch,
// index maps that send the q, do, logsumexp, di, q-segment and mask copies to the blocks data_next and
// mask_next name (k, v and the kv segment ids follow the grid), logsumexp and di repeated over 8
// sublanes, and the outputs: the float32 dk and dv accumulators (one block each, never moved), dk and dv.
// Fused (use_fused_bwd_kernel), it also writes one dq partial per grid step into an array of
// [kv blocks, num_q_heads, q_seq_len, head_dim_qk] in q's dtype, through a float32 accumulator when a kv
// block is cut into several compute slices. A SEQ_MINOR q, k or v is handed over transposed, its block
// shape and index map swapped (qkv_layout.hpp); dk and dv are written HEAD_DIM_MINOR.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "kernels/splash/backward_inputs.hpp"
#include "kernels/splash/mask_info.hpp"
#include "kernels/splash/prefetch_tables.hpp"
#include "kernels/splash/qkv_layout.hpp"
#include "kernels/tpu/launch_spec.hpp"

namespace tilewalk::splash {

struct DkvBlocks {
  int bq = 128;
  int bkv = 128;
  int bkv_compute = 128;
  bool use_fused_bwd_kernel = false;
};

struct DkvLaunch {
  SeqMinorCopies seq_minor;
  PrefetchTables tables;
  std::optional<tpu::Array> q_segment_ids, kv_segment_ids, partial_mask_blocks, q_sequence;
  tpu::Array logsumexp, di;  // [num_q_heads, 8, q_seq_len]
  std::optional<tpu::Array> dq_scratch, dq_unreduced;
  tpu::Array dk_scratch, dv_scratch, dk, dv;
  tpu::LaunchSpec spec;  // points into this struct: keep it where it is
};

// `in` must outlive the launch; `info` is the dkv MaskInfo made for blocks (bq, bkv).
std::unique_ptr<DkvLaunch> BuildDkvLaunch(const SplashBackwardInputs& in,
                                          const SplashBackwardStatics& statics, const MaskInfo& info,
                                          const DkvBlocks& blocks);

}  // namespace tilewalk::splash
