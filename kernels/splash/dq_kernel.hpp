// The splash dq body (_flash_attention_dq_kernel). Grid (q head, q block, kv step): the kv steps of one q
// block are innermost, so dq accumulates in a float32 buffer across them and is written at the row's last
// step. A step reads its block's class from SMEM: an empty block skips the arithmetic, a full one skips the
// mask. The kv block a step works on is data_next's (the grid may be shrunk), and the mask is evaluated at
// that block's real kv offset. Site names start with "splash.dq.".
#pragma once

#include <optional>

#include "kernels/splash/backward_refs.hpp"
#include "kernels/splash/block_sizes.hpp"
#include "kernels/splash/mask.hpp"
#include "kernels/tpu/kernel.hpp"

namespace tilewalk::splash {

// The body's arguments in the original's order: the shared inputs, then this body's outputs and scratch.
struct DqRefs : BackwardInputRefs {
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
