#include "kernels/tpu/grid_slices.hpp"

namespace tilewalk::tpu {

GridSlices GridSlices::Of(const LaunchSpec& spec) {
  GridSlices s;
  int axis = 0;
  while (axis < spec.grid.rank() && axis < static_cast<int>(spec.dimension_semantics.size()) &&
         spec.dimension_semantics[static_cast<std::size_t>(axis)] == DimensionSemantics::Parallel)
    s.count *= spec.grid[axis++];
  s.steps = 1;
  for (; axis < spec.grid.rank(); ++axis) s.steps *= spec.grid[axis];
  return s;
}

CoreSplit CoreSplit::Of(const LaunchSpec& spec, int tensor_cores) {
  CoreSplit split;
  const GridSlices slices = GridSlices::Of(spec);
  if (tensor_cores < 2 || slices.count < 2) return split;
  split.cores = 2;
  split.core1_first_step = (slices.count + 1) / 2 * slices.steps;
  return split;
}

}  // namespace tilewalk::tpu
