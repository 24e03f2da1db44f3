#include "kernels/flash/scenario.hpp"

#include <algorithm>
#include <cassert>
#include <limits>
#include <random>
#include <utility>

namespace tilewalk::flash {

AttentionConfig Scenario::Config() const {
  return AttentionConfig{.causal = causal,
                         .sm_scale = sm_scale,
                         .block_sizes = block_sizes,
                         .naive_index_maps = naive_index_maps,
                         .what_if = what_if};
}

tpu::Chip Scenario::ChipPreset() const {
  tpu::Chip preset = tpu::ChipByName(chip).value_or(tpu::DefaultChip());
  preset.vmem_limit_bytes = vmem_limit_bytes;
  return preset;
}

double EstimateHostBytes(const Scenario& s) {
  // In double: at the flags' limits the products overflow 64-bit integers, and the check must not wrap.
  const double bh = static_cast<double>(s.batch) * s.heads;
  const double q = bh * s.q_len * s.head_dim, kv = bh * s.kv_len * s.head_dim;
  const double scores = static_cast<double>(s.q_len) * s.kv_len;  // one (batch, head) slice
  double floats = 0;
  floats += 4 * q + 4 * kv;               // q, o, do, dq and the reference's copies; k, v, dk, dv
  floats += 2 * q + 2 * kv;               // reference outputs
  floats += 6 * scores;                   // the reference's dense logits, p, dp, ds for one slice
  floats += 3 * bh * s.q_len * 128 * 2;   // l, m, di broadcast to lanes
  if (s.bias) floats += 4 * bh * scores;  // ab, ds and their reference copies
  return floats * 4;
}

std::string_view PoisonName(Poison p) {
  switch (p) {
    case Poison::None:
      return "none";
    case Poison::NaN:
      return "nan";
    case Poison::Inf:
      return "inf";
  }
  return "?";
}

base::Status CheckRunnable(const Scenario& s) {
  using base::Fail;
  using base::Reason;
  const std::pair<const char*, int> sizes[] = {{"--batch", s.batch},
                                               {"--heads", s.heads},
                                               {"--q-len", s.q_len},
                                               {"--kv-len", s.kv_len},
                                               {"--head-dim", s.head_dim}};
  for (const auto& [name, value] : sizes)
    if (value < 1)
      return Fail(Reason::Usage, std::string(name) + " must be at least 1, got " + std::to_string(value));
  if (s.segments < 0) return Fail(Reason::Usage, "--segments must be 0 (none) or a positive count");
  if (!tpu::ChipByName(s.chip))
    return Fail(Reason::Usage, "--chip must be one of v4, v5e, v5p, v6e; got '" + s.chip + "'");
  const double bytes = EstimateHostBytes(s);
  if (bytes > static_cast<double>(kMaxHostBytes))
    return Fail(Reason::TooLarge,
                "this scenario needs about " + std::to_string(static_cast<long long>(bytes / 1048576)) +
                    " MiB of host memory, more than the " + std::to_string(kMaxHostBytes >> 20) +
                    " MiB tilewalk allows; reduce --batch, --heads, --q-len, --kv-len or drop --bias");
  return {};
}

namespace {

tpu::Array Normal(tpu::Shape shape, tpu::DType dtype, std::mt19937_64& rng, float scale) {
  tpu::Array a(shape, dtype);
  std::normal_distribution<float> normal(0.0f, scale);
  for (int64_t i = 0; i < a.size(); ++i) a.SetFloat(i, normal(rng));
  return a;
}

// Ids 0..runs-1 in contiguous runs of near-equal length: token t of n belongs to run t·runs/n.
tpu::Array SegmentRuns(int batch, int len, int runs) {
  tpu::Array ids(tpu::Shape{batch, len}, tpu::DType::I32);
  for (int b = 0; b < batch; ++b)
    for (int t = 0; t < len; ++t)
      ids.Data<int32_t>()[b * len + t] = static_cast<int32_t>(static_cast<int64_t>(t) * runs / len);
  return ids;
}

}  // namespace

ScenarioInputs MakeInputs(const Scenario& s) {
  assert(CheckRunnable(s).ok() && "MakeInputs needs a scenario that passed CheckRunnable");
  std::mt19937_64 rng(s.seed);
  ScenarioInputs out;
  AttentionInputs& in = out.inputs;
  in.q = Normal(tpu::Shape{s.batch, s.heads, s.q_len, s.head_dim}, s.dtype, rng, 1.0f);
  in.k = Normal(tpu::Shape{s.batch, s.heads, s.kv_len, s.head_dim}, s.dtype, rng, 1.0f);
  in.v = Normal(tpu::Shape{s.batch, s.heads, s.kv_len, s.head_dim}, s.dtype, rng, 1.0f);
  if (s.bias) in.ab = Normal(tpu::Shape{s.batch, s.heads, s.q_len, s.kv_len}, s.dtype, rng, 0.5f);
  if (s.segments > 0) {
    in.q_segment_ids = SegmentRuns(s.batch, s.q_len, std::min(s.segments, s.q_len));
    in.kv_segment_ids = SegmentRuns(s.batch, s.kv_len, std::min(s.segments, s.kv_len));
  }
  out.d_o = Normal(tpu::Shape{s.batch, s.heads, s.q_len, s.head_dim}, s.dtype, rng, 1.0f);
  if (s.poison == Poison::NaN) in.q.SetFloat(0, std::numeric_limits<float>::quiet_NaN());
  if (s.poison == Poison::Inf) in.q.SetFloat(0, std::numeric_limits<float>::infinity());
  return out;
}

}  // namespace tilewalk::flash
