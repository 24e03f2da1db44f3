// Arrays of at least 2 MiB are mapped from the system on their own, at a huge page's boundary (array.cpp):
// they must read as zeros, keep what is written through copies and moves, and be freed with the mapping
// they came from; small ones come from the heap and behave the same.
#include <doctest/doctest.h>

#include <cstdint>
#include <new>
#include <utility>

#include "kernels/tpu/array.hpp"

using namespace tilewalk::tpu;

namespace {

bool AllZero(const Array& a) {
  const float* x = a.Data<float>();
  for (int64_t i = 0; i < a.size(); ++i)
    if (x[i] != 0.0f) return false;
  return true;
}

}  // namespace

TEST_CASE("arrays large and small are zeroed, and copies and moves keep their elements") {
  constexpr std::uintptr_t kHugePage = std::uintptr_t{2} << 20;
  // 2 MiB + 3 floats: one huge page and a tail past it. And a small array, and one just under 2 MiB.
  for (const int64_t floats : {int64_t{7}, (int64_t{2} << 20) / 4 - 1, (int64_t{2} << 20) / 4 + 3}) {
    CAPTURE(floats);
    const bool mapped = floats * 4 >= static_cast<int64_t>(kHugePage);
    for (int round = 0; round < 3; ++round) {  // freed and made again: the next mapping is zeroed too
      Array a(Shape{floats}, DType::F32);
      CHECK(AllZero(a));
      if (mapped) CHECK(reinterpret_cast<std::uintptr_t>(a.RawData()) % kHugePage == 0);
      a.SetFloat(0, 1.5f);
      a.SetFloat(floats - 1, -2.0f);
      Array copy = a;
      CHECK(copy.BitwiseEqual(a));
      Array moved = std::move(copy);
      CHECK(moved.GetFloat(floats - 1) == -2.0f);
      moved = Array(Shape{floats}, DType::F32);  // the old elements are freed here
      CHECK(AllZero(moved));
      CHECK(a.GetFloat(0) == 1.5f);
    }
  }
}

TEST_CASE("an array larger than any machine holds is refused as out of memory") {
  // 2^61 floats: 2^63 bytes.
  CHECK_THROWS_AS(Array(Shape{int64_t{1} << 61}, DType::F32), std::bad_alloc);
}
