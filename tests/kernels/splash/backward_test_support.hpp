// Helpers for the splash backward tests: a scenario (mask, heads, lengths, dtype, segment ids, soft cap,
// block sizes) turned into inputs, the forward's residuals from the float64 reference (cast to the inputs'
// dtype, as a forward kernel would hand them over) or from the forward launch, the backward run on the TPU
// model, and the float64 reference's gradients from the same residuals.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "kernels/splash/backward.hpp"
#include "kernels/splash/forward_launch.hpp"
#include "kernels/splash/lane_broadcast.hpp"
#include "kernels/splash/make_splash.hpp"
#include "kernels/splash/reference.hpp"
#include "tests/kernels/splash/backward_blocks.hpp"
#include "tests/kernels/splash/launch_test_support.hpp"
#include "tests/kernels/splash/reference_test_support.hpp"

namespace tilewalk::splash::testing {

struct BackwardScenario {
  Mask mask;  // 3-d: one 2-d mask per q head
  int64_t num_q_heads = 2, num_kv_heads = 2;
  bool is_mqa = false;  // then num_kv_heads is 1 and k, v have no head axis
  int64_t q_len = 256, kv_len = 256, head_dim = 128, head_dim_v = 128;
  tpu::DType dtype = tpu::DType::F32;
  std::vector<int32_t> q_segment_ids{}, kv_segment_ids{};  // empty: none
  std::optional<float> soft_cap{};
  std::vector<double> sinks{};                         // [num_q_heads]; empty: none
  BlockSizes block_sizes = BlockSizes::get_default();  // as MakeBlockSizes leaves them
  tpu::Precision precision = tpu::Precision::Highest;
  bool record_events = false;
  tpu::Chip chip = tpu::DefaultChip();
  bool forward_on_model = false;  // the residuals from the forward launch instead of the reference
};

// Values rounded to `dtype` through an array of that dtype, and the array.
struct Rounded {
  tpu::Array array;
  std::vector<double> values;
};

inline Rounded RoundTo(const std::vector<double>& values, tpu::Shape shape, tpu::DType dtype) {
  Rounded r{tpu::Array(shape, dtype), {}};
  for (std::size_t n = 0; n < values.size(); ++n) r.array.SetFloat(static_cast<int64_t>(n), float(values[n]));
  for (std::size_t n = 0; n < values.size(); ++n)
    r.values.push_back(r.array.GetFloat(static_cast<int64_t>(n)));
  return r;
}

struct BackwardRun {
  SplashBackwardResult got;
  SplashReferenceGradients want;
};

inline BackwardRun RunBackwardScenario(const BackwardScenario& s, uint64_t seed = 7) {
  const int64_t kv_heads = s.is_mqa ? 1 : s.num_kv_heads;
  const tpu::DType t = s.dtype;
  const tpu::Shape q_shape{s.num_q_heads, s.q_len, s.head_dim};
  const tpu::Shape k_shape =
      s.is_mqa ? tpu::Shape{s.kv_len, s.head_dim} : tpu::Shape{kv_heads, s.kv_len, s.head_dim};
  const tpu::Shape v_shape =
      s.is_mqa ? tpu::Shape{s.kv_len, s.head_dim_v} : tpu::Shape{kv_heads, s.kv_len, s.head_dim_v};
  const tpu::Shape o_shape{s.num_q_heads, s.q_len, s.head_dim_v};
  // q comes scaled by the caller; 1/sqrt(head_dim) keeps the logits near 1.
  const float scale = 1.0f / std::sqrt(static_cast<float>(s.head_dim));
  const Rounded q = RoundTo(SeededDoubles(seed, q_shape.Product(), scale), q_shape, t);
  const Rounded k = RoundTo(SeededDoubles(seed + 1, k_shape.Product()), k_shape, t);
  const Rounded v = RoundTo(SeededDoubles(seed + 2, v_shape.Product()), v_shape, t);

  const BlockSizes& b = s.block_sizes;
  const Rounded sinks = RoundTo(s.sinks, tpu::Shape{static_cast<int64_t>(s.sinks.size())}, tpu::DType::F32);
  SplashReferenceProblem p{.num_q_heads = s.num_q_heads,
                           .num_kv_heads = kv_heads,
                           .q_len = s.q_len,
                           .kv_len = s.kv_len,
                           .head_dim = s.head_dim,
                           .head_dim_v = s.head_dim_v,
                           .q = q.values,
                           .k = k.values,
                           .v = v.values,
                           .q_segment_ids = s.q_segment_ids,
                           .kv_segment_ids = s.kv_segment_ids,
                           .sinks = sinks.values,
                           .attn_logits_soft_cap = s.soft_cap};
  // Unset backward sizes (a call the checks refuse) leave the reference running every pair.
  const SplashLaunchBlocks dkv_blocks{b.block_q_dkv.value_or(0), b.block_kv_dkv.value_or(0)};
  const SplashLaunchBlocks dq_blocks{b.block_q_dq.value_or(0), b.block_kv_dq.value_or(0)};
  p.blocks = {.fwd = {b.block_q, b.block_kv},
              .dq = b.use_fused_bwd_kernel ? dkv_blocks : dq_blocks,
              .dkv = dkv_blocks};
  const SplashReferenceForward forward = SplashReference(s.mask, p);

  const SplashMaskInfos made = MakeSplashMaskInfos(s.mask, {.block_sizes = b});
  const tpu::Array q_ids = Int32Sequence(s.q_segment_ids), kv_ids = Int32Sequence(s.kv_segment_ids);
  const bool segmented = !s.q_segment_ids.empty();

  // The residuals as the forward kernel hands them over: o in the inputs' dtype, logsumexp in float32. The
  // gradients wanted are the reference's from its own residuals; the kernels get either those or, from the
  // forward launch on the model, its own, so that the whole training step is checked.
  const tpu::Shape rows{s.num_q_heads, s.q_len};
  const Rounded o_want = RoundTo(forward.out, o_shape, t);
  const Rounded lse_want = RoundTo(forward.logsumexp, rows, tpu::DType::F32);
  const Rounded d_o = RoundTo(SeededDoubles(seed + 3, o_shape.Product()), o_shape, t);
  BackwardRun run;
  run.want = SplashReferenceBackward(s.mask, p, {o_want.values, lse_want.values, forward.masked}, d_o.values);

  tpu::Array o = o_want.array, lse = lse_want.array;
  if (s.forward_on_model) {
    const auto launch = BuildSplashForwardLaunch(
        made.fwd,
        {.q = &q.array,
         .k = &k.array,
         .v = &v.array,
         .q_segment_ids = segmented ? &q_ids : nullptr,
         .kv_segment_ids = segmented ? &kv_ids : nullptr},
        {.block_sizes = b, .is_mqa = s.is_mqa, .save_residuals = true, .attn_logits_soft_cap = s.soft_cap});
    const tpu::LaunchResult result = tpu::RunLaunch(launch->spec, {.precision = s.precision});
    REQUIRE_MESSAGE(!result.error, (result.error ? result.error->Describe() : std::string()));
    o = launch->out;
    lse = launch->Logsumexp();
  }
  const SplashBackwardCall call{.q = &q.array,
                                .k = &k.array,
                                .v = &v.array,
                                .q_segment_ids = segmented ? &q_ids : nullptr,
                                .kv_segment_ids = segmented ? &kv_ids : nullptr,
                                .o = &o,
                                .logsumexp = &lse,
                                .d_o = &d_o.array,
                                .sinks = s.sinks.empty() ? nullptr : &sinks.array,
                                .is_mqa = s.is_mqa,
                                .mask_value = float(kDefaultMaskValue),
                                .attn_logits_soft_cap = s.soft_cap};
  run.got = RunSplashBackward(call, made,
                              {.chip = s.chip, .precision = s.precision, .record_events = s.record_events});
  return run;
}

// |got - want| <= tolerance * max |want| over the whole array, element by element.
inline void CheckGradient(const char* name, const tpu::Array& got, const std::vector<double>& want,
                          double tolerance) {
  INFO(name);
  REQUIRE(got.size() == static_cast<int64_t>(want.size()));
  double largest = 0;
  for (double w : want) largest = std::max(largest, std::abs(w));
  REQUIRE(largest > 0);  // a gradient of zeros would prove nothing
  double worst = 0;
  int64_t worst_at = 0;
  for (int64_t n = 0; n < got.size(); ++n) {
    const double err = std::abs(double(got.GetFloat(n)) - want[static_cast<std::size_t>(n)]);
    if (!(err <= worst)) {  // NaN counts as the worst
      worst = std::isnan(err) ? INFINITY : err;
      worst_at = n;
    }
  }
  INFO("worst element " << worst_at << ": error " << worst << ", largest |want| " << largest);
  CHECK(worst <= tolerance * largest);
}

inline void CheckBackwardScenario(const BackwardScenario& s, double tolerance) {
  const BackwardRun run = RunBackwardScenario(s);
  REQUIRE_MESSAGE(!run.got.error, (run.got.error ? run.got.error->Describe() : std::string()));
  CheckGradient("dq", run.got.dq, run.want.dq, tolerance);
  CheckGradient("dk", run.got.dk, run.want.dk, tolerance);
  CheckGradient("dv", run.got.dv, run.want.dv, tolerance);
  REQUIRE(run.got.dsinks.has_value() == !s.sinks.empty());
  if (run.got.dsinks) CheckGradient("dsinks", *run.got.dsinks, run.want.dsinks, tolerance);
}

}  // namespace tilewalk::splash::testing
