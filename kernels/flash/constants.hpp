// The constants of the flash attention file, and its diagonal test, which decides which grid steps of
// a causal launch do arithmetic and where the causal index maps redirect.
#pragma once

#include <cstdint>

namespace tilewalk::flash {

// Finite on purpose: a fully masked row stays finite (it averages v over the keys that ran) instead of
// turning into NaN.
inline constexpr float kMaskValue = -0.7f * 3.4028234663852886e38f;  // -0.7 × float32 max
inline constexpr int kNumLanes = 128;
inline constexpr int kNumSublanes = 8;
inline constexpr int kMinBlockSize = 128;

// The block (r, c) is on or below the causal diagonal when its bottom-left corner is: the last row of
// q block r, (r + 1)·r_blk − 1, lies after the first column of kv block c, c·c_blk. The comparison is
// strict, as in the original, so a corner exactly on the diagonal counts as above it; `non_strict` is the
// what-if non-strict-diag, which lets that block run.
inline bool below_or_on_diag(int64_t r, int64_t r_blk_size, int64_t c, int64_t c_blk_size,
                             bool non_strict = false) {
  const int64_t last_row = (r + 1) * r_blk_size - 1, first_col = c * c_blk_size;
  return non_strict ? last_row >= first_col : last_row > first_col;
}

}  // namespace tilewalk::flash
