// The splash dq launch, as _splash_attention_bwd_dq builds it after its checks (backward_checks.hpp): the
// grid (q heads, q blocks, the dq MaskInfo's width), MaskInfo's tables as scalar prefetch, index maps that
// send the k, v, kv-segment and mask copies to the blocks data_next and mask_next name, logsumexp and di
// given a unit sublane axis, and two outputs: the float32 dq accumulator (one block, never moved) and dq.
// A SEQ_MINOR q, k or v is handed over transposed, its block shape and index map swapped (qkv_layout.hpp).
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

struct DqLaunch {
  SeqMinorCopies seq_minor;
  PrefetchTables tables;
  std::optional<tpu::Array> q_segment_ids, kv_segment_ids, partial_mask_blocks, q_sequence;
  tpu::Array logsumexp, di;  // [num_q_heads, 1, q_seq_len]
  tpu::Array dq_scratch, dq;
  tpu::LaunchSpec spec;  // points into this struct: keep it where it is
};

// `in` must outlive the launch; `info` is the dq MaskInfo made for blocks (bq, bkv).
std::unique_ptr<DqLaunch> BuildDqLaunch(const SplashBackwardInputs& in, const SplashBackwardStatics& statics,
                                        const MaskInfo& info, int bq, int bkv);

}  // namespace tilewalk::splash
