// di in lanes (di_lanes.hpp): one array per width, shared by the launches that ask for the same width, and
// every width filled with di's values by Refresh.
#include <doctest/doctest.h>

#include "kernels/flash/di_lanes.hpp"

using namespace tilewalk;

TEST_CASE("launches asking for the same lane width share one di array, and Refresh fills every width") {
  const tpu::Shape rows{1, 2, 8};
  flash::DiLanes lanes(rows);
  const tpu::Array& dkv = lanes.Of(128);
  const tpu::Array& dq_same = lanes.Of(128);
  const tpu::Array& dq_wide = lanes.Of(256);
  CHECK(&dkv == &dq_same);
  CHECK(&dkv != &dq_wide);
  CHECK(dkv.shape() == tpu::Shape{1, 2, 8, 128});
  CHECK(dq_wide.shape() == tpu::Shape{1, 2, 8, 256});
  CHECK(dkv.GetFloat(0) == 0.0f);  // zeros until Refresh

  tpu::Array di(rows, tpu::DType::F32);
  for (int64_t i = 0; i < di.size(); ++i) di.SetFloat(i, 0.5f * static_cast<float>(i) - 3.0f);
  lanes.Refresh(di);
  CHECK(&lanes.Of(128) == &dkv);  // refreshed in place: the launches' inputs still point at it
  for (int64_t row = 0; row < di.size(); ++row) {
    CHECK(dkv.GetFloat(row * 128) == di.GetFloat(row));
    CHECK(dkv.GetFloat(row * 128 + 127) == di.GetFloat(row));
    CHECK(dq_wide.GetFloat(row * 256 + 255) == di.GetFloat(row));
  }
}
