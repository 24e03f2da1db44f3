// MaskInfo's tables as a launch's scalar-prefetch operands: data_next, block_mask and, when MaskInfo has
// one, mask_next, in that argument order, each in the integer width MaskInfo narrowed it to (int8, int16
// or int32; block_table.hpp), which is what it takes of SMEM.
#pragma once

#include <optional>

#include "kernels/splash/mask_info.hpp"
#include "kernels/tpu/array.hpp"
#include "kernels/tpu/launch_spec.hpp"

namespace tilewalk::splash {

struct PrefetchTables {
  tpu::Array data_next, block_mask;
  std::optional<tpu::Array> mask_next;

  // Declares the tables as `spec`'s scalar-prefetch operands. They must stay where they are.
  void AddTo(tpu::LaunchSpec& spec) const;
};

PrefetchTables PrefetchTablesOf(const MaskInfo& info);

}  // namespace tilewalk::splash
