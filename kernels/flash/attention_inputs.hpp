// The arguments of flash_attention: q, k, v, the optional bias (ab) and segment ids, and the static
// configuration (causal, sm_scale, block sizes), plus tilewalk's what-if switches: naive index maps, and one
// "fix the file" change (what_if.hpp).
// CheckEntry performs the public entry's shape checks, with the original's exception types.
#pragma once

#include <optional>

#include "kernels/flash/block_sizes.hpp"
#include "kernels/flash/what_if.hpp"
#include "kernels/tpu/array.hpp"

namespace tilewalk::flash {

struct AttentionInputs {
  tpu::Array q, k, v;                        // [batch, heads, seq, head_dim]
  std::optional<tpu::Array> ab;              // [batch, heads, q_seq_len, kv_seq_len]
  std::optional<tpu::Array> q_segment_ids;   // int32 [batch, q_seq_len]
  std::optional<tpu::Array> kv_segment_ids;  // int32 [batch, kv_seq_len]
};

struct AttentionConfig {
  bool causal = false;
  float sm_scale = 1.0f;
  BlockSizes block_sizes = BlockSizes::GetDefault();
  bool naive_index_maps = false;  // what-if: every causal redirect replaced by the plain map
  WhatIf what_if = WhatIf::None;  // what-if: one named change to the mirror
};

// flash_attention's checks: batch, heads and d_model mismatches and bias/segment shapes raise ValueError;
// a v head_dim unlike q's raises NotImplementedError. Phase: argument check.
void CheckEntry(const AttentionInputs& in);

}  // namespace tilewalk::flash
