// The splash forward launch, as the pinned kernel's _splash_attention_forward builds it: the entry checks
// (call_checks.hpp), then a pallas_call with scalar prefetch of MaskInfo's tables (data_next, block_mask,
// and mask_next unless it is absent) over the grid (q heads, q blocks, kv steps after shrinking), with
// "parallel, arbitrary, arbitrary" semantics. The index maps follow the original:
//   q, o, logsumexp        (h, i, 0)
//   k, v                   (kv head of h, data_next[h, i, j], 0): (data_next, 0) for MQA
//   kv segment ids         (0, data_next[h, i, j]), of the ids broadcast to 8 sublanes
//   q segment ids, q_sequence (i, 0), broadcast to 128 lanes
//   the partial mask block (mask_next[h, i, j], 0, 0), when MaskInfo has partial_mask_blocks
//   m, l, o scratch        (0, 0): outputs of a constant block, as the original has them
// Since the pipeline skips a copy whose block index equals the previous step's, the k and v copies a
// launch issues follow from data_next: an empty step names the next non-empty block, and a padded step of
// a shrunk row names block 0.
//
// Grouped heads: q head h reads kv head h / (num_q_heads / num_kv_heads); MQA has one k and v for all.
// The layouts: a SEQ_MINOR operand is handed to the kernel transposed, [.., head_dim, seq_len], with its
// block shape and index map swapped to match, and the body multiplies it the other way round.
// Not mirrored yet: sinks and the residual checkpoint name.
#pragma once

#include <memory>
#include <optional>

#include "kernels/splash/block_sizes.hpp"
#include "kernels/splash/constants.hpp"
#include "kernels/splash/mask_info.hpp"
#include "kernels/splash/prefetch_tables.hpp"
#include "kernels/splash/qkv_layout.hpp"
#include "kernels/splash/reference.hpp"
#include "kernels/tpu/launch_spec.hpp"

namespace tilewalk::splash {

struct SplashForwardInputs {
  const tpu::Array* q = nullptr;               // [num_q_heads, q_seq_len, head_dim_qk]
  const tpu::Array* k = nullptr;               // [num_kv_heads, kv_seq_len, head_dim_qk]; MQA: no head axis
  const tpu::Array* v = nullptr;               // [num_kv_heads, kv_seq_len, head_dim_v]; MQA: no head axis
  const tpu::Array* q_segment_ids = nullptr;   // int32 [q_seq_len]; both or neither
  const tpu::Array* kv_segment_ids = nullptr;  // int32 [kv_seq_len]
};

struct SplashForwardConfig {
  BlockSizes block_sizes = BlockSizes::get_default();  // as MakeBlockSizes left them
  bool is_mqa = false;
  bool save_residuals = false;  // also return logsumexp
  float mask_value = static_cast<float>(kDefaultMaskValue);
  std::optional<float> attn_logits_soft_cap{};
};

struct SplashForwardLaunch {
  SeqMinorCopies seq_minor;
  PrefetchTables tables;
  std::optional<tpu::Array> partial_mask_blocks;  // bool [blocks, bq, bkv]
  std::optional<tpu::Array> q_sequence_lanes;     // int32 [q_seq_len, 128]
  std::optional<tpu::Array> q_segment_lanes;      // int32 [q_seq_len, 128]
  std::optional<tpu::Array> kv_segment_sublanes;  // int32 [8, kv_seq_len]
  tpu::Array m_scratch, l_scratch, o_scratch;     // the running state, as outputs
  tpu::Array out;                                 // [num_q_heads, q_seq_len, head_dim_v], q's dtype
  std::optional<tpu::Array> logsumexp_lanes;      // f32 [num_q_heads, q_seq_len, 128]
  tpu::LaunchSpec spec;                           // points into this struct: keep it where it is

  // The residual as the original returns it: lane 0, [num_q_heads, q_seq_len].
  tpu::Array Logsumexp() const;
};

// Runs the forward's entry checks (raising through RaiseSplashError) and builds the launch. `info` is the
// forward MaskInfo of the kernel (make_splash.hpp); the launch copies what it needs from it.
std::unique_ptr<SplashForwardLaunch> BuildSplashForwardLaunch(const MaskInfo& info,
                                                              const SplashForwardInputs& in,
                                                              const SplashForwardConfig& config);

}  // namespace tilewalk::splash
