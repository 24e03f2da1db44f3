// The forward launch, as _flash_attention_impl builds it: block checks, the grid
// (ceil(B/block_b), H, ceil(Sq/block_q), Skv/block_k_major), every index map (with the causal redirect
// of k, v and kv segment ids to kv block 0, and the bias map's redirect to the next q row), scratch only
// when tiling, segment ids broadcast to 128 lanes and 8 sublanes, and l/m as 128-lane outputs.
#pragma once

#include <memory>
#include <optional>

#include "kernels/flash/attention_inputs.hpp"
#include "kernels/tpu/launch_spec.hpp"

namespace tilewalk::flash {

struct ForwardLaunch {
  std::optional<tpu::Array> q_segment_lanes;      // int32 [B, Sq, 128]
  std::optional<tpu::Array> kv_segment_sublanes;  // int32 [B, 8, Skv]
  tpu::Array o;                                   // like q
  std::optional<tpu::Array> l_lanes, m_lanes;     // f32 [B, H, Sq, 128], when residuals are saved
  tpu::LaunchSpec spec;                           // points into this struct: keep it where it is

  // The residuals as the wrapper keeps them: lane 0 of each, [B, H, Sq].
  tpu::Array L() const;
  tpu::Array M() const;
};

// Raises ValueError for a block that breaks _verify_block (phase: argument check).
std::unique_ptr<ForwardLaunch> BuildForwardLaunch(const AttentionInputs& in, const AttentionConfig& config,
                                                  bool save_residuals);

// Lane 0 of a [B, H, S, lanes] array: [B, H, S].
tpu::Array LaneZero(const tpu::Array& lanes);

}  // namespace tilewalk::flash
