#include "kernels/flash/scenario.hpp"

#include <algorithm>
#include <cassert>
#include <limits>
#include <utility>

#include "base/byte_size.hpp"
#include "base/terminal_text.hpp"
#include "kernels/flash/constants.hpp"
#include "kernels/flash/seeded_normals.hpp"

namespace tilewalk::flash {
AttentionConfig Scenario::Config() const {
  return AttentionConfig{.causal = causal,
                         .sm_scale = sm_scale,
                         .block_sizes = block_sizes,
                         .naive_index_maps = naive_index_maps,
                         .what_if = what_if};
}

int Scenario::SegmentCount() const {
  return segments > 0 ? std::min({segments, q_len, kv_len}) : 0;
}

tpu::Chip Scenario::ChipPreset() const {
  tpu::Chip preset = tpu::ChipByName(chip).value_or(tpu::DefaultChip());
  preset.vmem_limit_bytes = vmem_limit_bytes;
  return preset;
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

base::Status CheckScenario(const Scenario& s) {
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
  if (s.window < 0 || s.window > s.kv_len)
    return Fail(Reason::Usage, "--window must be from 0 (none) to kv_len (" + std::to_string(s.kv_len) +
                                   "), got " + std::to_string(s.window));
  if (!tpu::ChipByName(s.chip))
    return Fail(Reason::Usage,
                "--chip must be one of v4, v5e, v5p, v6e; got '" + base::CutText(s.chip) + "'");
  return {};
}

namespace {

tpu::Array Normal(tpu::Shape shape, tpu::DType dtype, SeededNormals& normals, float scale) {
  tpu::Array a(shape, dtype);
  normals.Fill(a, scale);
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

// The window in the bias: row i keeps its values at keys i − window through i, every other key gets the
// mask value, so that softmax gives those keys no weight.
void MaskOutsideWindow(tpu::Array& ab, int window) {
  const tpu::Shape& shape = ab.shape();  // [batch, heads, q_len, kv_len]
  const int64_t slices = shape[0] * shape[1], rows = shape[2], cols = shape[3];
  for (int64_t slice = 0; slice < slices; ++slice)
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < cols; ++j)
        if (j < i - window || j > i) ab.SetFloat((slice * rows + i) * cols + j, kMaskValue);
}

}  // namespace

ScenarioInputs MakeInputs(const Scenario& s) {
  assert(CheckRunnable(s).ok() && "MakeInputs needs a scenario that passed CheckRunnable");
  SeededNormals normals(s.seed);
  ScenarioInputs out;
  AttentionInputs& in = out.inputs;
  in.q = Normal(tpu::Shape{s.batch, s.heads, s.q_len, s.head_dim}, s.dtype, normals, 1.0f);
  in.k = Normal(tpu::Shape{s.batch, s.KvHeads(), s.kv_len, s.head_dim}, s.dtype, normals, 1.0f);
  in.v = Normal(tpu::Shape{s.batch, s.KvHeads(), s.kv_len, s.head_dim}, s.dtype, normals, 1.0f);
  const tpu::Shape scores{s.batch, s.heads, s.q_len, s.kv_len};
  if (s.bias) in.ab = Normal(scores, s.dtype, normals, 0.5f);
  if (s.window > 0) {
    if (!in.ab) in.ab = tpu::Array(scores, s.dtype);
    MaskOutsideWindow(*in.ab, s.window);
  }
  if (s.segments > 0) {
    in.q_segment_ids = SegmentRuns(s.batch, s.q_len, s.SegmentCount());
    in.kv_segment_ids = SegmentRuns(s.batch, s.kv_len, s.SegmentCount());
  }
  out.d_o = Normal(tpu::Shape{s.batch, s.heads, s.q_len, s.head_dim}, s.dtype, normals, 1.0f);
  if (s.poison == Poison::NaN) in.q.SetFloat(0, std::numeric_limits<float>::quiet_NaN());
  if (s.poison == Poison::Inf) in.q.SetFloat(0, std::numeric_limits<float>::infinity());
  return out;
}

}  // namespace tilewalk::flash
