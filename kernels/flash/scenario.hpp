// A scenario: everything that defines one run of the kernels (shapes, flags, block sizes, dtype,
// precision, chip, seed), and the seeded random inputs it stands for. Shared by `tilewalk check`, the
// timeline and the tours, so that one set of flags means the same run everywhere.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/result.hpp"
#include "kernels/flash/attention_inputs.hpp"
#include "kernels/flash/host_memory.hpp"
#include "kernels/flash/what_if.hpp"
#include "kernels/tpu/chip.hpp"
#include "kernels/tpu/dma.hpp"
#include "kernels/tpu/op_context.hpp"

namespace tilewalk::flash {

// A what-if for robustness: one input element replaced by NaN or +Inf, to show how a non-finite value
// travels through the kernels and how the reference comparison reports it.
enum class Poison : uint8_t { None, NaN, Inf };

struct Scenario {
  int batch = 1;
  int heads = 1;
  int kv_heads = 0;  // heads of k and v; 0: as many as q. Any other count is refused, as the original does
  int q_len = 512;
  int kv_len = 512;
  int head_dim = 128;
  bool causal = false;
  bool bias = false;
  // A sliding window of keys carried by the bias, as projects give one to flash: query row i sees keys i −
  // window through i (splash's LocalMask with window (window, 0)), the bias holds the mask value elsewhere.
  // 0: none.
  int window = 0;
  int segments = 0;  // 0: no segment ids; N: N contiguous runs of tokens per sequence
  float sm_scale = 1.0f;
  tpu::DType dtype = tpu::DType::F32;
  tpu::Precision precision = tpu::Precision::Default;
  std::string chip = "v5e";
  int64_t vmem_limit_bytes =
      0;  // CompilerParams(vmem_limit_bytes=...) for every launch; 0: the chip's default
  uint64_t seed = 0;
  bool naive_index_maps = false;
  WhatIf what_if = WhatIf::None;  // one "fix the file" change to the mirror (what_if.hpp)
  bool forward_only = false;
  Poison poison = Poison::None;          // q[0, 0, 0, 0] becomes NaN or +Inf
  tpu::PadFill pad = tpu::PadFill::NaN;  // what a partial block's padding holds (interpret mode: NaN)
  BlockSizes block_sizes = BlockSizes::GetDefault();

  AttentionConfig Config() const;
  // The segments that exist: `segments`, at most one per token of the shorter sequence, so that q and kv
  // share their ids. 0 without segment ids.
  int SegmentCount() const;
  // The heads k and v are made with: kv_heads, or heads when it is 0.
  int KvHeads() const { return kv_heads > 0 ? kv_heads : heads; }
  // Whether the launches get a bias (ab): --bias, or a window, which only a bias can carry.
  bool HasBias() const { return bias || window > 0; }
  // The chip named by `chip`, with the scenario's vmem_limit_bytes; assumes it was validated.
  tpu::Chip ChipPreset() const;
};

struct ScenarioInputs {
  AttentionInputs inputs;
  tpu::Array d_o;  // the incoming gradient, like q
};

// The checks that need no memory: a size below 1, negative segments, an unknown chip (Reason::Usage).
base::Status CheckScenario(const Scenario& s);
// Whether the scenario can be run at all, checked before any allocation: kernel::CheckRunnable (the
// memory guard: CheckScenario, then EstimateHostMemory for `use` against MaxHostBytes) of this scenario.
base::Status CheckRunnable(const Scenario& s, const HostUse& use = {});

std::string_view PoisonName(Poison p);  // "none", "nan", "inf"

// Seeded normal inputs; the bias is normal too with --bias, zeros with a window alone, and a window puts the
// mask value outside it. Segment ids come in SegmentCount() contiguous runs of each sequence. Causal with
// segments and q_len < kv_len leaves some query rows fully masked (their run of keys lies after them).
// With `poison`, the first element of q is then replaced. The scenario must pass CheckRunnable.
ScenarioInputs MakeInputs(const Scenario& s);

}  // namespace tilewalk::flash
