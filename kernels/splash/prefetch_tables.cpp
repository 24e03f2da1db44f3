#include "kernels/splash/prefetch_tables.hpp"

#include <cassert>
#include <cstdint>
#include <limits>

namespace tilewalk::splash {

namespace {

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

// The table's int32 values narrowed to T, which MaskInfo chose wide enough for all of them.
template <typename T>
void CopyNarrowed(const BlockTable& table, T* out) {
  for (std::size_t i = 0; i < table.values.size(); ++i) {
    const int32_t value = table.values[i];
    assert(value >= std::numeric_limits<T>::min() && value <= std::numeric_limits<T>::max() &&
           "MaskInfo narrows a table only to a type that holds every value");
    out[i] = static_cast<T>(value);
  }
}

}  // namespace

tpu::Array PrefetchArray(const BlockTable& table) {
  tpu::Array out(tpu::Shape{table.heads, table.rows, table.cols}, SmemDType(table.dtype));
  switch (table.dtype) {
    case SmemType::Int8:
      CopyNarrowed(table, out.Data<int8_t>());
      break;
    case SmemType::Int16:
      CopyNarrowed(table, out.Data<int16_t>());
      break;
    case SmemType::Int32:
      CopyNarrowed(table, out.Data<int32_t>());
      break;
  }
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
