#include "kernels/flash/scenario.hpp"

#include <algorithm>
#include <limits>
#include <random>
#include <stdexcept>

namespace tilewalk::flash {

AttentionConfig Scenario::Config() const {
  return AttentionConfig{.causal = causal,
                         .sm_scale = sm_scale,
                         .block_sizes = block_sizes,
                         .naive_index_maps = naive_index_maps,
                         .what_if = what_if};
}

tpu::Chip Scenario::ChipPreset() const {
  return tpu::ChipByName(chip).value_or(tpu::DefaultChip());
}

std::vector<std::pair<std::string, std::string>> ScenarioSettings(const Scenario& s) {
  auto yes = [](bool b) { return std::string(b ? "true" : "false"); };
  auto opt = [](const std::optional<int>& v) { return v ? std::to_string(*v) : std::string("unset"); };
  std::string scale = std::to_string(s.sm_scale);
  scale.erase(scale.find_last_not_of('0') + 1);
  if (!scale.empty() && scale.back() == '.') scale.pop_back();
  const BlockSizes& b = s.block_sizes;
  return {{"batch", std::to_string(s.batch)},
          {"heads", std::to_string(s.heads)},
          {"q_len", std::to_string(s.q_len)},
          {"kv_len", std::to_string(s.kv_len)},
          {"head_dim", std::to_string(s.head_dim)},
          {"causal", yes(s.causal)},
          {"bias", yes(s.bias)},
          {"segments", std::to_string(s.segments)},
          {"sm_scale", scale},
          {"dtype", std::string(tpu::DTypeName(s.dtype))},
          {"precision", tpu::PrecisionName(s.precision)},
          {"chip", s.chip},
          {"seed", std::to_string(s.seed)},
          {"naive_index_maps", yes(s.naive_index_maps)},
          {"what_if", std::string(WhatIfName(s.what_if))},
          {"forward_only", yes(s.forward_only)},
          {"poison", std::string(PoisonName(s.poison))},
          {"block_q", std::to_string(b.block_q)},
          {"block_k_major", std::to_string(b.block_k_major)},
          {"block_k", std::to_string(b.block_k)},
          {"block_b", std::to_string(b.block_b)},
          {"block_q_major_dkv", opt(b.block_q_major_dkv)},
          {"block_k_major_dkv", opt(b.block_k_major_dkv)},
          {"block_k_dkv", opt(b.block_k_dkv)},
          {"block_q_dkv", opt(b.block_q_dkv)},
          {"block_k_major_dq", opt(b.block_k_major_dq)},
          {"block_k_dq", opt(b.block_k_dq)},
          {"block_q_dq", opt(b.block_q_dq)}};
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

void CheckRunnable(const Scenario& s) {
  auto positive = [](const char* name, int v) {
    if (v < 1)
      throw std::invalid_argument(std::string(name) + " must be at least 1, got " + std::to_string(v));
  };
  positive("--batch", s.batch);
  positive("--heads", s.heads);
  positive("--q-len", s.q_len);
  positive("--kv-len", s.kv_len);
  positive("--head-dim", s.head_dim);
  if (s.segments < 0) throw std::invalid_argument("--segments must be 0 (none) or a positive count");
  if (!tpu::ChipByName(s.chip))
    throw std::invalid_argument("--chip must be one of v4, v5e, v5p, v6e; got '" + s.chip + "'");
  const double bytes = EstimateHostBytes(s);
  if (bytes > static_cast<double>(kMaxHostBytes))
    throw std::invalid_argument(
        "this scenario needs about " + std::to_string(static_cast<long long>(bytes / 1048576)) +
        " MiB of host memory, more than the " + std::to_string(kMaxHostBytes >> 20) +
        " MiB tilewalk allows; reduce --batch, --heads, --q-len, --kv-len or drop --bias");
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
  CheckRunnable(s);
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
