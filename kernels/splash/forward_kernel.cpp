#include "kernels/splash/forward_kernel.hpp"

#include <cassert>
#include <cstdlib>
#include <string>

#include "kernels/splash/constants.hpp"
#include "kernels/splash/squeezed_index.hpp"
#include "kernels/tpu/ops.hpp"

namespace tilewalk::splash {

using namespace tpu::jnp;
using tpu::all;
using tpu::ds;
using tpu::DType;
using tpu::ErrorType;
using tpu::Kernel;
using tpu::Slice;
using tpu::Value;

void flash_attention_kernel(Kernel& k, const ForwardRefs& r, const ForwardStatics& c) {
  const int lanes = static_cast<int>(kNumLanes);
  const int bq = c.bq, bkv = c.bkv, bkv_compute = c.bkv_compute;
  const bool q_head_dim_minor = c.q_layout == QKVLayout::HEAD_DIM_MINOR;
  const bool k_head_dim_minor = c.k_layout == QKVLayout::HEAD_DIM_MINOR;
  const bool v_head_dim_minor = c.v_layout == QKVLayout::HEAD_DIM_MINOR;
  const int head_dim_v_repeats =
      k.scalar("splash.fwd.head_dim_v_repeats", static_cast<int>(tpu::CeilDiv(c.head_dim_v, lanes)));

  const int h = k.scalar("splash.fwd.h", k.program_id(0));
  const int i = k.scalar("splash.fwd.i", k.program_id(1));
  const int j = k.scalar("splash.fwd.j", k.program_id(2));

  k.when(j == 0, "splash.fwd.init", [&] {
    r.o_scratch_ref->store("splash.fwd.init.o", Squeezed(r.o_scratch_ref),
                           k.stmt("splash.fwd.init.o_zeros", [&] { return zeros(bq, c.head_dim_v); }));
    r.m_scratch_ref->store("splash.fwd.init.m", Squeezed(r.m_scratch_ref),
                           k.stmt("splash.fwd.init.m_full", [&] { return full(bq, lanes, c.mask_value); }));
    r.l_scratch_ref->store("splash.fwd.init.l", Squeezed(r.l_scratch_ref),
                           k.stmt("splash.fwd.init.l_zeros", [&] { return zeros(bq, lanes); }));
  });

  const NextNonzero next = next_nonzero(k, h, i, j, r.tables);
  const int global_kv_index = k.scalar("splash.fwd.global_kv_index", next.next_data);

  const MaskStatics mask_statics{.mask_value = c.mask_value,
                                 .attn_logits_soft_cap = c.attn_logits_soft_cap,
                                 .bq = bq,
                                 .k_in_lanes = true,
                                 .mask_function = c.mask_function};

  const auto body = [&](int kv_compute_index) {
    const Slice slice_k =
        k.scalar("splash.fwd.body.slice_k", ds(kv_compute_index * bkv_compute, bkv_compute));
    const Value m_prev = r.m_scratch_ref->load("splash.fwd.body.m_prev", Squeezed(r.m_scratch_ref));
    const Value l_prev = r.l_scratch_ref->load("splash.fwd.body.l_prev", Squeezed(r.l_scratch_ref));

    const Value q_block = r.q_ref->load("splash.fwd.body.q", Squeezed(r.q_ref));
    const Value q =
        q_head_dim_minor ? q_block : k.stmt("splash.fwd.body.q_t", [&] { return Value(transpose(q_block)); });
    // Keys with the head dim minor are multiplied transposed (NT); with the sequence minor, as they are (NN).
    Value qk;
    if (k_head_dim_minor) {
      const Value kk = r.k_ref->load("splash.fwd.body.k", Squeezed(r.k_ref, slice_k, all));
      qk = k.stmt("splash.fwd.body.qk_nt", [&] { return dot_general_trans_b(q, kk); });
    } else {
      const Value kk = r.k_ref->load("splash.fwd.body.k_seq_minor", Squeezed(r.k_ref, all, slice_k));
      qk = k.stmt("splash.fwd.body.qk_nn", [&] { return dot(q, kk); });
    }

    // A shrunk grid's kv step is not the kv block: the block comes from data_next.
    const int k_offset =
        k.scalar("splash.fwd.body.k_offset", global_kv_index * bkv + kv_compute_index * bkv_compute);
    qk = apply_mask_and_soft_cap(k, qk, next.should_not_mask, r.mask, slice_k, k_offset, mask_statics);

    const Value m_curr = k.stmt("splash.fwd.body.m_curr", [&] { return row_max(qk); });
    const Value m_next = k.stmt("splash.fwd.body.m_next", [&] { return maximum(m_prev, m_curr); });

    const auto [bkv_repeats, rem] = k.scalar("splash.fwd.body.bkv_repeats", std::div(bkv_compute, lanes));
    if (k.scalar("splash.fwd.body.bkv_rem", rem != 0))
      k.raise(
          ErrorType::NotImplementedError, "splash.fwd.body.bkv_compute_rule",
          "bkv_compute=" + std::to_string(bkv_compute) + " should be a multiple of " + std::to_string(lanes));

    const Value s_curr = k.stmt("splash.fwd.body.s_curr", [&, bkv_repeats = bkv_repeats] {
      return exp(qk - tile(m_next, 1, bkv_repeats));
    });
    const Value l_curr =
        k.stmt("splash.fwd.body.l_curr", [&] { return broadcast_to(row_sum(s_curr), bq, lanes); });
    const Value alpha = k.stmt("splash.fwd.body.alpha", [&] { return exp(m_prev - m_next); });
    const Value l_next = k.stmt("splash.fwd.body.l_next", [&] { return l_curr + alpha * l_prev; });
    r.m_scratch_ref->store("splash.fwd.body.store_m", Squeezed(r.m_scratch_ref), m_next);
    r.l_scratch_ref->store("splash.fwd.body.store_l", Squeezed(r.l_scratch_ref), l_next);

    // Values with the head dim minor are multiplied as they are (NN); with the sequence minor, transposed
    // (NT).
    const Value v_block = v_head_dim_minor
                              ? r.v_ref->load("splash.fwd.body.v", Squeezed(r.v_ref, slice_k, all))
                              : r.v_ref->load("splash.fwd.body.v_seq_minor", Squeezed(r.v_ref, all, slice_k));
    const Value v = k.stmt("splash.fwd.body.v_f32", [&] { return astype(v_block, DType::F32); });
    const Value o_curr =
        v_head_dim_minor
            ? k.stmt("splash.fwd.body.o_curr_nn", [&] { return dot(s_curr, v); })
            : k.stmt("splash.fwd.body.o_curr_nt", [&] { return dot_general_trans_b(s_curr, v); });

    const int o_width = r.o_scratch_ref->shape(-1);
    const Value alpha_o = k.stmt("splash.fwd.body.alpha_o", [&] {
      return slice_cols(Value(tile(alpha, 1, head_dim_v_repeats)), 0, o_width);
    });
    const Value o_prev = r.o_scratch_ref->load("splash.fwd.body.o_prev", Squeezed(r.o_scratch_ref));
    r.o_scratch_ref->store("splash.fwd.body.store_o", Squeezed(r.o_scratch_ref),
                           k.stmt("splash.fwd.body.o_next", [&] { return alpha_o * o_prev + o_curr; }));
  };

  k.when(next.should_run, "splash.fwd.run", [&] {
    assert(bkv % bkv_compute == 0 && "the entry checks make the kv block a multiple of its compute slice");
    const int kv_axis = k_head_dim_minor ? -2 : -1;  // the kv axis of the squeezed k block
    const int num_iters = k.scalar("splash.fwd.run.num_iters", r.k_ref->shape(kv_axis) / bkv_compute);
    k.loop("splash.fwd.run.loop", 0, num_iters, 1, body);
  });

  k.when(j == c.grid_width - 1, "splash.fwd.end", [&] {
    const Value l = r.l_scratch_ref->load("splash.fwd.end.l", Squeezed(r.l_scratch_ref));
    const int o_width = r.o_scratch_ref->shape(-1);
    const Value l_inv = k.stmt("splash.fwd.end.l_inv", [&] {
      return slice_cols(Value(tile(1.0f / l, 1, head_dim_v_repeats)), 0, o_width);
    });
    const Value o_acc = r.o_scratch_ref->load("splash.fwd.end.o_scratch", Squeezed(r.o_scratch_ref));
    r.o_ref->store("splash.fwd.end.store_o", Squeezed(r.o_ref),
                   k.stmt("splash.fwd.end.o", [&] { return astype(o_acc * l_inv, r.o_ref->dtype()); }));
    if (k.scalar("splash.fwd.end.has_logsumexp", r.logsumexp_ref != nullptr)) {
      // log(l) is taken before m is read, in the order the original's expression evaluates them.
      const Value log_l = k.stmt("splash.fwd.end.log_l", [&] { return Value(log(l)); });
      const Value m = r.m_scratch_ref->load("splash.fwd.end.m", Squeezed(r.m_scratch_ref));
      r.logsumexp_ref->store(
          "splash.fwd.end.store_logsumexp", Squeezed(r.logsumexp_ref),
          k.stmt("splash.fwd.end.logsumexp", [&] { return astype(log_l + m, r.logsumexp_ref->dtype()); }));
    }
    r.m_scratch_ref->store("splash.fwd.end.zero_m", Squeezed(r.m_scratch_ref),
                           k.stmt("splash.fwd.end.m_zeros", [&] { return zeros(bq, lanes); }));
    r.l_scratch_ref->store("splash.fwd.end.zero_l", Squeezed(r.l_scratch_ref),
                           k.stmt("splash.fwd.end.l_zeros", [&] { return zeros(bq, lanes); }));
    r.o_scratch_ref->store("splash.fwd.end.zero_o", Squeezed(r.o_scratch_ref),
                           k.stmt("splash.fwd.end.o_zeros", [&] { return zeros(bq, o_width); }));
  });
}

}  // namespace tilewalk::splash
