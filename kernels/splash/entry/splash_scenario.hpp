// A splash scenario: everything that defines one run of the splash kernels (shapes, the mask, the block
// sizes, dtype, precision, chip, seed), the mask and block sizes it stands for, and its seeded inputs. Keys
// and flags shared with other kernels' scenarios (heads, kv_heads, q_len, kv_len, head_dim, segments,
// dtype, precision, chip, pad, vmem_limit_bytes, seed, forward_only) mean the same, and the inputs are
// drawn as flash draws its (one std::mt19937_64 of the seed, q, k, v, then do), so one scenario's words
// give the same q, k, v and do on both kernels.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.hpp"
#include "kernels/splash/block_sizes.hpp"
#include "kernels/splash/mask.hpp"
#include "kernels/tpu/array.hpp"
#include "kernels/tpu/chip.hpp"
#include "kernels/tpu/dma.hpp"
#include "kernels/tpu/op_context.hpp"

namespace tilewalk::splash {

enum class MaskChoice : uint8_t { Full, Causal, Local, Array };  // in the order of the --mask choices

struct SplashScenario {
  int heads = 1;
  int kv_heads = 0;  // 0: as many as q (MHA); 1: make_splash_mqa; another divisor of heads: grouped heads
  int q_len = 512;
  int kv_len = 512;
  int head_dim = 128;
  MaskChoice mask = MaskChoice::Full;
  int window = 128;        // local: the keys before the query a row sees
  int window_right = 0;    // local: the keys after it
  std::string mask_file;   // array: a text file of q_len lines of kv_len characters 0 or 1
  int segments = 0;        // 0: no segment ids; N: N contiguous runs of tokens
  float soft_cap = 0;      // attn_logits_soft_cap; 0: none
  bool fused_bwd = false;  // use_fused_bwd_kernel: the dkv launch computes dq too
  bool forward_only = false;
  tpu::DType dtype = tpu::DType::F32;
  tpu::Precision precision = tpu::Precision::Default;
  std::string chip = "v5e";
  int64_t vmem_limit_bytes = 0;  // CompilerParams(vmem_limit_bytes=...) of every launch; 0: the chip's
  tpu::PadFill pad = tpu::PadFill::NaN;
  uint64_t seed = 0;
  // BlockSizes' fields as the caller writes them; the unset compute sizes are left to MakeBlockSizes. The
  // dq sizes, unset, are get_default()'s 128 beside separate backward launches, and not passed beside a
  // fused one; set beside a fused one, they are passed, and MakeBlockSizes raises the original's ValueError.
  int64_t block_q = 128, block_kv = 128;
  std::optional<int64_t> block_kv_compute{};
  int64_t block_q_dkv = 128, block_kv_dkv = 128;
  std::optional<int64_t> block_kv_dkv_compute{};
  std::optional<int64_t> block_q_dq{}, block_kv_dq{};

  int KvHeads() const { return kv_heads > 0 ? kv_heads : heads; }
  bool IsMqa() const { return kv_heads == 1; }
  int SegmentCount() const;      // at most one run per token of the shorter sequence; 0 without segments
  tpu::Chip ChipPreset() const;  // assumes `chip` was checked
  // The dataclass's fields before __post_init__ (MakeBlockSizes).
  BlockSizes BlockSizeFields() const;
};

// The checks that need no memory, in the words of the flags (Reason::Usage): a size below 1, an unknown
// chip, a local window of 0 or longer than the keys, an array mask without a file or whose file does not
// read as the mask's shape.
base::Status CheckScenario(const SplashScenario& s);

// The array mask's values from its file (ReadMaskFile), row-major; none for the other masks.
base::Result<std::vector<uint8_t>> ReadScenarioArray(const SplashScenario& s);
// The scenario's 2-d mask given to every q head (MultiHeadMask), as the mask classes build it: their own
// errors raise through RaiseSplashError. `array`: ReadScenarioArray's values.
Mask MakeScenarioMask(const SplashScenario& s, const std::vector<uint8_t>& array);

struct SplashInputs {
  tpu::Array q, k, v, d_o;                                  // MQA: k and v have no head axis
  std::optional<tpu::Array> q_segment_ids, kv_segment_ids;  // int32 [q_len], [kv_len]
};

// Seeded normal inputs, as flash draws them: q, k, v, then do, each from a fresh normal distribution over
// one std::mt19937_64(seed). The scenario must pass CheckScenario.
SplashInputs MakeSplashInputs(const SplashScenario& s);

}  // namespace tilewalk::splash
