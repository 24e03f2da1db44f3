// ref[...] (or ref[rows, :]) for a ref whose leading axes are the squeezed (None) axes of its block: index 0
// on each, then the last two. Lets a body load or store a block whatever its rank (MQA's k has no head axis).
#pragma once

#include "kernels/tpu/kernel.hpp"

namespace tilewalk::splash {

inline tpu::RefIndex whole(const tpu::Ref* ref, tpu::Slice rows = tpu::all) {
  tpu::RefIndex index{.lead = {}, .rows = rows};
  for (int axis = 0; axis + 2 < ref->shape().rank(); ++axis) index.lead.push_back(0);
  return index;
}

}  // namespace tilewalk::splash
