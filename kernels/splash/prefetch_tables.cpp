#include "kernels/splash/prefetch_tables.hpp"

#include <algorithm>

namespace tilewalk::splash {
namespace {

template <typename T>
void CopyValues(const BlockTable& t, tpu::Array& a) {
  std::transform(t.values.begin(), t.values.end(), a.Data<T>(), [](int32_t v) { return static_cast<T>(v); });
}

// The table in the width MaskInfo chose for it.
tpu::Array SmemArray(const BlockTable& t) {
  const tpu::Shape shape{t.heads, t.rows, t.cols};
  switch (t.dtype) {
    case SmemType::Int8: {
      tpu::Array a(shape, tpu::DType::I8);
      CopyValues<int8_t>(t, a);
      return a;
    }
    case SmemType::Int16: {
      tpu::Array a(shape, tpu::DType::I16);
      CopyValues<int16_t>(t, a);
      return a;
    }
    case SmemType::Int32:
      break;
  }
  tpu::Array a(shape, tpu::DType::I32);
  CopyValues<int32_t>(t, a);
  return a;
}

}  // namespace

void PrefetchTables::AddTo(tpu::LaunchSpec& spec) const {
  spec.scalar_prefetch = {{"data_next", &data_next}, {"block_mask", &block_mask}};
  if (mask_next) spec.scalar_prefetch.push_back({"mask_next", &*mask_next});
  spec.num_scalar_prefetch = static_cast<int>(spec.scalar_prefetch.size());
}

PrefetchTables PrefetchTablesOf(const MaskInfo& info) {
  PrefetchTables t{SmemArray(info.data_next), SmemArray(info.block_mask), std::nullopt};
  if (info.mask_next) t.mask_next = SmemArray(*info.mask_next);
  return t;
}

}  // namespace tilewalk::splash
