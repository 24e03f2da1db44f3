#include "kernels/splash/qkv_layout.hpp"

#include <utility>

namespace tilewalk::splash {

tpu::Dims FromHeadMinor(tpu::Dims dims, QKVLayout layout) {
  if (layout == QKVLayout::SEQ_MINOR) std::swap(dims[-1], dims[-2]);
  return dims;
}

tpu::Array SwapLastTwo(const tpu::Array& a) {
  const tpu::Shape from = a.shape();
  const tpu::Shape to = FromHeadMinor(from, QKVLayout::SEQ_MINOR);
  const int64_t rows = from[-2], cols = from[-1], matrices = a.size() / (rows * cols);
  tpu::Array out(to, a.dtype());
  for (int64_t m = 0; m < matrices; ++m)
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = 0; c < cols; ++c)
        out.SetFloat((m * cols + c) * rows + r, a.GetFloat((m * rows + r) * cols + c));
  return out;
}

const tpu::Array* InLayout(const tpu::Array* a, QKVLayout layout, std::optional<tpu::Array>& swapped) {
  if (layout == QKVLayout::HEAD_DIM_MINOR) return a;
  swapped = SwapLastTwo(*a);
  return &*swapped;
}

}  // namespace tilewalk::splash
