// The masking step shared by the three splash kernel bodies (forward, dq, dkv), as the pinned kernel's
// _apply_mask_and_soft_cap does it on a tile of logits: it gathers the masks that apply (the loaded partial
// mask block, unless the step may skip it; the mask computed from q_sequence and the mask function; the
// segment-id equality), soft-caps the logits, and puts mask_value where the combined mask is false.
//
// Layout: the forward and dq bodies hold the logits as (block_q, kv slice), keys in lanes; the dkv body
// holds them transposed, (kv slice, block_q), and passes k_in_lanes = false. The refs then have the dkv
// launch's shapes: the mask block (kv, q), q_sequence (8, block_q), q segment ids (8, block_q) and kv
// segment ids (block_kv, 128).
//
// Errors, while tracing, at their sites: NotImplementedError when segment ids meet a kv slice (a q block,
// transposed) that is not a multiple of 128 lanes ("splash.apply_mask.kv_lane_rule",
// "splash.apply_mask.q_lane_rule").
#pragma once

#include <optional>

#include "kernels/splash/mask.hpp"
#include "kernels/tpu/kernel.hpp"
#include "kernels/tpu/value.hpp"

namespace tilewalk::splash {

// The refs the masking reads; each is null when the launch does not pass it. Refs may keep a leading
// block dimension of size 1 (the original's None), which is read at index 0.
struct MaskRefs {
  tpu::Ref* mask_ref = nullptr;            // the step's partial mask block (bool)
  tpu::Ref* q_sequence_ref = nullptr;      // with a computed mask: the q ids, broadcast to 128 lanes
  tpu::Ref* q_segment_ids_ref = nullptr;   // with segment ids
  tpu::Ref* kv_segment_ids_ref = nullptr;  // with segment ids
};

struct MaskStatics {
  float mask_value = 0.0f;
  std::optional<float> attn_logits_soft_cap{};
  int bq = 128;                         // block_q of the launch
  bool k_in_lanes = true;               // false in the dkv body, whose logits are transposed
  std::optional<Mask> mask_function{};  // with q_sequence_ref: the mask whose MaskFunction is computed
};

// qk: the logits tile, (bq, k_slice.size) or, transposed, (k_slice.size, bq). k_slice: the kv columns
// of the loaded blocks this tile covers. k_offset: the absolute kv index of its first column, which the
// computed mask needs (data_next's, not the grid's, once the grid is shrunk).
tpu::Value apply_mask_and_soft_cap(tpu::Kernel& k, const tpu::Value& qk, bool should_not_mask,
                                   const MaskRefs& r, tpu::Slice k_slice, int k_offset, const MaskStatics& c);

}  // namespace tilewalk::splash
