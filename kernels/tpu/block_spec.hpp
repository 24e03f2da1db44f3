// BlockSpec, grid and launch operands: what a pallas_call is made of. A BlockSpec is a block shape plus
// an index map from grid indices to block indices; the block's element offset is block index × block shape.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "kernels/tpu/array.hpp"
#include "kernels/tpu/shape.hpp"

namespace tilewalk::tpu {

using GridIndex = Dims;
using BlockIndex = Dims;
using IndexMap = std::function<BlockIndex(const GridIndex&)>;

struct BlockSpec {
  Shape block_shape;
  IndexMap index_map;
};

enum class DimensionSemantics : uint8_t { Parallel, Arbitrary };

struct InputOperand {
  std::string name;  // as the original names the argument: "q", "k", "ab", "q_segment_ids", ...
  const Array* array = nullptr;
  BlockSpec spec;
};

struct OutputOperand {
  std::string name;  // "o", "l", "m", "dk", ...
  Array* array = nullptr;
  BlockSpec spec;
};

struct ScratchSpec {
  std::string name;  // "m_scratch", "acc_scratch", ...
  Shape shape;
  DType dtype = DType::F32;
};

// Blocks per dimension: ceil(array dim / block dim), so a partial last block counts as one.
Dims BlockGrid(const Shape& array_shape, const Shape& block_shape);
uint32_t LinearBlock(const Dims& block_grid, const BlockIndex& index);
BlockIndex UnflattenBlock(const Dims& block_grid, uint32_t linear);
GridIndex UnflattenStep(const Dims& grid, int64_t step);  // lexicographic, last axis fastest

}  // namespace tilewalk::tpu
