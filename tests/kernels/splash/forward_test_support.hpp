// Helpers for the splash forward launch tests: a scenario in a few fields, its inputs made from seeded
// normals, the launch run on the TPU model, and the float64 reference of the same problem.
#pragma once

#include <doctest/doctest.h>

#include <cmath>
#include <memory>
#include <optional>
#include <vector>

#include "kernels/splash/forward_launch.hpp"
#include "kernels/splash/lane_broadcast.hpp"
#include "kernels/splash/make_splash.hpp"
#include "kernels/splash/mask_kinds.hpp"
#include "kernels/splash/reference.hpp"
#include "kernels/tpu/launch.hpp"
#include "tests/kernels/splash/launch_test_support.hpp"
#include "tests/kernels/splash/reference_test_support.hpp"

namespace tilewalk::splash::testing {

struct ForwardScenario {
  Mask mask;  // 3-d: (num_q_heads, q_len, kv_len)
  int64_t num_kv_heads = 1;
  bool is_mqa = false;
  int64_t head_dim = 128, head_dim_v = 128;
  BlockSizes block_sizes = BlockSizes{.block_q = 128, .block_kv = 128};
  tpu::DType dtype = tpu::DType::F32;
  bool segment_ids = false;  // q ids change at q_len / 3, kv ids at kv_len / 2
  std::optional<float> soft_cap{};
  uint64_t seed = 1;
  // The launch's precision, set here rather than in RunForward's options: Highest keeps float32 matmuls
  // exact enough for kF32Tolerance; Default has the MXU round float32 operands to bfloat16.
  tpu::Precision precision = tpu::Precision::Highest;
};

struct ForwardRun {
  tpu::Array q, k, v, q_ids, kv_ids;
  MaskInfo info;
  std::unique_ptr<SplashForwardLaunch> launch;
  tpu::LaunchResult result;
};

inline tpu::Array SeededArray(tpu::Shape shape, tpu::DType dtype, uint64_t seed, float stddev) {
  tpu::Array a(shape, dtype);
  flash::SeededNormals(seed).Fill(a, stddev);
  return a;
}

// Ids of two segments: 3 before `change_at`, 7 from there on.
inline tpu::Array SegmentIds(int64_t len, int64_t change_at) {
  std::vector<int32_t> ids(static_cast<std::size_t>(len));
  for (int64_t i = 0; i < len; ++i) ids[static_cast<std::size_t>(i)] = i < change_at ? 3 : 7;
  return Int32Sequence(ids);
}

// `options`: how to run the launch, but for its precision, which is the scenario's.
inline std::unique_ptr<ForwardRun> RunForward(const ForwardScenario& s, tpu::LaunchOptions options = {}) {
  auto run = std::make_unique<ForwardRun>();
  const tpu::Shape& ms = s.mask.shape();
  const int64_t heads = ms[0], q_len = ms[1], kv_len = ms[2];
  run->q = SeededArray({heads, q_len, s.head_dim}, s.dtype, s.seed, 0.3f);
  const tpu::Shape k_shape =
      s.is_mqa ? tpu::Shape{kv_len, s.head_dim} : tpu::Shape{s.num_kv_heads, kv_len, s.head_dim};
  const tpu::Shape v_shape =
      s.is_mqa ? tpu::Shape{kv_len, s.head_dim_v} : tpu::Shape{s.num_kv_heads, kv_len, s.head_dim_v};
  run->k = SeededArray(k_shape, s.dtype, s.seed + 1, 0.3f);
  run->v = SeededArray(v_shape, s.dtype, s.seed + 2, 1.0f);
  SplashForwardInputs in{.q = &run->q, .k = &run->k, .v = &run->v};
  if (s.segment_ids) {
    run->q_ids = SegmentIds(q_len, q_len / 3);
    run->kv_ids = SegmentIds(kv_len, kv_len / 2);
    in.q_segment_ids = &run->q_ids;
    in.kv_segment_ids = &run->kv_ids;
  }
  run->info = MakeSplashMaskInfos(s.mask, {.block_sizes = MakeBlockSizes(s.block_sizes)}).fwd;
  run->launch = BuildSplashForwardLaunch(run->info, in,
                                         {.block_sizes = MakeBlockSizes(s.block_sizes),
                                          .is_mqa = s.is_mqa,
                                          .save_residuals = true,
                                          .attn_logits_soft_cap = s.soft_cap});
  options.precision = s.precision;
  run->result = tpu::RunLaunch(run->launch->spec, options);
  return run;
}

inline std::vector<double> Doubles(const tpu::Array& a) {
  std::vector<double> out(static_cast<std::size_t>(a.size()));
  for (int64_t i = 0; i < a.size(); ++i) out[static_cast<std::size_t>(i)] = a.GetFloat(i);
  return out;
}

// The float64 reference of the run's problem, with the blocks the forward launch runs.
inline SplashReferenceForward ReferenceOf(const ForwardScenario& s, const ForwardRun& run) {
  const tpu::Shape& ms = s.mask.shape();
  const std::vector<double> q = Doubles(run.q), k = Doubles(run.k), v = Doubles(run.v);
  std::vector<int32_t> q_ids, kv_ids;
  if (s.segment_ids) {
    q_ids.assign(run.q_ids.Data<int32_t>(), run.q_ids.Data<int32_t>() + run.q_ids.size());
    kv_ids.assign(run.kv_ids.Data<int32_t>(), run.kv_ids.Data<int32_t>() + run.kv_ids.size());
  }
  SplashReferenceProblem p{.num_q_heads = ms[0],
                           .num_kv_heads = s.is_mqa ? 1 : s.num_kv_heads,
                           .q_len = ms[1],
                           .kv_len = ms[2],
                           .head_dim = s.head_dim,
                           .head_dim_v = s.head_dim_v,
                           .q = q,
                           .k = k,
                           .v = v,
                           .q_segment_ids = q_ids,
                           .kv_segment_ids = kv_ids,
                           .mask_value = static_cast<float>(kDefaultMaskValue)};
  if (s.soft_cap) p.attn_logits_soft_cap = *s.soft_cap;
  p.blocks.fwd = {s.block_sizes.block_q, s.block_sizes.block_kv};
  return SplashReference(s.mask, p);
}

// Equal within tol (absolute plus relative), NaN matching NaN and infinities matching themselves.
inline bool Near(double got, double want, double tol) {
  if (std::isnan(want)) return std::isnan(got);
  if (std::isinf(want)) return got == want;
  return std::abs(got - want) <= tol * (1.0 + std::abs(want));
}

// Output and logsumexp against the reference; returns the number of elements outside tol.
inline int64_t CountMismatches(const ForwardScenario& s, const ForwardRun& run, double tol) {
  const SplashReferenceForward want = ReferenceOf(s, run);
  int64_t bad = 0;
  for (int64_t i = 0; i < run.launch->out.size(); ++i)
    bad += !Near(run.launch->out.GetFloat(i), want.out[static_cast<std::size_t>(i)], tol);
  const tpu::Array lse = run.launch->Logsumexp();
  for (int64_t i = 0; i < lse.size(); ++i)
    bad += !Near(lse.GetFloat(i), want.logsumexp[static_cast<std::size_t>(i)], tol);
  return bad;
}

inline constexpr double kF32Tolerance = 2e-5;  // float32 at Precision::Highest against the float64 reference

inline void CheckAgainstReference(const ForwardScenario& s, double tol = kF32Tolerance) {
  const auto run = RunForward(s);
  REQUIRE_FALSE(run->result.error);
  CHECK(CountMismatches(s, *run, tol) == 0);
}

inline Mask Causal(int64_t heads, int64_t q_len, int64_t kv_len, int64_t offset = 0) {
  return SameForEveryHead(heads, CausalMask({q_len, kv_len}, offset));
}

// A dense mask with a pattern no computable mask has: pair (q, kv) attends when (q / 3 + kv / 5) % 4 != 0,
// with block (0, 1) cleared and block (1, 0) filled so that MaskInfo meets every block class.
inline Mask Scattered(int64_t q_len, int64_t kv_len) {
  std::vector<uint8_t> values;
  for (int64_t q = 0; q < q_len; ++q)
    for (int64_t kv = 0; kv < kv_len; ++kv) {
      const int64_t qb = q / 128, kb = kv / 128;
      const bool empty_block = qb == 0 && kb == 1, full_block = qb == 1 && kb == 0;
      values.push_back(!empty_block && (full_block || (q / 3 + kv / 5) % 4 != 0) ? 1 : 0);
    }
  return NumpyMask(BoolArray({q_len, kv_len}, values));
}

}  // namespace tilewalk::splash::testing
