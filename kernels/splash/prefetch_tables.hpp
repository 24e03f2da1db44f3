// MaskInfo's tables as a launch hands them to scalar prefetch: [heads, q blocks, kv blocks] arrays in the
// integer type MaskInfo narrowed each table to, so that SMEM holds and counts them at that width.
// PrefetchTables holds a launch's three (data_next, block_mask, and mask_next when MaskInfo has one) and
// declares them, in that argument order, as its scalar-prefetch operands.
#pragma once

#include <optional>

#include "kernels/splash/block_table.hpp"
#include "kernels/splash/mask_info.hpp"
#include "kernels/tpu/array.hpp"
#include "kernels/tpu/launch_spec.hpp"

namespace tilewalk::splash {

tpu::Array PrefetchArray(const BlockTable& table);  // exact: integers all the way

struct PrefetchTables {
  tpu::Array data_next, block_mask;
  std::optional<tpu::Array> mask_next;

  // Declares the tables as `spec`'s scalar-prefetch operands. They must stay where they are.
  void AddTo(tpu::LaunchSpec& spec) const;
};

PrefetchTables PrefetchTablesOf(const MaskInfo& info);

}  // namespace tilewalk::splash
