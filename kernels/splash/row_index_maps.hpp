// The index maps of the two splash launches whose grid walks q rows, (q head, q block, kv step): the
// forward and dq. q and the outputs follow the grid; k, v and the kv segment ids fetch the kv block
// data_next names for the step, of the kv head the q head reads (q head / heads per kv head; MQA has one
// k and v with no head axis); the partial mask block is the one mask_next names. A SEQ_MINOR q, k or v has
// its block index swapped as its block shape is (qkv_layout.hpp).
#pragma once

#include <cstdint>

#include "kernels/splash/block_sizes.hpp"
#include "kernels/splash/qkv_layout.hpp"
#include "kernels/tpu/block_spec.hpp"
#include "kernels/tpu/launch_spec.hpp"

namespace tilewalk::splash {

struct RowIndexMaps {
  bool is_mqa = false;
  int64_t q_heads_per_kv_head = 1;

  tpu::IndexMap q(QKVLayout layout) const;   // (h, i, 0)
  tpu::IndexMap out() const;                 // (h, i, 0): o, do, dq, logsumexp with lanes
  tpu::IndexMap kv(QKVLayout layout) const;  // (kv head of h, data_next, 0); MQA: (data_next, 0)
  tpu::IndexMap mask() const;                // (mask_next, 0, 0)
  tpu::IndexMap q_segment_ids() const;       // (i, 0): q ids or q_sequence repeated along lanes
  tpu::IndexMap kv_segment_ids() const;      // (0, data_next): kv ids repeated along sublanes

  // Appends q ([heads, q_seq, head_dim]), k and v ([kv heads, kv_seq, head_dim], MQA without the head axis)
  // as inputs 0 to 2, each in its layout, in blocks of bq queries and bkv keys.
  void AddQkv(tpu::LaunchSpec& spec, const tpu::Array* q, const tpu::Array* k, const tpu::Array* v,
              QKVLayout q_layout, QKVLayout k_layout, QKVLayout v_layout, int bq, int bkv,
              SeqMinorCopies& copies) const;
};

}  // namespace tilewalk::splash
