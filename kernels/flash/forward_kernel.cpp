// [SECTIONS] dispatch · tiled body (start_new_sequence, run, store_output) · single-step body
#include "kernels/flash/forward_kernel.hpp"

#include <cassert>
#include <cstdlib>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <utility>

#include "kernels/flash/constants.hpp"
#include "kernels/tpu/ops.hpp"

namespace tilewalk::flash {

using namespace tpu::jnp;
using tpu::all;
using tpu::at;
using tpu::ds;
using tpu::DType;
using tpu::ErrorType;
using tpu::Kernel;
using tpu::Value;

namespace {

void flash_attention_kernel_single_batch(Kernel& k, int b, const ForwardRefs& r, const ForwardStatics& c);
void flash_attention_kernel_single_batch_single_step(Kernel& k, int b, const ForwardRefs& r,
                                                     const ForwardStatics& c);

}  // namespace

void flash_attention_kernel(Kernel& k, const ForwardRefs& r, const ForwardStatics& c) {
  const int block_b = r.q_tile_ref->shape(0);
  const bool single_step = c.block_k == c.kv_seq_len;  // nothing to tile: skip the running statistics
  for (int batch_idx = 0; batch_idx < block_b; ++batch_idx) {
    if (single_step)
      flash_attention_kernel_single_batch_single_step(k, batch_idx, r, c);
    else
      flash_attention_kernel_single_batch(k, batch_idx, r, c);
  }
}

namespace {

// ---- tiled body ---------------------------------------------------------------------------------

void flash_attention_kernel_single_batch(Kernel& k, int batch_idx, const ForwardRefs& r,
                                         const ForwardStatics& c) {
  const int b = k.scalar("fwd.call", batch_idx);  // the call binds the batch row and the refs
  const int block_k_major = k.scalar("fwd.block_k_major", r.k_tile_ref->shape(2));
  const int block_q = k.scalar("fwd.block_q", r.q_tile_ref->shape(2));
  const int head_dim = k.scalar("fwd.head_dim", r.q_tile_ref->shape(-1));
  const int block_k = c.block_k;

  const int kv_seq_idx = k.scalar("fwd.kv_seq_idx", k.program_id(3));
  k.when(kv_seq_idx == 0, "fwd.start_new_sequence", [&] {
    const float neg_inf = -std::numeric_limits<float>::infinity();
    r.m_scratch_ref->store("fwd.start.m", at({b, 0}),
                           k.stmt("fwd.start.m_init", [&] { return full(block_q, kMinBlockSize, neg_inf); }));
    r.l_scratch_ref->store("fwd.start.l", at({b, 0}),
                           k.stmt("fwd.start.l_init", [&] { return zeros(block_q, kMinBlockSize); }));
    r.acc_scratch_ref->store("fwd.start.acc", at({b, 0}),
                             k.stmt("fwd.start.acc_init", [&] { return zeros(block_q, head_dim); }));
  });

  const int q_seq_idx = k.scalar("fwd.q_seq_idx", k.program_id(2));
  bool should_run = true;
  if (k.scalar("fwd.causal", c.causal))
    should_run = k.scalar("fwd.should_run",
                          below_or_on_diag(q_seq_idx, block_q, kv_seq_idx, block_k_major, c.non_strict_diag));
  else
    should_run = k.scalar("fwd.should_run_always", true);

  k.when(should_run, "fwd.run", [&] {
    k.loop("fwd.run.minor_loop", 0, block_k_major, block_k, [&](int start_k) {
      const Value m_prev = r.m_scratch_ref->load("fwd.run.m_prev", at({b, 0}));
      const Value l_prev = r.l_scratch_ref->load("fwd.run.l_prev", at({b, 0}));
      const Value q = r.q_tile_ref->load("fwd.run.q", at({b, 0}));
      const Value kk = r.k_tile_ref->load("fwd.run.k", at({b, 0}, ds(start_k, block_k), all));

      Value s = k.stmt("fwd.run.s", [&] { return dot_general_trans_b(q, kk); });

      if (k.scalar("fwd.run.has_ab", r.ab_tile_ref != nullptr)) {
        const Value ab = r.ab_tile_ref->load("fwd.run.ab", at({b, 0}, all, ds(start_k, block_k)));
        s = k.stmt("fwd.run.add_ab", [&] { return s + astype(ab, DType::F32); });
      }
      if (k.scalar("fwd.run.has_scale", c.sm_scale != 1.0f))
        s = k.stmt("fwd.run.scale", [&] { return s * c.sm_scale; });

      std::optional<Value> mask = k.scalar("fwd.run.mask_none", std::optional<Value>{});
      if (k.scalar("fwd.run.has_segment_ids", r.q_segment_ids_tile_ref != nullptr)) {
        const auto [repeats, rem] = k.scalar("fwd.run.lane_repeats", std::div(block_k, kNumLanes));
        if (k.scalar("fwd.run.lane_rem", rem != 0))
          k.raise(ErrorType::NotImplementedError, "fwd.run.segment_lane_rule",
                  "kv block size must be a multiple of " + std::to_string(kNumLanes));
        const Value q_ids_lanes = r.q_segment_ids_tile_ref->load("fwd.run.q_segment_ids", at({b}));
        const Value q_segment_ids = k.stmt("fwd.run.q_segment_tile",
                                           [&, repeats = repeats] { return tile(q_ids_lanes, 1, repeats); });
        const Value kv_segment_ids = r.kv_segment_ids_tile_ref->load("fwd.run.kv_segment_ids",
                                                                     at({b}, ds(0, 1), ds(start_k, block_k)));
        mask = k.stmt("fwd.run.segment_mask", [&] { return equal(q_segment_ids, kv_segment_ids); });
      }

      if (k.scalar("fwd.run.causal", c.causal)) {
        const auto mask_shape = k.scalar("fwd.run.mask_shape", std::pair{block_q, block_k});
        const Value row_ids = k.stmt("fwd.run.row_ids", [&] {
          return broadcasted_iota(mask_shape.first, mask_shape.second, 0) + (q_seq_idx * block_q);
        });
        const Value col_ids = k.stmt("fwd.run.col_ids", [&] {
          return broadcasted_iota(mask_shape.first, mask_shape.second, 1) +
                 (kv_seq_idx * block_k_major + start_k);
        });
        const Value causal_mask = k.stmt("fwd.run.causal_mask", [&] { return less_equal(col_ids, row_ids); });
        mask = k.stmt("fwd.run.combine_masks",
                      [&] { return mask ? logical_and(*mask, causal_mask) : causal_mask; });
      }

      s = k.stmt("fwd.run.apply_mask", [&] { return mask ? s + where(*mask, 0.0f, c.mask_value) : s; });

      const Value m_curr = k.stmt("fwd.run.m_curr", [&] { return row_max(s); });
      const Value m_next = k.stmt("fwd.run.m_next", [&] { return maximum(m_prev, m_curr); });

      const auto [block_k_repeats, block_k_rem] =
          k.scalar("fwd.run.block_k_repeats", std::div(block_k, kMinBlockSize));
      if (k.scalar("fwd.run.block_k_rem", block_k_rem != 0))
        k.raise(ErrorType::NotImplementedError, "fwd.run.block_k_rule",
                "block_k=" + std::to_string(block_k) + " should be a multiple of " +
                    std::to_string(kMinBlockSize));
      const Value p = k.stmt("fwd.run.p", [&, block_k_repeats = block_k_repeats] {
        return exp(s - tile(m_next, 1, block_k_repeats));
      });

      const Value alpha = k.stmt("fwd.run.alpha", [&] { return exp(m_prev - m_next); });
      const Value l_corr = k.stmt("fwd.run.l_corr", [&] { return alpha * l_prev; });
      const Value l_next = k.stmt("fwd.run.l_next", [&] { return row_sum(p) + l_corr; });

      // l and m are 128 lanes wide; acc is head_dim wide. Widen by tiling, or narrow by slicing.
      using Broadcast = std::function<Value(const Value&)>;
      const auto [head_dim_repeats, head_dim_rem] =
          k.scalar("fwd.run.head_dim_repeats", std::div(head_dim, kMinBlockSize));
      Broadcast l_broadcast =
          k.scalar("fwd.run.l_broadcast", Broadcast([&, head_dim_repeats = head_dim_repeats](const Value& l) {
                     return tile(l, 1, head_dim_repeats);
                   }));
      if (k.scalar("fwd.run.head_dim_rem", head_dim_rem != 0)) {
        if (k.scalar("fwd.run.head_dim_below_lanes", head_dim_repeats == 0))
          l_broadcast = k.scalar("fwd.run.l_broadcast_slice",
                                 Broadcast([&](const Value& l) { return slice_cols(l, 0, head_dim); }));
        else
          k.raise(ErrorType::NotImplementedError, "fwd.run.head_dim_rule",
                  "head_dim=" + std::to_string(head_dim) + " should be a multiple of " +
                      std::to_string(kMinBlockSize) + " if larger");
      }

      r.l_scratch_ref->store("fwd.run.store_l", at({b, 0}), l_next);
      r.m_scratch_ref->store("fwd.run.store_m", at({b, 0}), m_next);

      const Value l_next_inv_safe =
          k.stmt("fwd.run.l_next_inv_safe", [&] { return where(equal(l_next, 0.0f), 1.0f, 1.0f / l_next); });
      const Value acc_scale =
          k.stmt("fwd.run.acc_scale", [&] { return l_broadcast(l_corr * l_next_inv_safe); });
      r.acc_scratch_ref->store_mul("fwd.run.acc_rescale", at({b, 0}), acc_scale);

      const Value v = r.v_tile_ref->load("fwd.run.v", at({b, 0}, ds(start_k, block_k), all));
      const Value o_curr = k.stmt("fwd.run.o_curr", [&] { return dot(astype(p, v.dtype()), v); });
      const Value o_scaled =
          k.stmt("fwd.run.o_scaled", [&] { return o_curr * l_broadcast(l_next_inv_safe); });
      r.acc_scratch_ref->store_add("fwd.run.acc_update", at({b, 0}), o_scaled);
    });
  });

  k.when(kv_seq_idx == c.kv_seq_len / block_k_major - 1, "fwd.store_output", [&] {
    const Value acc = r.acc_scratch_ref->load("fwd.store.acc", at({b, 0}));
    r.o_tile_ref->store("fwd.store.o", at({b, 0}),
                        k.stmt("fwd.store.o_cast", [&] { return astype(acc, r.o_tile_ref->dtype()); }));
    if (k.scalar("fwd.store.has_l", r.l_ref != nullptr)) {
      const Value l = r.l_scratch_ref->load("fwd.store.l_scratch", at({b, 0}));
      r.l_ref->store("fwd.store.l", at({b, 0}),
                     k.stmt("fwd.store.l_cast", [&] { return astype(l, r.l_ref->dtype()); }));
    }
    if (k.scalar("fwd.store.has_m", r.m_ref != nullptr)) {
      const Value m = r.m_scratch_ref->load("fwd.store.m_scratch", at({b, 0}));
      r.m_ref->store("fwd.store.m", at({b, 0}),
                     k.stmt("fwd.store.m_cast", [&] { return astype(m, r.m_ref->dtype()); }));
    }
  });
}

// ---- single-step body ---------------------------------------------------------------------------

void flash_attention_kernel_single_batch_single_step(Kernel& k, int batch_idx, const ForwardRefs& r,
                                                     const ForwardStatics& c) {
  const int b = k.scalar("fwd_single.call", batch_idx);  // the call binds the batch row and the refs
  const int block_k_major = k.scalar("fwd_single.block_k_major", r.k_tile_ref->shape(2));
  const int block_q = k.scalar("fwd_single.block_q", r.q_tile_ref->shape(2));
  const int block_k = c.block_k;

  [[maybe_unused]] const bool one_block =
      k.scalar("fwd_single.one_block", c.kv_seq_len == block_k_major && block_k_major == block_k);
  assert(one_block && "the dispatch picks this body only when one kv block covers the sequence");

  const Value q = r.q_tile_ref->load("fwd_single.q", at({b, 0}));
  const Value kk = r.k_tile_ref->load("fwd_single.k", at({b, 0}));
  Value s = k.stmt("fwd_single.s", [&] { return dot_general_trans_b(q, kk); });

  if (k.scalar("fwd_single.has_ab", r.ab_tile_ref != nullptr)) {
    const Value ab = r.ab_tile_ref->load("fwd_single.ab", at({b, 0}));
    s = k.stmt("fwd_single.add_ab", [&] { return s + astype(ab, DType::F32); });
  }
  if (k.scalar("fwd_single.has_scale", c.sm_scale != 1.0f))
    s = k.stmt("fwd_single.scale", [&] { return s * c.sm_scale; });

  std::optional<Value> mask = k.scalar("fwd_single.mask_none", std::optional<Value>{});
  if (k.scalar("fwd_single.has_segment_ids", r.q_segment_ids_tile_ref != nullptr)) {
    const auto [repeats, rem] = k.scalar("fwd_single.lane_repeats", std::div(block_k, kNumLanes));
    if (k.scalar("fwd_single.lane_rem", rem != 0))
      k.raise(ErrorType::NotImplementedError, "fwd_single.segment_lane_rule",
              "kv block size must be a multiple of " + std::to_string(kNumLanes));
    const Value q_ids_lanes = r.q_segment_ids_tile_ref->load("fwd_single.q_segment_ids", at({b}));
    const Value q_segment_ids =
        k.stmt("fwd_single.q_segment_tile", [&, repeats = repeats] { return tile(q_ids_lanes, 1, repeats); });
    const Value kv_segment_ids =
        r.kv_segment_ids_tile_ref->load("fwd_single.kv_segment_ids", at({b}, ds(0, 1), all));
    mask = k.stmt("fwd_single.segment_mask", [&] { return equal(q_segment_ids, kv_segment_ids); });
  }

  if (k.scalar("fwd_single.causal", c.causal)) {
    const int q_seq_idx = k.scalar("fwd_single.q_seq_idx", k.program_id(2));
    const auto mask_shape = k.scalar("fwd_single.mask_shape", std::pair{block_q, block_k});
    const Value row_ids = k.stmt("fwd_single.row_ids", [&] {
      return broadcasted_iota(mask_shape.first, mask_shape.second, 0) + (q_seq_idx * block_q);
    });
    const Value col_ids = k.stmt("fwd_single.col_ids",
                                 [&] { return broadcasted_iota(mask_shape.first, mask_shape.second, 1); });
    const Value causal_mask = k.stmt("fwd_single.causal_mask", [&] { return less_equal(col_ids, row_ids); });
    mask = k.stmt("fwd_single.combine_masks",
                  [&] { return mask ? logical_and(*mask, causal_mask) : causal_mask; });
  }
  s = k.stmt("fwd_single.apply_mask", [&] { return mask ? s + where(*mask, 0.0f, c.mask_value) : s; });

  const Value m = k.stmt("fwd_single.m", [&] { return row_max(s); });
  Value p = k.stmt("fwd_single.p", [&] { return exp(s - m); });
  const Value l = k.stmt("fwd_single.l", [&] { return row_sum(p); });
  p = k.stmt("fwd_single.normalize", [&] { return p / l; });

  if (k.scalar("fwd_single.has_m", r.m_ref != nullptr))
    r.m_ref->store("fwd_single.store_m", at({b, 0}),
                   k.stmt("fwd_single.m_lanes", [&] { return broadcast_to(m, block_q, kMinBlockSize); }));
  if (k.scalar("fwd_single.has_l", r.l_ref != nullptr))
    r.l_ref->store("fwd_single.store_l", at({b, 0}),
                   k.stmt("fwd_single.l_lanes", [&] { return broadcast_to(l, block_q, kMinBlockSize); }));

  const Value v = r.v_tile_ref->load("fwd_single.v", at({b, 0}));
  const Value o = k.stmt("fwd_single.o", [&] { return dot(astype(p, v.dtype()), v); });
  r.o_tile_ref->store("fwd_single.store_o", at({b, 0}),
                      k.stmt("fwd_single.o_cast", [&] { return astype(o, r.o_tile_ref->dtype()); }));
}

}  // namespace
}  // namespace tilewalk::flash
