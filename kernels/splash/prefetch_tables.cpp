#include "kernels/splash/prefetch_tables.hpp"

namespace tilewalk::splash {

tpu::DType SmemDType(SmemType t) {
  switch (t) {
    case SmemType::Int8:
      return tpu::DType::I8;
    case SmemType::Int16:
      return tpu::DType::I16;
    case SmemType::Int32:
      return tpu::DType::I32;
  }
  return tpu::DType::I32;
}

tpu::Array PrefetchArray(const BlockTable& table) {
  tpu::Array out(tpu::Shape{table.heads, table.rows, table.cols}, SmemDType(table.dtype));
  for (int64_t i = 0; i < table.size(); ++i)
    out.SetFloat(i, static_cast<float>(table.values[static_cast<std::size_t>(i)]));
  return out;
}

void PrefetchTables::AddTo(tpu::LaunchSpec& spec) const {
  spec.scalar_prefetch = {{"data_next", &data_next}, {"block_mask", &block_mask}};
  if (mask_next) spec.scalar_prefetch.push_back({"mask_next", &*mask_next});
  spec.num_scalar_prefetch = static_cast<int>(spec.scalar_prefetch.size());
}

PrefetchTables PrefetchTablesOf(const MaskInfo& info) {
  PrefetchTables t{PrefetchArray(info.data_next), PrefetchArray(info.block_mask), std::nullopt};
  if (info.mask_next) t.mask_next = PrefetchArray(*info.mask_next);
  return t;
}

}  // namespace tilewalk::splash
