#include "kernels/splash/dq_kernel.hpp"

#include "kernels/splash/apply_mask.hpp"
#include "kernels/splash/next_nonzero.hpp"
#include "kernels/splash/squeezed_index.hpp"
#include "kernels/tpu/ops.hpp"

namespace tilewalk::splash {

using namespace tpu::jnp;
using tpu::all;
using tpu::at;
using tpu::ds;
using tpu::DType;
using tpu::Kernel;
using tpu::Value;

void flash_attention_dq_kernel(Kernel& k, const DqRefs& r, const DqStatics& c) {
  const int h = k.scalar("splash.dq.h", k.program_id(0));
  const int i = k.scalar("splash.dq.i", k.program_id(1));
  const int j = k.scalar("splash.dq.j", k.program_id(2));
  k.when(j == 0, "splash.dq.init", [&] {
    r.dq_scratch_ref->store("splash.dq.init.dq_scratch", at({}), k.stmt("splash.dq.init.zeros", [&] {
      return zeros(r.dq_scratch_ref->shape(0), r.dq_scratch_ref->shape(1));
    }));
  });

  const NextNonzero next = next_nonzero(k, h, i, j, {r.data_next_ref, r.block_mask_ref, r.mask_next_ref});
  const int global_kv_index = k.scalar("splash.dq.global_kv_index", next.next_data);
  k.when(next.should_run, "splash.dq.run", [&] {
    Value q = r.q_ref->load("splash.dq.run.q", Squeezed(r.q_ref));
    if (k.scalar("splash.dq.run.q_seq_minor", c.q_layout != QKVLayout::HEAD_DIM_MINOR))
      q = k.stmt("splash.dq.run.q_transpose", [&] { return Value(transpose(q)); });
    // k and v are used in the layout the launch handed them in: each product below picks the dot form
    // (plain or trans_b) that fits, so their blocks need no transpose statement.
    const Value kk = r.k_ref->load("splash.dq.run.k", Squeezed(r.k_ref));
    const Value v = r.v_ref->load("splash.dq.run.v", Squeezed(r.v_ref));
    const Value logsumexp_row = r.logsumexp_ref->load("splash.dq.run.logsumexp_row", at({0}));
    const Value logsumexp = k.stmt("splash.dq.run.logsumexp", [&] { return expand_dims(logsumexp_row, -1); });
    const Value d_o = r.do_ref->load("splash.dq.run.do", Squeezed(r.do_ref));
    const Value di_row = r.di_ref->load("splash.dq.run.di_row", at({0}));
    const Value di = k.stmt("splash.dq.run.di", [&] { return expand_dims(di_row, -1); });

    const Value qk_uncapped = k.stmt("splash.dq.run.qk_uncapped", [&] {
      return c.k_layout == QKVLayout::HEAD_DIM_MINOR ? dot_general_trans_b(q, kk) : dot(q, kk);
    });
    const tpu::Slice k_slice = k.scalar("splash.dq.run.k_slice", ds(0, c.bkv));
    const Value qk = apply_mask_and_soft_cap(k, qk_uncapped, next.should_not_mask,
                                             {.mask_ref = r.mask_ref,
                                              .q_sequence_ref = r.q_sequence_ref,
                                              .q_segment_ids_ref = r.q_segment_ids_ref,
                                              .kv_segment_ids_ref = r.kv_segment_ids_ref},
                                             k_slice, global_kv_index * c.bkv,
                                             {.mask_value = c.mask_value,
                                              .attn_logits_soft_cap = c.attn_logits_soft_cap,
                                              .bq = c.bq,
                                              .k_in_lanes = true,
                                              .mask_function = c.mask_function});
    const Value p = k.stmt("splash.dq.run.p", [&] { return exp(qk - logsumexp); });
    const Value dp = k.stmt("splash.dq.run.dp", [&] {
      const Value d_o_as_v = astype(d_o, v.dtype());
      return c.v_layout == QKVLayout::HEAD_DIM_MINOR ? dot_general_trans_b(d_o_as_v, v) : dot(d_o_as_v, v);
    });
    Value d_s = k.stmt("splash.dq.run.ds", [&] { return (dp - di) * p; });
    if (k.scalar("splash.dq.run.has_soft_cap", c.attn_logits_soft_cap.has_value())) {
      const float cap = *c.attn_logits_soft_cap;
      const Value normalized = k.stmt("splash.dq.run.normalized", [&] { return qk_uncapped / cap; });
      const Value d = k.stmt("splash.dq.run.tanh", [&] { return tanh(normalized); });
      const Value g = k.stmt("splash.dq.run.g", [&] { return d_s * (1.0f - d); });
      d_s = k.stmt("splash.dq.run.ds_capped", [&] { return g + g * d; });
    }
    r.dq_scratch_ref->store_add("splash.dq.run.dq_accumulate", at({}), k.stmt("splash.dq.run.dq", [&] {
      const Value d_s_as_k = astype(d_s, kk.dtype());
      return c.k_layout == QKVLayout::HEAD_DIM_MINOR ? dot(d_s_as_k, kk) : dot_general_trans_b(d_s_as_k, kk);
    }));
  });

  k.when(j == c.grid_width - 1, "splash.dq.end", [&] {
    const Value dq = r.dq_scratch_ref->load("splash.dq.end.dq_scratch", at({}));
    r.dq_ref->store("splash.dq.end.dq", Squeezed(r.dq_ref),
                    k.stmt("splash.dq.end.dq_cast", [&] { return astype(dq, r.dq_ref->dtype()); }));
    r.dq_scratch_ref->store("splash.dq.end.reset", at({}), k.stmt("splash.dq.end.zeros", [&] {
      return zeros(r.dq_scratch_ref->shape(0), r.dq_scratch_ref->shape(1));
    }));
  });
}

}  // namespace tilewalk::splash
