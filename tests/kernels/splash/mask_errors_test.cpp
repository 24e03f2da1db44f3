// Every check the mask constructors mirror: the error kind, the message and the site, in the original's
// order where two checks could both fail.
#include "tests/kernels/splash/splash_test_support.hpp"

using namespace tilewalk::splash;
using tilewalk::splash::testing::FromRows;
using tilewalk::splash::testing::RaisedBy;
using tilewalk::splash::testing::Raises;
using tilewalk::tpu::ErrorType;

TEST_CASE("MultiHeadMask refuses no masks, mixed shapes and nesting, in that order") {
  auto e = RaisedBy([] { MultiHeadMask({}); });
  CHECK(e.type == ErrorType::ValueError);
  CHECK(e.message == "Unsupported empty tuple of masks");
  CHECK(e.site == "splash.mask.multi_head_empty");

  e = RaisedBy([] { MultiHeadMask({CausalMask({4, 4}), FullMask({4, 4}), FullMask({4, 8})}); });
  CHECK(e.type == ErrorType::ValueError);
  CHECK(e.message == "Unexpected mask shape, got: (4, 8), expected: (4, 4)");
  CHECK(e.site == "splash.mask.multi_head_shape");

  const Mask inner = MultiHeadMask({CausalMask({4, 4})});
  e = RaisedBy([&] { MultiHeadMask({inner, inner}); });
  CHECK(e.type == ErrorType::ValueError);
  CHECK(e.message == "Nesting MultiHeadMasks is not supported");
  CHECK(e.site == "splash.mask.multi_head_nested");

  // A nested mask whose shape also differs from the first: the shape check comes first.
  e = RaisedBy([&] { MultiHeadMask({CausalMask({4, 4}), inner}); });
  CHECK(e.site == "splash.mask.multi_head_shape");
  CHECK(e.message == "Unexpected mask shape, got: (1, 4, 4), expected: (4, 4)");
}

TEST_CASE("LogicalOr and LogicalAnd refuse two shapes, and so do the operators, with their own message") {
  const Mask a = CausalMask({4, 4});
  const Mask b = FullMask({4, 8});
  for (const auto& build : {LogicalOr, LogicalAnd}) {
    const auto e = RaisedBy([&] { build(a, b); });
    CHECK(e.type == ErrorType::ValueError);
    CHECK(e.message == "Masks must have the same shape");
    CHECK(e.site == "splash.mask.logical_shapes");
  }
  for (const auto& op : {MaskOr, MaskAnd}) {
    const auto e = RaisedBy([&] { op(a, b); });
    CHECK(e.type == ErrorType::ValueError);
    CHECK(e.message == "Invalid shape for other: (4, 8), expected: (4, 4)");
    CHECK(e.site == "splash.mask.operator_shapes");
  }
}

TEST_CASE("ChunkedCausalMask: chunk_size must be positive, checked before the shard count") {
  for (int64_t chunk : {0, -3}) {
    const auto e = RaisedBy([&] { ChunkedCausalMask({4, 4}, chunk); });
    CHECK(e.type == ErrorType::ValueError);
    CHECK(e.message == "chunk_size must be positive");
    CHECK(e.site == "splash.mask.chunk_size");
  }
  CHECK(RaisedBy([] { ChunkedCausalMask({6, 6}, 0, 2); }).site == "splash.mask.chunk_size");
}

TEST_CASE("Computable masks: the q length must be a multiple of shard_count squared") {
  const std::vector<std::function<void()>> builds{
      [] {
        CausalMask({6, 6}, 0, 2);
      },
      [] {
        LocalMask({6, 6}, {1, 1}, 0, 2);
      },
      [] {
        ChunkedCausalMask({6, 6}, 2, 2);
      },
  };
  for (const auto& build : builds) {
    const auto e = RaisedBy(build);
    CHECK(e.type == ErrorType::ValueError);
    CHECK(e.message == "Shard count squared (4) must divide Q seq_len (6) evenly.");
    CHECK(e.site == "splash.mask.shard_count");
  }
  const auto e = RaisedBy([] { CausalMask({4, 4}, 0, 0); });
  CHECK(e.type == ErrorType::ZeroDivisionError);
  CHECK(e.message == "integer modulo by zero");
  CHECK(e.site == "splash.mask.shard_count");
  // The count is squared, so a negative one divides as its opposite does; the kv length is not checked.
  CHECK_FALSE(Raises([] { CausalMask({8, 6}, 0, -2); }));
  CHECK_FALSE(Raises([] { LocalMask({4, 7}, {1, 1}, 0, 2); }));
}

TEST_CASE("NumpyMask: the array must be 2-d, then bool") {
  using tilewalk::tpu::Array;
  using tilewalk::tpu::DType;
  using tilewalk::tpu::Shape;
  auto e = RaisedBy([] { NumpyMask(BoolArray(Shape{2, 2, 2}, std::vector<uint8_t>(8, 1))); });
  CHECK(e.type == ErrorType::ValueError);
  CHECK(e.message == "Expected a 2-dim array");
  CHECK(e.site == "splash.mask.numpy_rank");
  e = RaisedBy([] { NumpyMask(Array(Shape{2, 2}, DType::F32)); });
  CHECK(e.type == ErrorType::ValueError);
  CHECK(e.message == "Mask must be a boolean array");
  CHECK(e.site == "splash.mask.numpy_dtype");
  CHECK(RaisedBy([] { NumpyMask(Array(Shape{4}, DType::I32)); }).site == "splash.mask.numpy_rank");
  CHECK_FALSE(Raises([] { FromRows({{1, 0}}); }));
}
