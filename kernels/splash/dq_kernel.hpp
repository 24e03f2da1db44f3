// The splash dq body (_flash_attention_dq_kernel). Grid (q head, q block, kv step): the kv steps of one q
// block are innermost, so dq accumulates in a float32 buffer across them and is written at the row's last
// step. A step reads its block's class from SMEM: an empty block skips the arithmetic, a full one skips the
// mask. The kv block a step works on is data_next's (the grid may be shrunk), and the mask is evaluated at
// that block's real kv offset. Site names start with "splash.dq.".
#pragma once

#include <optional>

#include "kernels/splash/block_sizes.hpp"
#include "kernels/splash/mask.hpp"
#include "kernels/tpu/kernel.hpp"

namespace tilewalk::splash {

// The body's arguments in the original's order; absent operands are null.
struct DqRefs {
  const tpu::SmemRef* data_next_ref = nullptr;
  const tpu::SmemRef* block_mask_ref = nullptr;
  const tpu::SmemRef* mask_next_ref = nullptr;
  tpu::Ref* q_ref = nullptr;
  tpu::Ref* k_ref = nullptr;
  tpu::Ref* v_ref = nullptr;
  tpu::Ref* q_segment_ids_ref = nullptr;
  tpu::Ref* kv_segment_ids_ref = nullptr;
  tpu::Ref* logsumexp_ref = nullptr;
  tpu::Ref* do_ref = nullptr;
  tpu::Ref* di_ref = nullptr;
  tpu::Ref* mask_ref = nullptr;
  tpu::Ref* q_sequence_ref = nullptr;
  tpu::Ref* dq_scratch_ref = nullptr;  // an output of the launch with one block, used as scratch
  tpu::Ref* dq_ref = nullptr;
};

struct DqStatics {
  float mask_value = 0.0f;
  int grid_width = 0;
  int bq = 0;
  int bkv = 0;
  std::optional<float> attn_logits_soft_cap{};
  QKVLayout q_layout = QKVLayout::HEAD_DIM_MINOR;  // SEQ_MINOR: the block is (head_dim, bq)
  QKVLayout k_layout = QKVLayout::HEAD_DIM_MINOR;  // SEQ_MINOR: (head_dim, bkv)
  QKVLayout v_layout = QKVLayout::HEAD_DIM_MINOR;
  std::optional<Mask> mask_function{};
};

void flash_attention_dq_kernel(tpu::Kernel& k, const DqRefs& r, const DqStatics& c);

}  // namespace tilewalk::splash
