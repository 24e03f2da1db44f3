// The dK/dV body. The grid's innermost axis walks q blocks, so dk and dv of one kv block accumulate in
// scratch across the whole q sequence and are written out once, at the last q block.
#include <cstdlib>
#include <optional>
#include <utility>

#include "kernels/flash/backward_kernels.hpp"
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

void flash_attention_dkv_kernel(Kernel& k, const DkvRefs& r, const BackwardStatics& c) {
  const BackwardInputRefs& in = r.in;
  const int block_q_major = k.scalar("dkv.block_q_major", in.q_tile_ref->shape(2));
  const int block_k_major = k.scalar("dkv.block_k_major", in.k_tile_ref->shape(2));
  const int block_q = c.block_q, block_k = c.block_k;

  const int q_seq_index = k.scalar("dkv.q_seq_index", k.program_id(3));
  const int kv_seq_index = k.scalar("dkv.kv_seq_index", k.program_id(2));

  k.when(q_seq_index == 0, "dkv.start_new_sequence", [&] {
    r.dk_scratch_ref->store("dkv.start.dk", at({}), k.stmt("dkv.start.dk_zeros", [&] {
      return zeros(block_k_major, r.dk_scratch_ref->shape(1));
    }));
    r.dv_scratch_ref->store("dkv.start.dv", at({}), k.stmt("dkv.start.dv_zeros", [&] {
      return zeros(block_k_major, r.dv_scratch_ref->shape(1));
    }));
  });

  const auto q_body = k.scalar("dkv.q_body", [&](int j) {
    const int start_q = k.scalar("dkv.run.start_q", j * block_q);
    const auto k_body = k.scalar("dkv.run.k_body", [&](int i) {
      const int start_k = k.scalar("dkv.run.start_k", i * block_k);
      const Value kk = in.k_tile_ref->load("dkv.run.k", at({0, 0}, ds(start_k, block_k), all));
      const Value v = in.v_tile_ref->load("dkv.run.v", at({0, 0}, ds(start_k, block_k), all));
      const Value q = in.q_tile_ref->load("dkv.run.q", at({0, 0}, ds(start_q, block_q), all));
      const Value l = in.l_tile_ref->load("dkv.run.l", at({0, 0}, ds(start_q, block_q), all));
      const Value m = in.m_tile_ref->load("dkv.run.m", at({0, 0}, ds(start_q, block_q), all));
      const Value d_o = in.do_tile_ref->load("dkv.run.do", at({0, 0}, ds(start_q, block_q), all));
      const Value di_raw = in.di_tile_ref->load("dkv.run.di", at({0, 0}, ds(start_q, block_q), all));
      const Value di = k.stmt("dkv.run.di_f32", [&] { return astype(di_raw, DType::F32); });

      Value capped_logits = k.stmt("dkv.run.s", [&] { return dot_general_trans_b(q, kk); });
      if (k.scalar("dkv.run.has_ab", in.ab_tile_ref != nullptr)) {
        const Value ab = in.ab_tile_ref->load("dkv.run.ab",
                                              at({0, 0}, ds(j * block_q, block_q), ds(i * block_k, block_k)));
        capped_logits = k.stmt("dkv.run.add_ab", [&] { return capped_logits + astype(ab, DType::F32); });
      }
      if (k.scalar("dkv.run.has_scale", c.sm_scale != 1.0f))
        capped_logits = k.stmt("dkv.run.scale", [&] { return capped_logits * c.sm_scale; });

      std::optional<Value> mask = k.scalar("dkv.run.mask_none", std::optional<Value>{});
      if (k.scalar("dkv.run.has_segment_ids", in.q_segment_ids_tile_ref != nullptr)) {
        const auto [repeats, rem] = k.scalar("dkv.run.lane_repeats", std::div(block_k, kNumLanes));
        // The original raises this one with no message at all.
        if (k.scalar("dkv.run.lane_rem", rem != 0))
          k.raise(ErrorType::NotImplementedError, "dkv.run.segment_lane_rule", "");
        const Value q_ids_lanes =
            in.q_segment_ids_tile_ref->load("dkv.run.q_segment_ids", at({0}, ds(start_q, block_q), all));
        const Value q_segment_ids = k.stmt("dkv.run.q_segment_tile",
                                           [&, repeats = repeats] { return tile(q_ids_lanes, 1, repeats); });
        const Value kv_segment_ids = in.kv_segment_ids_tile_ref->load(
            "dkv.run.kv_segment_ids", at({0}, ds(0, 1), ds(start_k, block_k)));
        mask = k.stmt("dkv.run.segment_mask", [&] { return equal(q_segment_ids, kv_segment_ids); });
      }
      if (k.scalar("dkv.run.causal", c.causal)) {
        const auto mask_shape = k.scalar("dkv.run.mask_shape", std::pair{block_q, block_k});
        const Value row_ids = k.stmt("dkv.run.row_ids", [&] {
          return broadcasted_iota(mask_shape.first, mask_shape.second, 0) +
                 (q_seq_index * block_q_major + start_q);
        });
        const Value col_ids = k.stmt("dkv.run.col_ids", [&] {
          return broadcasted_iota(mask_shape.first, mask_shape.second, 1) +
                 (kv_seq_index * block_k_major + start_k);
        });
        const Value causal_mask = k.stmt("dkv.run.causal_mask", [&] { return less_equal(col_ids, row_ids); });
        mask = k.stmt("dkv.run.combine_masks",
                      [&] { return mask ? logical_and(*mask, causal_mask) : causal_mask; });
      }
      capped_logits = k.stmt("dkv.run.apply_mask", [&] {
        return mask ? capped_logits + where(*mask, 0.0f, c.mask_value) : capped_logits;
      });

      // No multiple-of-128 check here: block_k // 128 tiles m to 0 or 1 register too few, and the
      // subtraction below fails while tracing instead.
      const int lane_tiles = block_k / kMinBlockSize;
      Value p = k.stmt("dkv.run.p", [&] { return exp(capped_logits - tile(m, 1, lane_tiles)); });
      p = k.stmt("dkv.run.p_normalize", [&] { return p * tile(1.0f / l, 1, lane_tiles); });

      const Value dv = k.stmt("dkv.run.dv", [&] { return dot(astype(transpose(p), d_o.dtype()), d_o); });
      r.dv_scratch_ref->store_add(
          "dkv.run.dv_accumulate", at({}, ds(start_k, block_k), all),
          k.stmt("dkv.run.dv_cast", [&] { return astype(dv, r.dv_scratch_ref->dtype()); }));

      const Value dp = k.stmt("dkv.run.dp", [&] { return dot_general_trans_b(d_o, v); });
      Value d_s = k.stmt("dkv.run.ds", [&] { return (dp - tile(di, 1, lane_tiles)) * p; });
      if (k.scalar("dkv.run.has_ds_scale", c.sm_scale != 1.0f))
        d_s = k.stmt("dkv.run.ds_scale", [&] { return d_s * c.sm_scale; });

      const Value dk = k.stmt("dkv.run.dk", [&] { return dot(astype(transpose(d_s), d_o.dtype()), q); });
      r.dk_scratch_ref->store_add(
          "dkv.run.dk_accumulate", at({}, ds(start_k, block_k), all),
          k.stmt("dkv.run.dk_cast", [&] { return astype(dk, r.dk_scratch_ref->dtype()); }));
    });
    k.loop("dkv.run.k_loop", 0, block_k_major / block_k, 1, k_body);
  });

  bool should_run = true;
  if (k.scalar("dkv.causal", c.causal))
    should_run = k.scalar("dkv.should_run", below_or_on_diag(q_seq_index, block_q_major, kv_seq_index,
                                                             block_k_major, c.non_strict_diag));
  else
    should_run = k.scalar("dkv.should_run_always", true);
  k.when(should_run, "dkv.run", [&] { k.loop("dkv.run.q_loop", 0, block_q_major / block_q, 1, q_body); });

  k.when(q_seq_index == c.q_seq_len / block_q_major - 1, "dkv.end_of_q_sequence", [&] {
    const Value dv = r.dv_scratch_ref->load("dkv.end.dv_scratch", at({}));
    r.dv_tile_ref->store("dkv.end.dv", at({0, 0}),
                         k.stmt("dkv.end.dv_cast", [&] { return astype(dv, r.dv_tile_ref->dtype()); }));
    const Value dk = r.dk_scratch_ref->load("dkv.end.dk_scratch", at({}));
    r.dk_tile_ref->store("dkv.end.dk", at({0, 0}),
                         k.stmt("dkv.end.dk_cast", [&] { return astype(dk, r.dk_tile_ref->dtype()); }));
  });
}

}  // namespace tilewalk::flash
