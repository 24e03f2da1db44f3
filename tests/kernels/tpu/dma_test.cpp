// What a partial last block's padding holds on the way into VMEM: NaN for floats and int32 max for
// integers, as interpret mode fills uninitialized memory, or zeros when asked; the in-bounds part is the
// array's, and only its bytes count as moved.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <limits>

#include "kernels/tpu/dma.hpp"

using namespace tilewalk::tpu;

namespace {
// A 3 × 4 array of 1..12 read as blocks of 2 × 4: block (1, 0) holds row 2 and one row of padding.
Array Counting(DType dtype) {
  Array a(Shape{3, 4}, dtype);
  for (int64_t i = 0; i < a.size(); ++i) a.SetFloat(i, static_cast<float>(i + 1));
  return a;
}
}  // namespace

TEST_CASE("padding of a partial float block is NaN by default and zeros on request") {
  for (const DType dtype : {DType::F32, DType::BF16}) {
    const Array hbm = Counting(dtype);
    Array vmem(Shape{2, 4}, dtype);
    CHECK(CopyBlockIn(hbm, BlockIndex{1, 0}, vmem) == 4 * ItemSize(dtype));
    for (int c = 0; c < 4; ++c) {
      CHECK(vmem.GetFloat(c) == static_cast<float>(9 + c));  // row 2 of the array
      CHECK(std::isnan(vmem.GetFloat(4 + c)));               // the padding row
    }
    CopyBlockIn(hbm, BlockIndex{1, 0}, vmem, PadFill::Zeros);
    for (int c = 0; c < 4; ++c) CHECK(vmem.GetFloat(4 + c) == 0.0f);
  }
}

TEST_CASE("padding of a partial int32 block is the int32 maximum, or zeros") {
  const Array hbm = Counting(DType::I32);
  Array vmem(Shape{2, 4}, DType::I32);
  CopyBlockIn(hbm, BlockIndex{1, 0}, vmem);
  CHECK(vmem.Data<int32_t>()[0] == 9);
  CHECK(vmem.Data<int32_t>()[4] == std::numeric_limits<int32_t>::max());
  CHECK(vmem.Data<int32_t>()[7] == std::numeric_limits<int32_t>::max());
  CopyBlockIn(hbm, BlockIndex{1, 0}, vmem, PadFill::Zeros);
  CHECK(vmem.Data<int32_t>()[7] == 0);
}

TEST_CASE("padding along the last axis fills the overhang of every row") {
  // A 2 × 3 array in blocks of 2 × 2: block (0, 1) holds column 2 and one column of padding per row.
  Array hbm(Shape{2, 3}, DType::F32);
  for (int64_t i = 0; i < hbm.size(); ++i) hbm.SetFloat(i, static_cast<float>(i));
  Array vmem(Shape{2, 2}, DType::F32);
  CHECK(CopyBlockIn(hbm, BlockIndex{0, 1}, vmem) == 2 * 4);
  CHECK(vmem.GetFloat(0) == 2.0f);
  CHECK(std::isnan(vmem.GetFloat(1)));
  CHECK(vmem.GetFloat(2) == 5.0f);
  CHECK(std::isnan(vmem.GetFloat(3)));
}
