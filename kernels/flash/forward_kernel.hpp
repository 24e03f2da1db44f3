// The forward kernel bodies, mirroring _flash_attention_kernel and its two single-batch bodies in the
// Pallas file: the tiled body with running max and running sum in scratch, and the single-step body used
// when one kv block covers the whole sequence. Site names start with "fwd." and "fwd_single.".
#pragma once

#include "kernels/tpu/kernel.hpp"

namespace tilewalk::flash {

struct ForwardRefs {
  tpu::Ref* q_tile_ref = nullptr;
  tpu::Ref* k_tile_ref = nullptr;
  tpu::Ref* v_tile_ref = nullptr;
  tpu::Ref* ab_tile_ref = nullptr;             // null without bias
  tpu::Ref* q_segment_ids_tile_ref = nullptr;  // null without segment ids
  tpu::Ref* kv_segment_ids_tile_ref = nullptr;
  tpu::Ref* o_tile_ref = nullptr;
  tpu::Ref* l_ref = nullptr;  // null unless residuals are saved
  tpu::Ref* m_ref = nullptr;
  tpu::Ref* m_scratch_ref = nullptr;  // null in the single-step body
  tpu::Ref* l_scratch_ref = nullptr;
  tpu::Ref* acc_scratch_ref = nullptr;
};

struct ForwardStatics {
  bool causal = false;
  float sm_scale = 1.0f;
  int block_k = 128;
  int kv_seq_len = 128;
  float mask_value = 0.0f;
  bool non_strict_diag = false;  // what-if non-strict-diag
};

// Picks the body (single step when block_k == kv_seq_len) and runs it for each row of the batch block.
void flash_attention_kernel(tpu::Kernel& k, const ForwardRefs& r, const ForwardStatics& c);

}  // namespace tilewalk::flash
