// The two backward launches, as _flash_attention_bwd_dkv and _flash_attention_bwd_dq build them:
// block checks, l/m (and di) broadcast to lanes outside the kernel, the grids with opposite loop orders,
// the causal redirects (q-side maps to q block 0 in dK/dV; kv-side maps to kv block 0 in dQ), scratch,
// and outputs (dk, dv; dq and, with a bias, ds).
#pragma once

#include <memory>
#include <optional>

#include "kernels/flash/attention_inputs.hpp"
#include "kernels/flash/di_lanes.hpp"
#include "kernels/tpu/launch_spec.hpp"

namespace tilewalk::flash {

// What the backward pass reads besides the inputs: the residuals and the incoming gradient. The original
// takes l and m from the forward pass, keeps lane 0, and broadcasts them to 128 lanes again outside both
// backward kernels. The forward kernel wrote every lane of a row alike, so that broadcast gives back the
// forward pass's own lane arrays, element for element: both backward launches read those in place.
struct BackwardResiduals {
  const tpu::Array* l_lanes = nullptr;  // [B, H, Sq, 128], every lane the row's l
  const tpu::Array* m_lanes = nullptr;  // [B, H, Sq, 128], every lane the row's m
  const tpu::Array* d_o = nullptr;      // like q
  DiLanes* di_lanes = nullptr;  // di = Σ o·do over head_dim, computed once outside both kernels, in lanes
};

struct BackwardLaunch {
  std::optional<tpu::Array> q_segment_lanes, kv_segment_sublanes;
  tpu::Array grad_a, grad_b;  // dK/dV: dk, dv. dQ: dq, ds (ds only with a bias)
  tpu::LaunchSpec spec;       // points into this struct: keep it where it is
};

// `res` gives the residuals: the launch reads di's lanes, filled by DiLanes::Refresh before it runs, and
// l's and m's as it runs.
std::unique_ptr<BackwardLaunch> BuildDkvLaunch(const AttentionInputs& in, const AttentionConfig& config,
                                               const BackwardResiduals& res);
std::unique_ptr<BackwardLaunch> BuildDqLaunch(const AttentionInputs& in, const AttentionConfig& config,
                                              const BackwardResiduals& res);

// di = Σ over head_dim of o·do, in float32: [B, H, Sq].
tpu::Array ComputeDi(const tpu::Array& o, const tpu::Array& d_o);

}  // namespace tilewalk::flash
