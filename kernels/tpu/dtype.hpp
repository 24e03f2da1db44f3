// Element types of the TPU model: float32, bfloat16, int32 and bool, with their sizes, names and rounding;
// and int8 and int16, which only scalar-prefetch tables use (smem.hpp).
// bfloat16 rounding is to nearest-even as the hardware does, bit for bit what Eigen::bfloat16 gives.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace tilewalk::tpu {

enum class DType : uint8_t { F32, BF16, I32, Bool, I8, I16 };

constexpr std::size_t ItemSize(DType t) {
  switch (t) {
    case DType::F32:
      return 4;
    case DType::BF16:
      return 2;
    case DType::I32:
      return 4;
    case DType::Bool:
      return 1;
    case DType::I8:
      return 1;
    case DType::I16:
      return 2;
  }
  return 0;
}

std::string_view DTypeName(DType t);  // "float32", "bfloat16", "int32", "bool", "int8", "int16"

// Rounds a float to the nearest bfloat16 (ties to even) and returns it widened back to float. A NaN
// becomes the quiet NaN of its sign, as Eigen::bfloat16 does.
float RoundToBf16(float x);
// The same for `count` floats in place, in a loop the compiler vectorises.
void RoundToBf16(float* data, std::size_t count);

// The dtype that elementwise arithmetic on a and b produces (jnp promotion restricted to our types).
DType Promote(DType a, DType b);

}  // namespace tilewalk::tpu
