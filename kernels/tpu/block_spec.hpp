// BlockSpec, grid and launch operands: what a pallas_call is made of. A BlockSpec is a block shape plus
// an index map from grid indices to block indices; the block's element offset is block index × block shape.
// Under scalar prefetch (smem.hpp) an index map also takes the launch's SMEM refs after the grid indices,
// and so computes block indices from data.
#pragma once

#include <concepts>
#include <functional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "kernels/tpu/array.hpp"
#include "kernels/tpu/shape.hpp"
#include "kernels/tpu/smem.hpp"

namespace tilewalk::tpu {

using GridIndex = Dims;
using BlockIndex = Dims;

class IndexMap;
// The two forms of index map: with the grid indices only, or with the scalar-prefetch refs after them.
template <typename F>
concept GridOnlyIndexMap = !std::same_as<std::remove_cvref_t<F>, IndexMap> &&
                           std::is_invocable_r_v<BlockIndex, F&, const GridIndex&>;
template <typename F>
concept PrefetchIndexMap = !std::same_as<std::remove_cvref_t<F>, IndexMap> && !GridOnlyIndexMap<F> &&
                           std::is_invocable_r_v<BlockIndex, F&, const GridIndex&, const PrefetchRefs&>;

// An index map in one of the two forms Pallas calls: with the grid indices only (pl.GridSpec), or with the
// grid indices followed by the scalar-prefetch refs (PrefetchScalarGridSpec). Built from either lambda,
// implicitly, as a std::function is.
class IndexMap {
 public:
  IndexMap() = default;
  template <GridOnlyIndexMap F>
  IndexMap(F f) : m_grid_only(std::move(f)) {}
  template <PrefetchIndexMap F>
  IndexMap(F f) : m_with_prefetch(std::move(f)) {}

  bool takes_prefetch() const { return static_cast<bool>(m_with_prefetch); }
  explicit operator bool() const { return m_grid_only || m_with_prefetch; }
  // Calls the map in its own form; `refs` go only to a map that takes them.
  BlockIndex operator()(const GridIndex& grid, const PrefetchRefs& refs = {}) const {
    return m_with_prefetch ? m_with_prefetch(grid, refs) : m_grid_only(grid);
  }

 private:
  std::function<BlockIndex(const GridIndex&)> m_grid_only;
  std::function<BlockIndex(const GridIndex&, const PrefetchRefs&)> m_with_prefetch;
};

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

// A scalar-prefetch operand: one of the launch's first num_scalar_prefetch arguments, copied whole into SMEM.
struct ScalarPrefetchOperand {
  std::string name;  // "data_next", "block_mask", ...
  const Array* array = nullptr;
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
