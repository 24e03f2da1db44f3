// The 11 block sizes of the flash attention kernels. A major block is what one DMA moves; a minor block is
// what one matmul consumes, the body looping over the major block in minor steps. Validate() performs the
// dataclass's own major/minor checks; the per-launch checks against sequence lengths live with each launch.
#pragma once

#include <optional>

namespace tilewalk::flash {

struct BlockSizes {
  int block_q = 128;
  int block_k_major = 128;
  int block_k = 128;
  int block_b = 1;

  std::optional<int> block_q_major_dkv;
  std::optional<int> block_k_major_dkv;
  std::optional<int> block_k_dkv;
  std::optional<int> block_q_dkv;

  std::optional<int> block_k_major_dq;
  std::optional<int> block_k_dq;
  std::optional<int> block_q_dq;

  // All 128, block_b 1: what the original picks whatever the shapes.
  static BlockSizes GetDefault();
  bool HasBackwardBlocks() const;
  // Raises ValueError (phase: argument check) when a minor block exceeds or does not divide its major.
  void Validate() const;
};

}  // namespace tilewalk::flash
