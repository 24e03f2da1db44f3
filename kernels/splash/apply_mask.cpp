#include "kernels/splash/apply_mask.hpp"

#include <cassert>
#include <cstdlib>
#include <string>
#include <vector>

#include "kernels/splash/constants.hpp"
#include "kernels/splash/squeezed_index.hpp"
#include "kernels/tpu/ops.hpp"

namespace tilewalk::splash {

using namespace tpu::jnp;
using tpu::all;
using tpu::ds;
using tpu::DType;
using tpu::ErrorType;
using tpu::Slice;
using tpu::Value;

namespace {

// The mask function evaluated on two int32 tiles of one shape: what mask_function(q_sequence, k_sequence)
// computes in the original, one vector operation per register.
Value EvaluateMaskFunction(const Mask& mask, const Value& q_sequence, const Value& k_sequence) {
  assert(q_sequence.rows() == k_sequence.rows() && q_sequence.cols() == k_sequence.cols() &&
         "the mask function takes q and kv ids of one shape");
  const int rows = q_sequence.rows(), cols = q_sequence.cols();
  if (q_sequence.traced() || k_sequence.traced()) return Value::ShapeOnly(rows, cols, DType::Bool);
  tpu::CurrentOpContext().counts.vreg_ops += VregCount(rows, cols);
  const tpu::IntMatrix& q = q_sequence.ints();
  const tpu::IntMatrix& kv = k_sequence.ints();
  return Value::Build(rows, cols, DType::Bool, [&](tpu::Matrix& out) {
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c) out(r, c) = mask.MaskFunction(q(r, c), kv(r, c)) ? 1.0f : 0.0f;
  });
}

}  // namespace

Value apply_mask_and_soft_cap(tpu::Kernel& k, const Value& qk, bool should_not_mask, const MaskRefs& r,
                              Slice k_slice, int k_offset, const MaskStatics& c) {
  assert((r.mask_ref == nullptr || r.q_sequence_ref == nullptr) &&
         "a launch loads a mask block or computes the mask, never both");
  assert((r.q_sequence_ref == nullptr) == !c.mask_function.has_value() &&
         "q_sequence and the mask function come together");
  const int bq = c.bq;
  const int lanes = static_cast<int>(kNumLanes);
  [[maybe_unused]] const int sublanes = static_cast<int>(kNumSublanes);  // read by the asserts only

  std::vector<Value> masks;
  if (k.scalar("splash.apply_mask.has_mask_ref", r.mask_ref != nullptr)) {
    const Value mask =
        c.k_in_lanes ? r.mask_ref->load("splash.apply_mask.mask_kv_cols", Squeezed(r.mask_ref, all, k_slice))
                     : r.mask_ref->load("splash.apply_mask.mask_kv_rows", Squeezed(r.mask_ref, k_slice, all));
    masks.push_back(k.stmt("splash.apply_mask.unless_full", [&] {
      return logical_or(mask, full(mask.rows(), mask.cols(), should_not_mask ? 1.0f : 0.0f, DType::Bool));
    }));
  }

  if (k.scalar("splash.apply_mask.has_mask_function", c.mask_function.has_value())) {
    Value q_sequence, k_sequence;
    if (k.scalar("splash.apply_mask.function_k_in_lanes", c.k_in_lanes)) {
      assert(r.q_sequence_ref->shape(0) == bq && r.q_sequence_ref->shape(1) == lanes &&
             "q_sequence comes as (block_q, 128) when keys are in lanes");
      k_sequence = k.stmt("splash.apply_mask.k_sequence_lanes",
                          [&] { return broadcasted_iota(bq, k_slice.size, 1) + k_offset; });
      const auto [repeats, rem] =
          k.scalar("splash.apply_mask.q_sequence_repeats", std::div(k_slice.size, lanes));
      assert(rem == 0 && "a kv compute block is a whole number of lanes (the entry checks ensure it)");
      const Value q_ids =
          r.q_sequence_ref->load("splash.apply_mask.q_sequence", Squeezed(r.q_sequence_ref, all, all));
      q_sequence = k.stmt("splash.apply_mask.q_sequence_tile",
                          [&, repeats = repeats] { return Value(tile(q_ids, 1, repeats)); });
    } else {
      assert(r.q_sequence_ref->shape(0) == sublanes && r.q_sequence_ref->shape(1) == bq &&
             "q_sequence comes as (8, block_q) when keys are in sublanes");
      k_sequence = k.stmt("splash.apply_mask.k_sequence_sublanes",
                          [&] { return broadcasted_iota(k_slice.size, bq, 0) + k_offset; });
      const Value q_ids = r.q_sequence_ref->load("splash.apply_mask.q_sequence_row",
                                                 Squeezed(r.q_sequence_ref, ds(0, 1), all));
      q_sequence = k.stmt("splash.apply_mask.q_sequence_broadcast",
                          [&] { return broadcast_to(q_ids, k_slice.size, bq); });
    }
    masks.push_back(k.stmt("splash.apply_mask.computed_mask",
                           [&] { return EvaluateMaskFunction(*c.mask_function, q_sequence, k_sequence); }));
  }

  if (k.scalar("splash.apply_mask.has_segment_ids", r.q_segment_ids_ref != nullptr)) {
    Value q_ids, kv_ids;
    if (k.scalar("splash.apply_mask.segments_k_in_lanes", c.k_in_lanes)) {
      kv_ids = r.kv_segment_ids_ref->load("splash.apply_mask.kv_ids",
                                          Squeezed(r.kv_segment_ids_ref, ds(0, 1), k_slice));
      const auto [repeats, rem] =
          k.scalar("splash.apply_mask.kv_ids_repeats", std::div(kv_ids.cols(), lanes));
      if (k.scalar("splash.apply_mask.kv_ids_rem", rem != 0))
        k.raise(ErrorType::NotImplementedError, "splash.apply_mask.kv_lane_rule",
                "block_kv must be a multiple of " + std::to_string(lanes));
      const Value q_lanes =
          r.q_segment_ids_ref->load("splash.apply_mask.q_ids_lanes", Squeezed(r.q_segment_ids_ref, all, all));
      q_ids = k.stmt("splash.apply_mask.q_ids_tile",
                     [&, repeats = repeats] { return Value(tile(q_lanes, 1, repeats)); });
    } else {
      assert(bq == r.q_segment_ids_ref->shape(-1) &&
             "q segment ids come as (8, block_q) when keys are in sublanes");
      const auto [repeats, rem] = k.scalar("splash.apply_mask.q_ids_repeats", std::div(bq, lanes));
      if (k.scalar("splash.apply_mask.q_ids_rem", rem != 0))
        k.raise(ErrorType::NotImplementedError, "splash.apply_mask.q_lane_rule",
                "block_q must be a multiple of " + std::to_string(lanes));
      const Value kv_lanes = r.kv_segment_ids_ref->load("splash.apply_mask.kv_ids_lanes",
                                                        Squeezed(r.kv_segment_ids_ref, k_slice, all));
      kv_ids = k.stmt("splash.apply_mask.kv_ids_tile",
                      [&, repeats = repeats] { return Value(tile(kv_lanes, 1, repeats)); });
      q_ids = r.q_segment_ids_ref->load("splash.apply_mask.q_ids_row",
                                        Squeezed(r.q_segment_ids_ref, ds(0, 1), all));
    }
    masks.push_back(k.stmt("splash.apply_mask.segment_mask", [&] { return equal(q_ids, kv_ids); }));
  }

  const auto cap_logits = [&](const Value& logits) {
    if (!k.scalar("splash.apply_mask.has_soft_cap", c.attn_logits_soft_cap.has_value())) return logits;
    const float cap = *c.attn_logits_soft_cap;
    const Value capped = k.stmt("splash.apply_mask.soft_cap_tanh", [&] { return tanh(logits / cap); });
    return k.stmt("splash.apply_mask.soft_cap_scale", [&] { return capped * cap; });
  };

  if (k.scalar("splash.apply_mask.has_masks", !masks.empty())) {
    const Value mask = k.stmt("splash.apply_mask.combine", [&] {
      Value combined = masks.front();
      for (std::size_t m = 1; m < masks.size(); ++m) combined = logical_and(combined, masks[m]);
      return combined;
    });
    const Value capped = cap_logits(qk);
    return k.stmt("splash.apply_mask.where", [&] { return where(mask, capped, c.mask_value); });
  }
  return cap_logits(qk);
}

}  // namespace tilewalk::splash
