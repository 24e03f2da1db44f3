// The two backward kernel bodies, mirroring _flash_attention_dkv_kernel (grid b, h, kv, q: queries
// innermost, dK and dV accumulated in scratch) and _flash_attention_dq_kernel (grid b, h, q, kv: keys
// innermost, dQ accumulated in scratch, ds written as the bias gradient). Both recompute the scores and
// p from the saved l and m. Site names start with "dkv." and "dq.".
#pragma once

#include "kernels/tpu/kernel.hpp"

namespace tilewalk::flash {

// The inputs both backward launches read, in the order of the original's in_specs.
struct BackwardInputRefs {
  tpu::Ref* q_tile_ref = nullptr;
  tpu::Ref* k_tile_ref = nullptr;
  tpu::Ref* v_tile_ref = nullptr;
  tpu::Ref* ab_tile_ref = nullptr;
  tpu::Ref* q_segment_ids_tile_ref = nullptr;
  tpu::Ref* kv_segment_ids_tile_ref = nullptr;
  tpu::Ref* l_tile_ref = nullptr;
  tpu::Ref* m_tile_ref = nullptr;
  tpu::Ref* do_tile_ref = nullptr;
  tpu::Ref* di_tile_ref = nullptr;
};

struct DkvRefs {
  BackwardInputRefs in;
  tpu::Ref* dk_tile_ref = nullptr;
  tpu::Ref* dv_tile_ref = nullptr;
  tpu::Ref* dk_scratch_ref = nullptr;
  tpu::Ref* dv_scratch_ref = nullptr;
};

struct DqRefs {
  BackwardInputRefs in;
  tpu::Ref* dq_tile_ref = nullptr;
  tpu::Ref* ds_tile_ref = nullptr;  // null without bias
  tpu::Ref* dq_scratch_ref = nullptr;
};

struct BackwardStatics {
  float sm_scale = 1.0f;
  bool causal = false;
  float mask_value = 0.0f;
  int q_seq_len = 0;             // dK/dV
  int kv_seq_len = 0;            // dQ
  int block_q = 0;               // dK/dV minor q block
  int block_k = 0;               // minor kv block
  bool non_strict_diag = false;  // what-if non-strict-diag
};

void flash_attention_dkv_kernel(tpu::Kernel& k, const DkvRefs& r, const BackwardStatics& c);
void flash_attention_dq_kernel(tpu::Kernel& k, const DqRefs& r, const BackwardStatics& c);

}  // namespace tilewalk::flash
