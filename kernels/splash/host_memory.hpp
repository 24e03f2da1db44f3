// The host memory a splash training step takes (the forward launch, then the backward: dkv and dq, or dkv
// alone when fused), estimated once the kernel is made (its MaskInfo tables are what say how many grid
// steps run) and before any launch allocates: the inputs, the launches' arrays (outputs, residuals, the
// MaskInfo tables and partial mask blocks handed over as operands, logsumexp and di broadcast to sublanes,
// and, fused, the dq partials [kv blocks, heads, q_seq_len, head_dim] in float32, the largest part), the
// recorded events, and the dense reference when a check asks for it. The parts are the guard's
// (kernels/api/host_memory.hpp), as flash's are (kernels/flash/host_memory.hpp). Splash has no recording
// of its own (walkthrough::Recording is flash's), so `use.record` keeps each launch's events and no
// checkpoints. tests/bench/splash_step_bench.cpp measures the estimate against real peaks.
#pragma once

#include <cstdint>

#include "kernels/api/host_memory.hpp"
#include "kernels/splash/make_splash.hpp"
#include "kernels/tpu/dtype.hpp"

namespace tilewalk::splash {

using kernel::HostMemory;
using kernel::HostUse;

// The step's shapes, as SplashBackwardCall and SplashForwardInputs take them.
struct SplashStepShape {
  int64_t num_q_heads = 1, num_kv_heads = 1;  // MQA: one kv head
  int64_t q_len = 0, kv_len = 0, head_dim = 128, head_dim_v = 128;
  tpu::DType dtype = tpu::DType::F32;
  bool segment_ids = false;
  bool forward_only = false;
  bool reference = false;  // a check: the float64 dense reference's forward and backward after the run
};

// The grid steps a launch takes and runs (its block_mask's nonzero entries), over all q heads.
struct SplashLaunchSteps {
  double steps = 0, ran = 0;
};
SplashLaunchSteps CountLaunchSteps(const MaskInfo& info, int64_t num_q_heads);

// The events a step's launches record: per launch, a few per grid step (its begin and end, a copy per
// input, the index maps' table reads) and more per step that runs (the kernel's statements). Fitted to
// recordings at blocks of 128 (tests/bench/splash_step_bench.cpp).
double EstimateSplashEvents(const SplashStepShape& shape, const SplashMaskInfos& made);

HostMemory EstimateHostMemory(const SplashStepShape& shape, const SplashMaskInfos& made, const HostUse& use);

}  // namespace tilewalk::splash
