#include "kernels/tpu/block_spec.hpp"

namespace tilewalk::tpu {

Dims BlockGrid(const Shape& array_shape, const Shape& block_shape) {
  Dims g;
  for (int d = 0; d < array_shape.rank(); ++d) g.push_back(CeilDiv(array_shape[d], block_shape[d]));
  return g;
}

uint32_t LinearBlock(const Dims& block_grid, const BlockIndex& index) {
  int64_t linear = 0;
  for (int d = 0; d < block_grid.rank(); ++d) linear = linear * block_grid[d] + index[d];
  return static_cast<uint32_t>(linear);
}

BlockIndex UnflattenBlock(const Dims& block_grid, uint32_t linear) {
  BlockIndex index = block_grid;
  int64_t rest = linear;
  for (int d = block_grid.rank() - 1; d >= 0; --d) {
    index[d] = rest % block_grid[d];
    rest /= block_grid[d];
  }
  return index;
}

GridIndex UnflattenStep(const Dims& grid, int64_t step) {
  GridIndex index = grid;
  for (int d = grid.rank() - 1; d >= 0; --d) {
    index[d] = step % grid[d];
    step /= grid[d];
  }
  return index;
}

}  // namespace tilewalk::tpu
