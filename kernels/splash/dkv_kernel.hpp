// The splash dkv body (_flash_attention_dkv_kernel). Grid (kv block, q head, q step): for one kv block
// every q head and every q block pass by, so dk and dv accumulate in float32 buffers across the q heads
// that share its kv head (MQA: all of them; grouped heads: a run of them) and are written when the last
// of them has passed its last q step. Blocks are transposed against the forward: kv in sublanes, q in
// lanes. The kv block is cut into compute slices of bkv_compute rows. The fused variant also computes each
// step's contribution to dq and writes it as that step's own dq partial; the launch's caller sums the
// partials over kv blocks. Site names start with "splash.dkv.".
#pragma once

#include <optional>

#include "kernels/splash/backward_refs.hpp"
#include "kernels/splash/block_sizes.hpp"
#include "kernels/splash/mask.hpp"
#include "kernels/tpu/kernel.hpp"

namespace tilewalk::splash {

// The body's arguments in the original's order: the shared inputs, then this body's outputs and scratch.
struct DkvRefs : BackwardInputRefs {
  tpu::Ref* dq_scratch_ref = nullptr;  // fused, with bkv_compute < bkv: an output used as scratch
  tpu::Ref* dk_scratch_ref = nullptr;  // outputs with one block, used as scratch
  tpu::Ref* dv_scratch_ref = nullptr;
  tpu::Ref* dq_ref = nullptr;  // fused only: this step's dq partial
  tpu::Ref* dk_ref = nullptr;
  tpu::Ref* dv_ref = nullptr;
};

struct DkvStatics {
  int num_q_heads = 1;
  int num_kv_heads = 1;
  float mask_value = 0.0f;
  int grid_width = 0;
  int bq = 0;
  int bkv_compute = 0;
  bool is_mqa = false;
  std::optional<float> attn_logits_soft_cap{};
  QKVLayout q_layout = QKVLayout::HEAD_DIM_MINOR;  // SEQ_MINOR: the q block is (head_dim, bq)
  QKVLayout k_layout = QKVLayout::HEAD_DIM_MINOR;  // SEQ_MINOR: the k block is (head_dim, bkv)
  QKVLayout v_layout = QKVLayout::HEAD_DIM_MINOR;
  int bkv = 0;
  std::optional<Mask> mask_function{};
};

void flash_attention_dkv_kernel(tpu::Kernel& k, const DkvRefs& r, const DkvStatics& c);

}  // namespace tilewalk::splash
