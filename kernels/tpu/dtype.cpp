#include "kernels/tpu/dtype.hpp"

#include <cstdint>
#include <cstring>

namespace tilewalk::tpu {

std::string_view DTypeName(DType t) {
  switch (t) {
    case DType::F32:
      return "float32";
    case DType::BF16:
      return "bfloat16";
    case DType::I32:
      return "int32";
    case DType::Bool:
      return "bool";
    case DType::I8:
      return "int8";
    case DType::I16:
      return "int16";
  }
  return "?";
}

namespace {
// Adds just under half a bfloat16 unit, plus the kept part's lowest bit (ties to even), and truncates;
// infinities stay infinite. A NaN keeps its sign and becomes quiet.
uint32_t Bf16Bits(uint32_t bits) {
  const uint32_t rounded = (bits + 0x7FFFu + ((bits >> 16) & 1u)) & 0xFFFF0000u;
  const bool nan = (bits & 0x7FFFFFFFu) > 0x7F800000u;
  return nan ? (bits & 0x80000000u) | 0x7FC00000u : rounded;
}
}  // namespace

float RoundToBf16(float x) {
  RoundToBf16(&x, 1);
  return x;
}

void RoundToBf16(float* data, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) {
    uint32_t bits;
    std::memcpy(&bits, data + i, sizeof bits);
    bits = Bf16Bits(bits);
    std::memcpy(data + i, &bits, sizeof bits);
  }
}

DType Promote(DType a, DType b) {
  if (a == b) return a;
  if (a == DType::F32 || b == DType::F32) return DType::F32;
  if (a == DType::BF16 || b == DType::BF16) return DType::BF16;
  return DType::I32;  // int32 with bool
}

}  // namespace tilewalk::tpu
