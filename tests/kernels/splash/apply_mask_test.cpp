// The masking step shared by the splash bodies, run alone in a one-step launch in both layouts: keys in
// lanes (forward, dq) and, transposed, keys in sublanes (dkv). Each result is checked element by element
// against the rule written out here, on the second compute slice of a two-slice kv block.
#include "kernels/splash/apply_mask.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <optional>

#include "kernels/splash/mask_kinds.hpp"
#include "kernels/tpu/launch.hpp"

using namespace tilewalk::splash;
using tilewalk::tpu::Array;
using tilewalk::tpu::BlockIndex;
using tilewalk::tpu::DType;
using tilewalk::tpu::GridIndex;
using tilewalk::tpu::Shape;

namespace apply_mask_test {

constexpr int kBq = 128, kBkv = 256, kSliceStart = 128, kSliceSize = 128;
constexpr float kMaskValue = -1e30f;

// Row q of the q block, column kv of the kv block: the values each input holds.
float Logit(int q, int kv) {
  return std::sin(0.37f * static_cast<float>(q) + 0.11f * static_cast<float>(kv)) * 6.0f;
}
bool BlockMask(int q, int kv) {
  return (q * 7 + kv * 3) % 5 != 0;
}
int32_t QSegment(int q) {
  return q < 50 ? 1 : 2;
}
int32_t KvSegment(int kv) {
  return kv < 200 ? 1 : 2;
}

struct Layout {
  bool k_in_lanes = true;
  // An array of the layout's shape for a q-by-kv quantity: (rows_q, cols_kv), or transposed.
  Array QkArray(int q_count, int kv_count, DType dtype, const std::function<float(int, int)>& at) const {
    Array a(k_in_lanes ? Shape{q_count, kv_count} : Shape{kv_count, q_count}, dtype);
    for (int q = 0; q < q_count; ++q)
      for (int kv = 0; kv < kv_count; ++kv)
        a.SetFloat(k_in_lanes ? q * kv_count + kv : kv * q_count + q, at(q, kv));
    return a;
  }
};

struct Setup {
  bool loaded_mask = true;  // else the mask is computed: causal, from q_sequence and the kv offset
  bool should_not_mask = false;
  bool segment_ids = true;
  std::optional<float> soft_cap{};
};

// The computed mask: q ids 400..527 against kv ids 384..511 (the slice's first column is kv 384), so the
// diagonal crosses the tile.
constexpr int kQIdBase = 400, kKvOffset = 384;

// The expected value at (q, kv of the block), kv inside the slice.
float Expected(const Setup& s, int q, int kv) {
  bool keep = true;
  if (s.loaded_mask) keep = s.should_not_mask || BlockMask(q, kv);
  if (!s.loaded_mask) keep = kQIdBase + q >= kKvOffset + (kv - kSliceStart);
  if (s.segment_ids) keep = keep && QSegment(q) == KvSegment(kv);
  float x = Logit(q, kv);
  if (s.soft_cap) x = std::tanh(x / *s.soft_cap) * *s.soft_cap;
  return keep ? x : kMaskValue;
}

// Runs the masking on one step; returns the result in the layout's orientation, (kBq, slice) or
// (slice, kBq).
Array RunMasking(const Layout& layout, const Setup& s) {
  using tilewalk::tpu::Kernel;
  const bool lanes = layout.k_in_lanes;
  const Array qk =
      layout.QkArray(kBq, kSliceSize, DType::F32, [](int q, int c) { return Logit(q, kSliceStart + c); });
  // The mask block keeps the original's None dimension: (1, kBq, kBkv), or (1, kBkv, kBq).
  const Array mask =
      layout.QkArray(kBq, kBkv, DType::Bool, [](int q, int kv) { return BlockMask(q, kv) ? 1.f : 0.f; });
  Array mask3(Shape{1, mask.shape()[0], mask.shape()[1]}, DType::Bool);
  for (int64_t i = 0; i < mask.size(); ++i) mask3.SetFloat(i, mask.GetFloat(i));
  // Lanes: q ids and q segment ids (kBq, 128), kv segment ids (8, kBkv). Sublanes: (8, kBq) and (kBkv, 128).
  Array q_sequence(lanes ? Shape{kBq, 128} : Shape{8, kBq}, DType::I32);
  Array q_ids(lanes ? Shape{kBq, 128} : Shape{8, kBq}, DType::I32);
  Array kv_ids(lanes ? Shape{8, kBkv} : Shape{kBkv, 128}, DType::I32);
  for (int64_t i = 0; i < q_sequence.size(); ++i) {
    const int q = static_cast<int>(lanes ? i / 128 : i % kBq);
    q_sequence.Data<int32_t>()[i] = kQIdBase + q;
    q_ids.Data<int32_t>()[i] = QSegment(q);
  }
  for (int64_t i = 0; i < kv_ids.size(); ++i)
    kv_ids.Data<int32_t>()[i] = KvSegment(static_cast<int>(lanes ? i % kBkv : i / 128));
  Array out(qk.shape(), DType::F32);

  auto whole = [](int rank) {
    return [rank](const GridIndex&) { return rank == 3 ? BlockIndex{0, 0, 0} : BlockIndex{0, 0}; };
  };
  tilewalk::tpu::LaunchSpec spec;
  spec.name = "apply_mask_test";
  spec.grid = tilewalk::tpu::Dims{1};
  spec.dimension_semantics = {tilewalk::tpu::DimensionSemantics::Arbitrary};
  spec.inputs = {{"qk", &qk, {qk.shape(), whole(2)}},
                 {"mask", &mask3, {mask3.shape(), whole(3)}},
                 {"q_sequence", &q_sequence, {q_sequence.shape(), whole(2)}},
                 {"q_segment_ids", &q_ids, {q_ids.shape(), whole(2)}},
                 {"kv_segment_ids", &kv_ids, {kv_ids.shape(), whole(2)}}};
  spec.outputs = {{"out", &out, {out.shape(), whole(2)}}};
  spec.body = [&](Kernel& k) {
    MaskRefs refs;
    if (s.loaded_mask) refs.mask_ref = k.input(1);
    if (!s.loaded_mask) refs.q_sequence_ref = k.input(2);
    if (s.segment_ids) {
      refs.q_segment_ids_ref = k.input(3);
      refs.kv_segment_ids_ref = k.input(4);
    }
    MaskStatics statics{
        .mask_value = kMaskValue, .attn_logits_soft_cap = s.soft_cap, .bq = kBq, .k_in_lanes = lanes};
    if (!s.loaded_mask) statics.mask_function = CausalMask({1024, 1024});
    const tilewalk::tpu::Value logits = k.input(0)->load("apply_mask_test.qk", tilewalk::tpu::at({}));
    const tilewalk::tpu::Value masked = apply_mask_and_soft_cap(
        k, logits, s.should_not_mask, refs, tilewalk::tpu::ds(kSliceStart, kSliceSize), kKvOffset, statics);
    k.output(0)->store("apply_mask_test.out", tilewalk::tpu::at({}), masked);
  };
  const tilewalk::tpu::LaunchResult r =
      tilewalk::tpu::RunLaunch(spec, {.precision = tilewalk::tpu::Precision::Highest});
  REQUIRE_FALSE(r.error);
  return out;
}

// Mismatches between the run and Expected, over the slice.
int CountWrong(const Layout& layout, const Setup& s) {
  const Array out = RunMasking(layout, s);
  int wrong = 0;
  for (int q = 0; q < kBq; ++q)
    for (int c = 0; c < kSliceSize; ++c) {
      const float got = out.GetFloat(layout.k_in_lanes ? q * kSliceSize + c : c * kBq + q);
      const float want = Expected(s, q, kSliceStart + c);
      wrong += std::abs(got - want) > 1e-6f * (1.0f + std::abs(want));
    }
  return wrong;
}

}  // namespace apply_mask_test

using namespace apply_mask_test;

TEST_CASE("apply_mask: a loaded mask block, segment ids and the soft cap, keys in lanes and in sublanes") {
  for (const bool k_in_lanes : {true, false}) {
    CAPTURE(k_in_lanes);
    const Layout layout{k_in_lanes};
    CHECK(CountWrong(layout, {.loaded_mask = true, .should_not_mask = false, .soft_cap = 3.0f}) == 0);
    CHECK(CountWrong(layout, {.loaded_mask = true, .should_not_mask = false, .segment_ids = false}) == 0);
    // A full block skips the loaded mask: only the segment ids mask.
    CHECK(CountWrong(layout, {.loaded_mask = true, .should_not_mask = true}) == 0);
  }
}

TEST_CASE("apply_mask: a mask computed from q_sequence at the slice's kv offset, in both layouts") {
  for (const bool k_in_lanes : {true, false}) {
    CAPTURE(k_in_lanes);
    const Layout layout{k_in_lanes};
    CHECK(CountWrong(layout, {.loaded_mask = false}) == 0);
    CHECK(CountWrong(layout, {.loaded_mask = false, .segment_ids = false, .soft_cap = 2.0f}) == 0);
  }
}

TEST_CASE("apply_mask: the expectation can fail, the loaded mask matters when the block is partial") {
  // Claiming the block full when it is partial changes the result.
  const Layout layout{true};
  const Array partial = RunMasking(layout, {.loaded_mask = true, .should_not_mask = false});
  const Array full = RunMasking(layout, {.loaded_mask = true, .should_not_mask = true});
  CHECK_FALSE(partial.BitwiseEqual(full));
}
