// The broadcasts the splash backward launches make outside their kernels, so that a block of ids or of
// per-row numbers fills whole (8, 128) tiles: a sequence repeated along 128 lanes or along 8 sublanes, and
// logsumexp and di given a sublane axis per head.
#pragma once

#include <cstdint>
#include <vector>

#include "kernels/tpu/array.hpp"

namespace tilewalk::splash {

// A host sequence (q_sequence, segment ids) as an int32 array [n].
tpu::Array Int32Sequence(const std::vector<int32_t>& values);
// [n] -> [n, 128]: element r in every lane of row r.
tpu::Array RepeatAlongLanes(const tpu::Array& seq);
// [n] -> [8, n]: the sequence in each of 8 sublanes.
tpu::Array RepeatAlongSublanes(const tpu::Array& seq);
// [heads, n] -> [heads, sublanes, n]: each head's row repeated `sublanes` times (1: expand_dims).
tpu::Array RepeatRowsPerHead(const tpu::Array& rows, int64_t sublanes);

}  // namespace tilewalk::splash
