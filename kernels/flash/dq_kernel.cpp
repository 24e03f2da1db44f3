// The dQ body. The grid's innermost axis walks kv blocks, so dq of one q block accumulates in scratch
// across the kv sequence. With a bias, ds is also the bias gradient, written block by block, and zeroed
// on skipped steps so that no stale VMEM is written back.
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

void flash_attention_dq_kernel(Kernel& k, const DqRefs& r, const BackwardStatics& c) {
  const BackwardInputRefs& in = r.in;
  const int block_k_major = k.scalar("dq.block_k_major", in.k_tile_ref->shape(2));
  const int block_q_major = k.scalar("dq.block_q_major", in.q_tile_ref->shape(2));
  const int block_k = c.block_k;

  const int kv_seq_index = k.scalar("dq.kv_seq_index", k.program_id(3));
  const int q_seq_index = k.scalar("dq.q_seq_index", k.program_id(2));

  k.when(kv_seq_index == 0, "dq.start_new_sequence", [&] {
    r.dq_scratch_ref->store("dq.start.dq", at({}), k.stmt("dq.start.dq_zeros", [&] {
      return zeros(block_q_major, r.dq_scratch_ref->shape(1));
    }));
  });

  const auto body = k.scalar("dq.body", [&](int i) {
    const tpu::Slice k_slice = k.scalar("dq.run.k_slice", ds(i * block_k, block_k));
    const Value q = in.q_tile_ref->load("dq.run.q", at({0, 0}));
    const Value kk = in.k_tile_ref->load("dq.run.k", at({0, 0}, k_slice, all));
    const Value v = in.v_tile_ref->load("dq.run.v", at({0, 0}, k_slice, all));
    const Value l = in.l_tile_ref->load("dq.run.l", at({0, 0}));
    const Value m = in.m_tile_ref->load("dq.run.m", at({0, 0}));
    const Value d_o = in.do_tile_ref->load("dq.run.do", at({0, 0}));
    const Value di_raw = in.di_tile_ref->load("dq.run.di", at({0, 0}));
    const Value di = k.stmt("dq.run.di_f32", [&] { return astype(di_raw, DType::F32); });

    Value capped_logits = k.stmt("dq.run.s", [&] { return dot_general_trans_b(q, kk); });
    if (k.scalar("dq.run.has_ab", in.ab_tile_ref != nullptr)) {
      const Value ab = in.ab_tile_ref->load("dq.run.ab", at({0, 0}, all, k_slice));
      capped_logits = k.stmt("dq.run.add_ab", [&] { return capped_logits + astype(ab, DType::F32); });
    }
    if (k.scalar("dq.run.has_scale", c.sm_scale != 1.0f))
      capped_logits = k.stmt("dq.run.scale", [&] { return capped_logits * c.sm_scale; });

    std::optional<Value> mask = k.scalar("dq.run.mask_none", std::optional<Value>{});
    if (k.scalar("dq.run.has_segment_ids", in.q_segment_ids_tile_ref != nullptr)) {
      const auto [repeats, rem] = k.scalar("dq.run.lane_repeats", std::div(block_k, kNumLanes));
      if (k.scalar("dq.run.lane_rem", rem != 0))
        k.raise(ErrorType::NotImplementedError, "dq.run.segment_lane_rule",
                "kv block size must be a multiple of " + std::to_string(kNumLanes));
      const Value q_ids_lanes = in.q_segment_ids_tile_ref->load("dq.run.q_segment_ids", at({0}));
      const Value q_segment_ids =
          k.stmt("dq.run.q_segment_tile", [&, repeats = repeats] { return tile(q_ids_lanes, 1, repeats); });
      const Value kv_segment_ids =
          in.kv_segment_ids_tile_ref->load("dq.run.kv_segment_ids", at({0}, ds(0, 1), k_slice));
      mask = k.stmt("dq.run.segment_mask", [&] { return equal(q_segment_ids, kv_segment_ids); });
    }
    if (k.scalar("dq.run.causal", c.causal)) {
      const auto mask_shape = k.scalar("dq.run.mask_shape", std::pair{block_q_major, block_k});
      const Value row_ids = k.stmt("dq.run.row_ids", [&] {
        return broadcasted_iota(mask_shape.first, mask_shape.second, 0) + (q_seq_index * block_q_major);
      });
      const Value col_ids = k.stmt("dq.run.col_ids", [&] {
        return broadcasted_iota(mask_shape.first, mask_shape.second, 1) +
               (kv_seq_index * block_k_major + i * block_k);
      });
      const Value causal_mask = k.stmt("dq.run.causal_mask", [&] { return less_equal(col_ids, row_ids); });
      mask = k.stmt("dq.run.combine_masks",
                    [&] { return mask ? logical_and(*mask, causal_mask) : causal_mask; });
    }
    capped_logits = k.stmt("dq.run.apply_mask", [&] {
      return mask ? capped_logits + where(*mask, 0.0f, c.mask_value) : capped_logits;
    });

    const int lane_tiles = block_k / kMinBlockSize;
    Value p = k.stmt("dq.run.p", [&] { return exp(capped_logits - tile(m, 1, lane_tiles)); });
    p = k.stmt("dq.run.p_normalize", [&] { return p * tile(1.0f / l, 1, lane_tiles); });

    const Value dp = k.stmt("dq.run.dp", [&] { return dot_general_trans_b(d_o, v); });
    Value d_s = k.stmt("dq.run.ds", [&] { return (dp - tile(di, 1, lane_tiles)) * p; });
    if (k.scalar("dq.run.has_ds_scale", c.sm_scale != 1.0f))
      d_s = k.stmt("dq.run.ds_scale", [&] { return d_s * c.sm_scale; });

    if (k.scalar("dq.run.has_ds", r.ds_tile_ref != nullptr))
      r.ds_tile_ref->store("dq.run.store_ds", at({0, 0}, all, k_slice),
                           k.stmt("dq.run.ds_cast", [&] { return astype(d_s, r.ds_tile_ref->dtype()); }));

    const Value dq = k.stmt("dq.run.dq", [&] { return dot(astype(d_s, kk.dtype()), kk); });
    r.dq_scratch_ref->store_add("dq.run.dq_accumulate", at({}), k.stmt("dq.run.dq_cast", [&] {
      return astype(dq, r.dq_scratch_ref->dtype());
    }));
  });

  bool should_run = true, should_not_run = false;
  if (k.scalar("dq.causal", c.causal)) {
    should_run = k.scalar("dq.should_run", below_or_on_diag(q_seq_index, block_q_major, kv_seq_index,
                                                            block_k_major, c.non_strict_diag));
    should_not_run = k.scalar("dq.should_not_run", !should_run);
  } else {
    should_run = k.scalar("dq.should_run_always", true);
    should_not_run = k.scalar("dq.should_not_run_never", false);
  }

  k.when(should_run, "dq.run", [&] { k.loop("dq.run.k_loop", 0, block_k_major / block_k, 1, body); });

  k.when(should_not_run, "dq.zero_out_ds", [&] {
    if (k.scalar("dq.zero_out_ds.has_ds", r.ds_tile_ref != nullptr))
      r.ds_tile_ref->store("dq.zero_out_ds.store", at({0, 0}), k.stmt("dq.zero_out_ds.zeros", [&] {
        return zeros(r.ds_tile_ref->shape(2), r.ds_tile_ref->shape(3));
      }));
  });

  k.when(kv_seq_index == c.kv_seq_len / block_k_major - 1, "dq.end_of_kv_sequence", [&] {
    const Value dq = r.dq_scratch_ref->load("dq.end.dq_scratch", at({}));
    r.dq_tile_ref->store("dq.end.dq", at({0, 0}),
                         k.stmt("dq.end.dq_cast", [&] { return astype(dq, r.dq_tile_ref->dtype()); }));
    r.dq_scratch_ref->store("dq.end.reset", at({}), k.stmt("dq.end.zeros", [&] {
      return zeros(block_q_major, r.dq_scratch_ref->shape(1));
    }));
  });
}

}  // namespace tilewalk::flash
