// What a partial last block's padding holds on the way into VMEM: NaN for floats and int32 max for
// integers, as interpret mode fills uninitialized memory, or zeros when asked; the in-bounds part is the
// array's, and only its bytes count as moved. A whole block that is one contiguous run of the array is read
// in place, and copied in only when something writes to it.
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

TEST_CASE("a whole block that is one run of the array is read in place, and a write copies it in first") {
  // A 2 × 3 × 4 array in blocks of 1 × 2 × 4: each block is a contiguous run of 8 elements.
  Array hbm(Shape{2, 3, 4}, DType::F32);
  for (int64_t i = 0; i < hbm.size(); ++i) hbm.SetFloat(i, static_cast<float>(i));
  Array vmem(Shape{1, 2, 4}, DType::F32);
  CHECK(CopyBlockIn(hbm, BlockIndex{1, 0, 0}, vmem) == 8 * 4);
  CHECK(vmem.borrowing());
  CHECK(vmem.GetFloat(0) == 12.0f);
  CHECK(vmem.GetFloat(7) == 19.0f);

  const Array copied = vmem;  // a copy holds the elements itself
  CHECK_FALSE(copied.borrowing());
  CHECK(copied.BitwiseEqual(vmem));

  vmem.SetFloat(0, -1.0f);
  CHECK_FALSE(vmem.borrowing());
  CHECK(vmem.GetFloat(0) == -1.0f);
  CHECK(vmem.GetFloat(7) == 19.0f);
  CHECK(hbm.GetFloat(12) == 12.0f);  // the HBM input is untouched
}

TEST_CASE("blocks that are strided or partial are copied, and a copy ends an earlier borrow") {
  Array hbm(Shape{4, 4}, DType::F32);
  for (int64_t i = 0; i < hbm.size(); ++i) hbm.SetFloat(i, static_cast<float>(i));
  Array rows(Shape{2, 4}, DType::F32);
  CopyBlockIn(hbm, BlockIndex{1, 0}, rows);
  CHECK(rows.borrowing());

  Array columns(Shape{4, 2}, DType::F32);  // every row of the block skips half of the array's row
  CHECK(CopyBlockIn(hbm, BlockIndex{0, 1}, columns) == 8 * 4);
  CHECK_FALSE(columns.borrowing());
  CHECK(columns.GetFloat(0) == 2.0f);
  CHECK(columns.GetFloat(2) == 6.0f);

  Array overhang(Shape{3, 4}, DType::F32);  // block 1 lies past the array's end
  CopyBlockIn(hbm, BlockIndex{0, 0}, overhang);
  CHECK(overhang.borrowing());
  CHECK(CopyBlockIn(hbm, BlockIndex{1, 0}, overhang) == 4 * 4);
  CHECK_FALSE(overhang.borrowing());
  CHECK(overhang.GetFloat(0) == 12.0f);
  CHECK(std::isnan(overhang.GetFloat(4)));
}
