// One of MaskInfo's scalar tables (data_next, mask_next, block_mask): a [heads, q blocks, kv blocks] grid of
// small non-negative integers that the kernel reads from SMEM through its index maps. Values are held as
// int32, the width the kernel computes with; `dtype` is the width the original stores them in after its
// downcast, since SMEM is scarce and that width is what a launch's SMEM budget must count.
#pragma once

#include <cassert>
#include <cstdint>
#include <string_view>
#include <vector>

namespace tilewalk::splash {

enum class SmemType : uint8_t { Int8, Int16, Int32 };

std::string_view SmemTypeName(SmemType t);  // "int8", "int16", "int32"
int SmemTypeBytes(SmemType t);

struct BlockTable {
  int64_t heads = 0;  // heads, or head shards when every head of a shard shares one mask
  int64_t rows = 0;   // q blocks
  int64_t cols = 0;   // kv blocks (fewer once the grid is shrunk)
  std::vector<int32_t> values{};
  SmemType dtype = SmemType::Int32;

  static BlockTable Zeros(int64_t heads, int64_t rows, int64_t cols);
  int64_t size() const { return heads * rows * cols; }
  int32_t at(int64_t h, int64_t q, int64_t kv) const { return values[Flat(h, q, kv)]; }
  int32_t& at(int64_t h, int64_t q, int64_t kv) { return values[Flat(h, q, kv)]; }
  friend bool operator==(const BlockTable&, const BlockTable&) = default;

 private:
  std::size_t Flat(int64_t h, int64_t q, int64_t kv) const {
    assert(h >= 0 && h < heads && q >= 0 && q < rows && kv >= 0 && kv < cols && "BlockTable: index outside");
    return static_cast<std::size_t>((h * rows + q) * cols + kv);
  }
};

// The original's downcast: the narrowest of int8, int16 and int32 that holds the largest value; an empty
// table stays int32. Every value must be non-negative (the original raises ValueError otherwise; MaskInfo's
// tables never hold a negative value, so that is asserted here).
void DowncastToSmallType(BlockTable& table);

}  // namespace tilewalk::splash
