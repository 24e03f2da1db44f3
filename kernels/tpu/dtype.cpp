#include "kernels/tpu/dtype.hpp"

#include <Eigen/Core>

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
  }
  return "?";
}

float RoundToBf16(float x) {
  return static_cast<float>(Eigen::bfloat16(x));
}

DType Promote(DType a, DType b) {
  if (a == b) return a;
  if (a == DType::F32 || b == DType::F32) return DType::F32;
  if (a == DType::BF16 || b == DType::BF16) return DType::BF16;
  return DType::I32;  // int32 with bool
}

}  // namespace tilewalk::tpu
