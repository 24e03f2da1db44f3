// The splash forward body, mirroring the pinned kernel's flash_attention_kernel statement by statement:
// `init` at the first kv step (o = 0, running max = mask_value, running sum = 0), the table lookup of the
// step (next_nonzero.hpp), `run` when the step's block is not empty, which loops over the kv block in
// compute-sized slices (`body`: logits, masking, running max and sum, the rescaled output), and `end` at the
// last kv step (o divided by the running sum, the logsumexp residual, the running state zeroed).
// Site names start with "splash.fwd.".
//
// The running max, running sum and unnormalised output are outputs of the launch with a constant block, as
// the original has them (it has no scratch), each (block_q, 128) or (block_q, head_dim_v).
//
// Errors, while tracing: NotImplementedError when bkv_compute is not a multiple of 128
// ("splash.fwd.body.bkv_compute_rule"; the entry checks refuse such sizes first), and apply_mask.hpp's.
#pragma once

#include <optional>

#include "kernels/splash/apply_mask.hpp"
#include "kernels/splash/block_sizes.hpp"
#include "kernels/splash/next_nonzero.hpp"
#include "kernels/tpu/kernel.hpp"

namespace tilewalk::splash {

// q, k and v blocks are as below in the HEAD_DIM_MINOR layout; SEQ_MINOR swaps their last two dimensions.
struct ForwardRefs {
  NextNonzeroRefs tables;             // the scalar-prefetch refs
  tpu::Ref* q_ref = nullptr;          // (1, bq, head_dim_qk)
  tpu::Ref* k_ref = nullptr;          // (1, bkv, head_dim_qk), or (bkv, head_dim_qk) for MQA
  tpu::Ref* v_ref = nullptr;          // (1, bkv, head_dim_v), or (bkv, head_dim_v) for MQA
  MaskRefs mask;                      // the mask block, q_sequence and segment ids, as the launch passes them
  tpu::Ref* m_scratch_ref = nullptr;  // (bq, 128)
  tpu::Ref* l_scratch_ref = nullptr;  // (bq, 128)
  tpu::Ref* o_scratch_ref = nullptr;  // (bq, head_dim_v)
  tpu::Ref* o_ref = nullptr;          // (1, bq, head_dim_v)
  tpu::Ref* logsumexp_ref = nullptr;  // (1, bq, 128); null unless residuals are saved
};

struct ForwardStatics {
  float mask_value = 0.0f;
  int grid_width = 1;  // kv steps of the grid, after shrinking
  int bq = 128, bkv = 128, bkv_compute = 128;
  int head_dim_v = 128;
  QKVLayout q_layout = QKVLayout::HEAD_DIM_MINOR;
  QKVLayout k_layout = QKVLayout::HEAD_DIM_MINOR;
  QKVLayout v_layout = QKVLayout::HEAD_DIM_MINOR;
  std::optional<float> attn_logits_soft_cap{};
  std::optional<Mask> mask_function{};  // when the mask is computed from q_sequence
};

void flash_attention_kernel(tpu::Kernel& k, const ForwardRefs& r, const ForwardStatics& c);

}  // namespace tilewalk::splash
