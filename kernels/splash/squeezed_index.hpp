// Indexing a ref whose block shape has the original's `None` dimensions: Pallas squeezes them away, so the
// body indexes the block as 2-d; the model keeps them as leading dimensions of size 1, read at index 0.
#pragma once

#include "kernels/tpu/kernel.hpp"

namespace tilewalk::splash {

// ref[rows, cols] of the 2-d block inside `ref`, at index 0 on every leading dimension.
inline tpu::RefIndex Squeezed(const tpu::Ref* ref, tpu::Slice rows = tpu::all, tpu::Slice cols = tpu::all) {
  tpu::RefIndex index;
  for (int d = 0; d + 2 < ref->shape().rank(); ++d) index.lead.push_back(0);
  index.rows = rows;
  index.cols = cols;
  return index;
}

}  // namespace tilewalk::splash
