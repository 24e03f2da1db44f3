#include "kernels/splash/entry/splash_scenario.hpp"

#include <algorithm>
#include <random>
#include <utility>

#include "base/terminal_text.hpp"
#include "kernels/splash/entry/mask_file.hpp"
#include "kernels/splash/mask_kinds.hpp"

namespace tilewalk::splash {

int SplashScenario::SegmentCount() const {
  return segments > 0 ? std::min({segments, q_len, kv_len}) : 0;
}

tpu::Chip SplashScenario::ChipPreset() const {
  tpu::Chip preset = tpu::ChipByName(chip).value_or(tpu::DefaultChip());
  preset.vmem_limit_bytes = vmem_limit_bytes;
  return preset;
}

BlockSizes SplashScenario::BlockSizeFields() const {
  constexpr int64_t kDefaultDqBlock = 128;  // BlockSizes.get_default()'s
  return {.block_q = block_q,
          .block_kv = block_kv,
          .block_kv_compute = block_kv_compute,
          .block_q_dkv = block_q_dkv,
          .block_kv_dkv = block_kv_dkv,
          .block_kv_dkv_compute = block_kv_dkv_compute,
          .block_q_dq = fused_bwd ? block_q_dq : block_q_dq.value_or(kDefaultDqBlock),
          .block_kv_dq = fused_bwd ? block_kv_dq : block_kv_dq.value_or(kDefaultDqBlock),
          .use_fused_bwd_kernel = fused_bwd};
}

base::Status CheckScenario(const SplashScenario& s) {
  using base::Fail;
  using base::Reason;
  const std::pair<const char*, int> sizes[] = {
      {"--heads", s.heads}, {"--q-len", s.q_len}, {"--kv-len", s.kv_len}, {"--head-dim", s.head_dim}};
  for (const auto& [name, value] : sizes)
    if (value < 1)
      return Fail(Reason::Usage, std::string(name) + " must be at least 1, got " + std::to_string(value));
  if (s.kv_heads < 0) return Fail(Reason::Usage, "--kv-heads must be 0 (as many as --heads) or more");
  if (s.segments < 0) return Fail(Reason::Usage, "--segments must be 0 (none) or a positive count");
  if (!tpu::ChipByName(s.chip))
    return Fail(Reason::Usage,
                "--chip must be one of v4, v5e, v5p, v6e; got '" + base::CutText(s.chip) + "'");
  if (s.mask == MaskChoice::Local) {
    if (s.window < 1)
      return Fail(Reason::Usage, "--window must be at least 1 key for --mask local, got " +
                                     std::to_string(s.window) + " (a row that sees no key before it)");
    for (const auto& [flag, value] : {std::pair{"--window", s.window}, {"--window-right", s.window_right}})
      if (value > s.kv_len)
        return Fail(Reason::Usage, std::string(flag) + " " + std::to_string(value) +
                                       " is longer than the keys (--kv-len " + std::to_string(s.kv_len) +
                                       "): use at most " + std::to_string(s.kv_len) +
                                       ", or --mask causal or full for no limit");
  }
  if (s.mask == MaskChoice::Array) {
    if (s.mask_file.empty())
      return Fail(Reason::Usage, "--mask array needs --mask-file FILE: " + std::to_string(s.q_len) +
                                     " lines of " + std::to_string(s.kv_len) + " characters 0 or 1");
    if (auto read = ReadMaskFile(s.mask_file, s.q_len, s.kv_len); !read) return read.error();
  } else if (!s.mask_file.empty()) {
    return Fail(Reason::Usage, "--mask-file is the array mask's: add --mask array, or drop --mask-file");
  }
  return {};
}

namespace {

Mask TwoDimensionalMask(const SplashScenario& s, const std::vector<uint8_t>& array) {
  const SeqShape shape{.q = s.q_len, .kv = s.kv_len};
  switch (s.mask) {
    case MaskChoice::Full:
      return FullMask(shape);
    case MaskChoice::Causal:
      return CausalMask(shape);
    case MaskChoice::Local:
      return LocalMask(shape, {.left = s.window, .right = s.window_right}, 0);
    case MaskChoice::Array:
      break;
  }
  return NumpyMask(BoolArray(tpu::Shape{s.q_len, s.kv_len}, array));
}

tpu::Array Normal(tpu::Shape shape, tpu::DType dtype, std::mt19937_64& engine) {
  tpu::Array a(std::move(shape), dtype);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  for (int64_t i = 0; i < a.size(); ++i) a.SetFloat(i, normal(engine));
  return a;
}

// Ids 0..runs-1 in contiguous runs of near-equal length: token t of n belongs to run t·runs/n.
tpu::Array SegmentRuns(int len, int runs) {
  tpu::Array ids(tpu::Shape{len}, tpu::DType::I32);
  for (int t = 0; t < len; ++t)
    ids.Data<int32_t>()[t] = static_cast<int32_t>(static_cast<int64_t>(t) * runs / len);
  return ids;
}

}  // namespace

base::Result<std::vector<uint8_t>> ReadScenarioArray(const SplashScenario& s) {
  if (s.mask != MaskChoice::Array) return std::vector<uint8_t>{};
  return ReadMaskFile(s.mask_file, s.q_len, s.kv_len);
}

Mask MakeScenarioMask(const SplashScenario& s, const std::vector<uint8_t>& array) {
  return MultiHeadMask(std::vector<Mask>(static_cast<std::size_t>(s.heads), TwoDimensionalMask(s, array)));
}

SplashInputs MakeSplashInputs(const SplashScenario& s) {
  std::mt19937_64 engine(s.seed);
  const tpu::Shape kv =
      s.IsMqa() ? tpu::Shape{s.kv_len, s.head_dim} : tpu::Shape{s.KvHeads(), s.kv_len, s.head_dim};
  SplashInputs in;
  in.q = Normal(tpu::Shape{s.heads, s.q_len, s.head_dim}, s.dtype, engine);
  in.k = Normal(kv, s.dtype, engine);
  in.v = Normal(kv, s.dtype, engine);
  in.d_o = Normal(tpu::Shape{s.heads, s.q_len, s.head_dim}, s.dtype, engine);
  if (s.segments > 0) {
    in.q_segment_ids = SegmentRuns(s.q_len, s.SegmentCount());
    in.kv_segment_ids = SegmentRuns(s.kv_len, s.SegmentCount());
  }
  return in;
}

}  // namespace tilewalk::splash
