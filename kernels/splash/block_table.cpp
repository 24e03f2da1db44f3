#include "kernels/splash/block_table.hpp"

#include <algorithm>
#include <limits>

namespace tilewalk::splash {

std::string_view SmemTypeName(SmemType t) {
  switch (t) {
    case SmemType::Int8:
      return "int8";
    case SmemType::Int16:
      return "int16";
    case SmemType::Int32:
      return "int32";
  }
  return "?";
}

int SmemTypeBytes(SmemType t) {
  switch (t) {
    case SmemType::Int8:
      return 1;
    case SmemType::Int16:
      return 2;
    case SmemType::Int32:
      return 4;
  }
  return 0;
}

BlockTable BlockTable::Zeros(int64_t heads, int64_t rows, int64_t cols) {
  assert(heads >= 0 && rows >= 0 && cols >= 0 && "BlockTable::Zeros: negative extent");
  BlockTable t{heads, rows, cols, {}, SmemType::Int32};
  t.values.assign(static_cast<std::size_t>(heads * rows * cols), 0);
  return t;
}

void DowncastToSmallType(BlockTable& table) {
  assert(std::all_of(table.values.begin(), table.values.end(), [](int32_t v) { return v >= 0; }) &&
         "MaskInfo tables hold no negative value");
  if (table.values.empty()) {
    table.dtype = SmemType::Int32;
    return;
  }
  const int32_t max = *std::max_element(table.values.begin(), table.values.end());
  if (max <= std::numeric_limits<int8_t>::max())
    table.dtype = SmemType::Int8;
  else if (max <= std::numeric_limits<int16_t>::max())
    table.dtype = SmemType::Int16;
  else
    table.dtype = SmemType::Int32;
}

}  // namespace tilewalk::splash
