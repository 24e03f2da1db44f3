// The inputs the dq and dkv bodies both take, in the original's argument order: MaskInfo's three tables in
// SMEM, then q, k, v, the segment ids, the forward's logsumexp, do, di, the partial mask block and
// q_sequence. Each body's own outputs and scratch follow them (DqRefs, DkvRefs). Absent operands are null.
#pragma once

#include "kernels/tpu/kernel.hpp"

namespace tilewalk::splash {

struct BackwardInputRefs {
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
};

// Where a backward launch put each input after q, k and v (inputs 0 to 2): its input slot, or -1 when the
// launch has no such operand; and whether mask_next is its third SMEM table.
struct BackwardInputSlots {
  int q_segment_ids = -1;
  int kv_segment_ids = -1;
  int logsumexp = -1;
  int d_o = -1;
  int di = -1;
  int mask = -1;
  int q_sequence = -1;
  bool has_mask_next = false;
};

// The refs a grid step's body gets for those inputs.
BackwardInputRefs BackwardInputsOf(tpu::Kernel& k, const BackwardInputSlots& slots);

}  // namespace tilewalk::splash
