// The tables a splash launch puts in SMEM keep MaskInfo's integers exactly, at the width MaskInfo chose.
#include <doctest/doctest.h>

#include "kernels/splash/prefetch_tables.hpp"

using namespace tilewalk::splash;

TEST_CASE("splash prefetch tables: an int32 table keeps values above 2^24 exact") {
  BlockTable table = BlockTable::Zeros(1, 1, 3);
  table.values = {16777217, 16777219, 2147483647};  // float32 would round the first two
  const tilewalk::tpu::Array got = PrefetchArray(table);
  REQUIRE(got.dtype() == tilewalk::tpu::DType::I32);
  CHECK(got.Data<int32_t>()[0] == 16777217);
  CHECK(got.Data<int32_t>()[1] == 16777219);
  CHECK(got.Data<int32_t>()[2] == 2147483647);
}

TEST_CASE("splash prefetch tables: narrowed tables are stored at their own width") {
  BlockTable table = BlockTable::Zeros(1, 1, 2);
  table.values = {127, 5};
  table.dtype = SmemType::Int8;
  const tilewalk::tpu::Array i8 = PrefetchArray(table);
  REQUIRE(i8.dtype() == tilewalk::tpu::DType::I8);
  CHECK(i8.Data<int8_t>()[0] == 127);
  table.values = {32767, 300};
  table.dtype = SmemType::Int16;
  const tilewalk::tpu::Array i16 = PrefetchArray(table);
  REQUIRE(i16.dtype() == tilewalk::tpu::DType::I16);
  CHECK(i16.Data<int16_t>()[0] == 32767);
  CHECK(i16.Data<int16_t>()[1] == 300);
}
