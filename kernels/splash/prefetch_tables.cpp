#include "kernels/splash/prefetch_tables.hpp"

#include <algorithm>

namespace tilewalk::splash {
namespace {

tpu::Array Int32Table(const BlockTable& t) {
  tpu::Array a(tpu::Shape{t.heads, t.rows, t.cols}, tpu::DType::I32);
  std::copy(t.values.begin(), t.values.end(), a.Data<int32_t>());
  return a;
}

}  // namespace

void PrefetchTables::AddTo(tpu::LaunchSpec& spec) const {
  spec.scalar_prefetch = {{"data_next", &data_next}, {"block_mask", &block_mask}};
  if (mask_next) spec.scalar_prefetch.push_back({"mask_next", &*mask_next});
  spec.num_scalar_prefetch = static_cast<int>(spec.scalar_prefetch.size());
}

PrefetchTables PrefetchTablesOf(const MaskInfo& info) {
  PrefetchTables t{Int32Table(info.data_next), Int32Table(info.block_mask), std::nullopt};
  if (info.mask_next) t.mask_next = Int32Table(*info.mask_next);
  return t;
}

}  // namespace tilewalk::splash
