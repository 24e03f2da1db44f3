// The block sizes of the splash attention kernels, as the pinned splash_attention_kernel.py's BlockSizes
// dataclass holds them: the forward launch's (block_q, block_kv, and block_kv_compute, the slice of a kv
// block one matmul takes), the dkv launch's, the dq launch's, the switch that lets the dkv launch compute
// dq too (the fused backward), and the layout each of q, k and v is kept in.
//
// The original is a frozen dataclass whose __post_init__ fills the two compute sizes left unset and refuses
// dq sizes beside a fused backward. MakeBlockSizes is that constructor: build the fields with designated
// initializers, then pass them through it. It raises (RaiseSplashError, argument-check phase, site
// "splash.block_sizes.dq_with_fused") the original's ValueError [pinned lines 515-524]. The class checks
// nothing else: backward sizes that are only partly set are legal, has_backward_blocks() just answers false,
// and the error comes when the backward runs (backward_checks.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace tilewalk::splash {

// The original's IntEnum, with its values (enum.auto() counts from 1).
enum class QKVLayout : uint8_t {
  HEAD_DIM_MINOR = 1,  // [..., seq_len, head_dim]
  SEQ_MINOR = 2,       // [..., head_dim, seq_len]: the kernel is handed the transpose
};

std::string_view QKVLayoutName(QKVLayout layout);  // "HEAD_DIM_MINOR", "SEQ_MINOR"

struct BlockSizes {
  // The original has no default for these two; 128 is what get_default() picks.
  int64_t block_q = 128;
  int64_t block_kv = 128;
  std::optional<int64_t> block_kv_compute{};  // MakeBlockSizes: block_kv when unset

  std::optional<int64_t> block_q_dkv{};
  std::optional<int64_t> block_kv_dkv{};
  std::optional<int64_t>
      block_kv_dkv_compute{};  // MakeBlockSizes: block_kv_dkv when unset (which may be unset)

  std::optional<int64_t> block_q_dq{};  // must stay unset with use_fused_bwd_kernel
  std::optional<int64_t> block_kv_dq{};

  bool use_fused_bwd_kernel = false;  // the dkv launch also computes dq; there is no dq launch

  QKVLayout q_layout = QKVLayout::HEAD_DIM_MINOR;
  QKVLayout k_layout = QKVLayout::HEAD_DIM_MINOR;
  QKVLayout v_layout = QKVLayout::HEAD_DIM_MINOR;

  // Every size the backward launches read is set: dkv's three, and dq's two unless the backward is fused.
  bool has_backward_blocks() const;

  // Every size 128, not fused, every layout HEAD_DIM_MINOR: what the original uses whatever the shapes.
  static BlockSizes get_default();

  friend bool operator==(const BlockSizes&, const BlockSizes&) = default;
};

// The dataclass's construction: `fields` as the caller wrote them, with __post_init__ applied.
BlockSizes MakeBlockSizes(BlockSizes fields);

}  // namespace tilewalk::splash
