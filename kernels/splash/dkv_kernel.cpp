#include "kernels/splash/dkv_kernel.hpp"

#include "kernels/splash/apply_mask.hpp"
#include "kernels/splash/next_nonzero.hpp"
#include "kernels/splash/squeezed_index.hpp"
#include "kernels/tpu/ops.hpp"

namespace tilewalk::splash {

using namespace tpu::jnp;
using tpu::all;
using tpu::at;
using tpu::ds;
using tpu::Kernel;
using tpu::Value;

void flash_attention_dkv_kernel(Kernel& k, const DkvRefs& r, const DkvStatics& c) {
  const int kv_index = k.scalar("splash.dkv.kv_index", k.program_id(0));
  const int q_head_index = k.scalar("splash.dkv.q_head_index", k.program_id(1));
  const int q_index = k.scalar("splash.dkv.q_index", k.program_id(2));
  bool should_initialize = k.scalar("splash.dkv.should_initialize", q_index == 0);

  // dk and dv of one kv head are summed over every q head that reads it, and the grid visits those q heads
  // on consecutive steps of axis 1: the scratch is cleared only at the group's first q head and written
  // out only at its last.
  int q_heads_per_kv_heads = 0, q_head_index_per_kv_head = 0;
  if (k.scalar("splash.dkv.is_mqa", c.is_mqa)) {
    should_initialize = k.scalar("splash.dkv.first_mqa_head", should_initialize && q_head_index == 0);
  } else if (k.scalar("splash.dkv.grouped", c.num_kv_heads < c.num_q_heads)) {
    q_heads_per_kv_heads = k.scalar("splash.dkv.q_heads_per_kv_heads", c.num_q_heads / c.num_kv_heads);
    q_head_index_per_kv_head = k.scalar("splash.dkv.q_head_in_group", q_head_index % q_heads_per_kv_heads);
    should_initialize =
        k.scalar("splash.dkv.first_group_head", should_initialize && q_head_index_per_kv_head == 0);
  }
  k.when(should_initialize, "splash.dkv.init", [&] {
    r.dk_scratch_ref->store("splash.dkv.init.dk_scratch", at({}), k.stmt("splash.dkv.init.dk_zeros", [&] {
      return zeros(r.dk_scratch_ref->shape(0), r.dk_scratch_ref->shape(1));
    }));
    r.dv_scratch_ref->store("splash.dkv.init.dv_scratch", at({}), k.stmt("splash.dkv.init.dv_zeros", [&] {
      return zeros(r.dv_scratch_ref->shape(0), r.dv_scratch_ref->shape(1));
    }));
  });

  // The tables are (head, q block, kv block) whatever the grid order.
  const NextNonzero next =
      next_nonzero(k, q_head_index, q_index, kv_index, {r.data_next_ref, r.block_mask_ref, r.mask_next_ref});
  const bool should_run = k.scalar("splash.dkv.should_run", next.should_run);

  const auto body = [&](int i) {
    const tpu::Slice slice_k = k.scalar("splash.dkv.body.slice_k", ds(i * c.bkv_compute, c.bkv_compute));
    // q is used in the layout the launch handed it in, the products with it picking the dot form to fit;
    // k and v are brought to (kv slice, head_dim) rows, a SEQ_MINOR block transposed after its load.
    const Value q = r.q_ref->load("splash.dkv.body.q", Squeezed(r.q_ref));
    Value kk, v;
    if (k.scalar("splash.dkv.body.k_head_dim_minor", c.k_layout == QKVLayout::HEAD_DIM_MINOR)) {
      kk = r.k_ref->load("splash.dkv.body.k", Squeezed(r.k_ref, slice_k));
    } else {
      const Value k_cols = r.k_ref->load("splash.dkv.body.k_cols", Squeezed(r.k_ref, all, slice_k));
      kk = k.stmt("splash.dkv.body.k_transpose", [&] { return Value(transpose(k_cols)); });
    }
    if (k.scalar("splash.dkv.body.v_head_dim_minor", c.v_layout == QKVLayout::HEAD_DIM_MINOR)) {
      v = r.v_ref->load("splash.dkv.body.v", Squeezed(r.v_ref, slice_k));
    } else {
      const Value v_cols = r.v_ref->load("splash.dkv.body.v_cols", Squeezed(r.v_ref, all, slice_k));
      v = k.stmt("splash.dkv.body.v_transpose", [&] { return Value(transpose(v_cols)); });
    }
    const Value logsumexp = r.logsumexp_ref->load("splash.dkv.body.logsumexp", at({0}, ds(0, 1), all));
    const Value d_o = r.do_ref->load("splash.dkv.body.do", Squeezed(r.do_ref));
    const Value di = r.di_ref->load("splash.dkv.body.di", at({0}, ds(0, 1), all));

    const Value qk_uncapped = k.stmt("splash.dkv.body.qk_uncapped", [&] {
      return c.q_layout == QKVLayout::HEAD_DIM_MINOR ? dot_general_trans_b(kk, q) : dot(kk, q);
    });
    const Value qk = apply_mask_and_soft_cap(k, qk_uncapped, next.should_not_mask,
                                             {.mask_ref = r.mask_ref,
                                              .q_sequence_ref = r.q_sequence_ref,
                                              .q_segment_ids_ref = r.q_segment_ids_ref,
                                              .kv_segment_ids_ref = r.kv_segment_ids_ref},
                                             slice_k, kv_index * c.bkv + i * c.bkv_compute,
                                             {.mask_value = c.mask_value,
                                              .attn_logits_soft_cap = c.attn_logits_soft_cap,
                                              .bq = c.bq,
                                              .k_in_lanes = false,
                                              .mask_function = c.mask_function});
    const Value p = k.stmt("splash.dkv.body.p", [&] { return exp(qk - logsumexp); });

    const Value dv_step = k.stmt("splash.dkv.body.dv", [&] { return dot(astype(p, d_o.dtype()), d_o); });
    const Value dv_acc = r.dv_scratch_ref->load("splash.dkv.body.dv_scratch", at({}, slice_k, all));
    const Value dv =
        k.stmt("splash.dkv.body.dv_sum", [&] { return astype(dv_step, r.dv_scratch_ref->dtype()) + dv_acc; });
    r.dv_scratch_ref->store("splash.dkv.body.dv_store", at({}, slice_k, all), dv);

    const Value dp = k.stmt("splash.dkv.body.dp", [&] { return dot_general_trans_b(v, d_o); });
    Value d_s = k.stmt("splash.dkv.body.ds", [&] { return (dp - di) * p; });
    if (k.scalar("splash.dkv.body.has_soft_cap", c.attn_logits_soft_cap.has_value())) {
      const float cap = *c.attn_logits_soft_cap;
      const Value normalized = k.stmt("splash.dkv.body.normalized", [&] { return qk_uncapped / cap; });
      const Value d = k.stmt("splash.dkv.body.tanh", [&] { return tanh(normalized); });
      const Value g = k.stmt("splash.dkv.body.g", [&] { return d_s * (1.0f - d); });
      d_s = k.stmt("splash.dkv.body.ds_capped", [&] { return g + g * d; });
    }
    const Value dk_step = k.stmt("splash.dkv.body.dk", [&] {
      const Value d_s_as_do = astype(d_s, d_o.dtype());
      return c.q_layout == QKVLayout::HEAD_DIM_MINOR ? dot(d_s_as_do, q) : dot_general_trans_b(d_s_as_do, q);
    });
    const Value dk_acc = r.dk_scratch_ref->load("splash.dkv.body.dk_scratch", at({}, slice_k, all));
    const Value dk =
        k.stmt("splash.dkv.body.dk_sum", [&] { return astype(dk_step, r.dk_scratch_ref->dtype()) + dk_acc; });
    r.dk_scratch_ref->store("splash.dkv.body.dk_store", at({}, slice_k, all), dk);

    if (k.scalar("splash.dkv.body.fused", r.dq_scratch_ref != nullptr || r.dq_ref != nullptr)) {
      const Value dq =
          k.stmt("splash.dkv.body.dq", [&] { return dot(astype(transpose(d_s), kk.dtype()), kk); });
      if (k.scalar("splash.dkv.body.dq_sliced", r.dq_scratch_ref != nullptr))
        r.dq_scratch_ref->store_add("splash.dkv.body.dq_accumulate", at({}), dq);
      else
        r.dq_ref->store("splash.dkv.body.dq_store", Squeezed(r.dq_ref),
                        k.stmt("splash.dkv.body.dq_cast", [&] { return astype(dq, r.dq_ref->dtype()); }));
    }
  };

  // Fused: every step owns a dq partial, so it starts from zero whether or not the block runs.
  if (k.scalar("splash.dkv.has_dq_scratch", r.dq_scratch_ref != nullptr))
    r.dq_scratch_ref->store("splash.dkv.dq_scratch_zero", at({}), k.stmt("splash.dkv.dq_scratch_zeros", [&] {
      return zeros(r.dq_scratch_ref->shape(0), r.dq_scratch_ref->shape(1));
    }));
  else if (k.scalar("splash.dkv.has_dq", r.dq_ref != nullptr))
    r.dq_ref->store("splash.dkv.dq_zero", Squeezed(r.dq_ref), k.stmt("splash.dkv.dq_zeros", [&] {
      return zeros(c.bq, r.dq_ref->shape(r.dq_ref->shape().rank() - 1), r.dq_ref->dtype());
    }));

  k.when(should_run, "splash.dkv.run", [&] {
    const int num_iters =
        k.scalar("splash.dkv.run.num_iters",
                 r.k_ref->shape(r.k_ref->shape().rank() - (c.k_layout == QKVLayout::HEAD_DIM_MINOR ? 2 : 1)) /
                     c.bkv_compute);
    k.loop("splash.dkv.run.loop", 0, num_iters, 1, body);
  });
  if (k.scalar("splash.dkv.dq_from_scratch", r.dq_scratch_ref != nullptr)) {
    const Value dq = r.dq_scratch_ref->load("splash.dkv.dq_scratch", at({}));
    r.dq_ref->store("splash.dkv.dq_out", Squeezed(r.dq_ref),
                    k.stmt("splash.dkv.dq_out_cast", [&] { return astype(dq, r.dq_ref->dtype()); }));
  }

  bool should_write = k.scalar("splash.dkv.should_write", q_index == c.grid_width - 1);
  if (k.scalar("splash.dkv.write_is_mqa", c.is_mqa))
    should_write = k.scalar("splash.dkv.last_mqa_head", should_write && q_head_index == c.num_q_heads - 1);
  else if (k.scalar("splash.dkv.write_grouped", c.num_kv_heads < c.num_q_heads))
    should_write = k.scalar("splash.dkv.last_group_head",
                            should_write && q_head_index_per_kv_head == q_heads_per_kv_heads - 1);

  k.when(should_write, "splash.dkv.end", [&] {
    const Value dk = r.dk_scratch_ref->load("splash.dkv.end.dk_scratch", at({}));
    r.dk_ref->store("splash.dkv.end.dk", Squeezed(r.dk_ref),
                    k.stmt("splash.dkv.end.dk_cast", [&] { return astype(dk, r.dk_ref->dtype()); }));
    const Value dv = r.dv_scratch_ref->load("splash.dkv.end.dv_scratch", at({}));
    r.dv_ref->store("splash.dkv.end.dv", Squeezed(r.dv_ref),
                    k.stmt("splash.dkv.end.dv_cast", [&] { return astype(dv, r.dv_ref->dtype()); }));
    if (k.scalar("splash.dkv.end.has_dq_scratch", r.dq_scratch_ref != nullptr))
      r.dq_scratch_ref->store("splash.dkv.end.dq_reset", at({}), k.stmt("splash.dkv.end.dq_zeros", [&] {
        return zeros(r.dq_scratch_ref->shape(0), r.dq_scratch_ref->shape(1));
      }));
    r.dk_scratch_ref->store("splash.dkv.end.dk_reset", at({}), k.stmt("splash.dkv.end.dk_zeros", [&] {
      return zeros(r.dk_scratch_ref->shape(0), r.dk_scratch_ref->shape(1));
    }));
    r.dv_scratch_ref->store("splash.dkv.end.dv_reset", at({}), k.stmt("splash.dkv.end.dv_zeros", [&] {
      return zeros(r.dv_scratch_ref->shape(0), r.dv_scratch_ref->shape(1));
    }));
  });
}

}  // namespace tilewalk::splash
