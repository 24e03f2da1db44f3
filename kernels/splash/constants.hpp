// The constants the splash kernels share with their glue and their reference: the vector-register tile
// (8 sublanes by 128 lanes) the launches broadcast ids and rows to, and the default mask value.
#pragma once

#include <cstdint>
#include <limits>

namespace tilewalk::splash {

inline constexpr int64_t kNumLanes = 128;   // the original's NUM_LANES
inline constexpr int64_t kNumSublanes = 8;  // the original's NUM_SUBLANES

// The original's DEFAULT_MASK_VALUE: -0.7 times float32's largest value, computed in Python's float64.
inline constexpr double kDefaultMaskValue = -0.7 * double(std::numeric_limits<float>::max());

}  // namespace tilewalk::splash
