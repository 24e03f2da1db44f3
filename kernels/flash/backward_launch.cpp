// [SECTIONS] shared pieces · dK/dV launch · dQ launch
#include "kernels/flash/backward_launch.hpp"

#include <vector>

#include "kernels/flash/backward_kernels.hpp"
#include "kernels/flash/constants.hpp"
#include "kernels/flash/segment_broadcast.hpp"
#include "kernels/flash/verify_block.hpp"

namespace tilewalk::flash {

using tpu::BlockIndex;
using tpu::GridIndex;
using tpu::Shape;

// ---- shared pieces ------------------------------------------------------------------------------

tpu::Array ComputeDi(const tpu::Array& o, const tpu::Array& d_o) {
  const Shape& s = o.shape();
  tpu::Array di(Shape{s[0], s[1], s[2]}, tpu::DType::F32);
  const int64_t d = s[3];
  std::vector<float> o_row(static_cast<std::size_t>(d)), do_row(static_cast<std::size_t>(d));
  for (int64_t row = 0; row < di.size(); ++row) {
    o.ReadFloats(row * d, d, o_row.data());
    d_o.ReadFloats(row * d, d, do_row.data());
    float sum = 0.0f;  // in order, one product at a time, as before
    for (std::size_t c = 0; c < o_row.size(); ++c) sum += o_row[c] * do_row[c];
    di.Data<float>()[row] = sum;
  }
  return di;
}

namespace {

// The ten inputs in the original's order; absent ones (bias, segment ids) are left out, and the
// returned indices say where each landed (-1: absent).
struct InputSlots {
  int ab = -1, q_seg = -1, kv_seg = -1, l = 0, m = 0, d_o = 0, di = 0;
};

InputSlots AddInputs(BackwardLaunch& L, const AttentionInputs& in, const BackwardResiduals& res,
                     const tpu::BlockSpec& qo, const tpu::BlockSpec& kv, const tpu::BlockSpec& ab,
                     const tpu::BlockSpec& q_seg, const tpu::BlockSpec& kv_seg, const tpu::BlockSpec& lm,
                     const tpu::BlockSpec& di, int di_width) {
  tpu::LaunchSpec& spec = L.spec;
  InputSlots slots;
  auto add = [&](const char* name, const tpu::Array* a, const tpu::BlockSpec& bs) {
    spec.inputs.push_back({name, a, bs});
    return static_cast<int>(spec.inputs.size()) - 1;
  };
  add("q", &in.q, qo);
  add("k", &in.k, kv);
  add("v", &in.v, kv);
  if (in.ab) slots.ab = add("ab", &*in.ab, ab);
  if (in.q_segment_ids) {
    L.q_segment_lanes = BroadcastQSegmentIds(*in.q_segment_ids);
    L.kv_segment_sublanes = BroadcastKvSegmentIds(*in.kv_segment_ids);
    slots.q_seg = add("q_segment_ids", &*L.q_segment_lanes, q_seg);
    slots.kv_seg = add("kv_segment_ids", &*L.kv_segment_sublanes, kv_seg);
  }
  slots.l = add("l", res.l_lanes, lm);
  slots.m = add("m", res.m_lanes, lm);
  slots.d_o = add("do", res.d_o, qo);
  slots.di = add("di", &res.di_lanes->Of(di_width), di);
  return slots;
}

BackwardInputRefs BindInputs(tpu::Kernel& k, const InputSlots& s) {
  BackwardInputRefs r;
  r.q_tile_ref = k.input(0);
  r.k_tile_ref = k.input(1);
  r.v_tile_ref = k.input(2);
  if (s.ab >= 0) r.ab_tile_ref = k.input(s.ab);
  if (s.q_seg >= 0) r.q_segment_ids_tile_ref = k.input(s.q_seg);
  if (s.kv_seg >= 0) r.kv_segment_ids_tile_ref = k.input(s.kv_seg);
  r.l_tile_ref = k.input(s.l);
  r.m_tile_ref = k.input(s.m);
  r.do_tile_ref = k.input(s.d_o);
  r.di_tile_ref = k.input(s.di);
  return r;
}

std::vector<tpu::DimensionSemantics> ParallelThenArbitrary() {
  using tpu::DimensionSemantics;
  return {DimensionSemantics::Parallel, DimensionSemantics::Parallel, DimensionSemantics::Parallel,
          DimensionSemantics::Arbitrary};
}

}  // namespace

// ---- dK/dV launch -------------------------------------------------------------------------------

std::unique_ptr<BackwardLaunch> BuildDkvLaunch(const AttentionInputs& in, const AttentionConfig& config,
                                               const BackwardResiduals& res) {
  const BlockSizes& bs = config.block_sizes;
  const Shape& qs = in.q.shape();
  const int64_t batch_size = qs[0], num_heads = qs[1], q_seq_len = qs[2], head_dim = qs[3];
  const int64_t kv_seq_len = in.k.shape()[2];
  const int block_q_major = *bs.block_q_major_dkv, block_q = *bs.block_q_dkv;
  const int block_k_major = *bs.block_k_major_dkv, block_k = *bs.block_k_dkv;
  VerifyBlock("dkv_impl.verify_block_q_major", "block_q_major_dkv", "q_seq_len", block_q_major,
              static_cast<int>(q_seq_len));
  VerifyBlock("dkv_impl.verify_block_q", "block_q_dkv", "q_seq_len", block_q, static_cast<int>(q_seq_len));
  VerifyBlock("dkv_impl.verify_block_k_major", "block_k_major_dkv", "kv_seq_len", block_k_major,
              static_cast<int>(kv_seq_len));
  VerifyBlock("dkv_impl.verify_block_k", "block_k_dkv", "kv_seq_len", block_k, static_cast<int>(kv_seq_len));

  auto launch = std::make_unique<BackwardLaunch>();
  BackwardLaunch& L = *launch;
  tpu::LaunchSpec& spec = L.spec;
  spec.name = "dkv";
  // kv before q: q is the axis dK and dV are summed over, so it must be innermost.
  spec.grid = tpu::Dims{batch_size, num_heads, kv_seq_len / block_k_major, q_seq_len / block_q_major};
  spec.dimension_semantics = ParallelThenArbitrary();

  const bool redirect = config.causal && !config.naive_index_maps;
  const bool non_strict = config.what_if == WhatIf::NonStrictDiag;
  const int64_t q_blocks = q_seq_len / block_q_major;
  // The q block a skipped step asks for: block 0 in the original. The what-if dkv-redirect-first-run asks
  // for the first q block that runs with this kv block, which the sweep needs next (block 0 if none runs).
  auto skipped_q_index = [=](int64_t kv_seq_index) -> int64_t {
    if (config.what_if != WhatIf::DkvRedirectFirstRun) return 0;
    for (int64_t q = 0; q < q_blocks; ++q)
      if (below_or_on_diag(q, block_q_major, kv_seq_index, block_k_major, non_strict)) return q;
    return 0;
  };
  auto qo_index_map = [=](const GridIndex& g) {  // g = (b, h, kv, q); a skipped step stays on q block 0
    const int64_t next_q_index =
        redirect && !below_or_on_diag(g[3], block_q_major, g[2], block_k_major, non_strict)
            ? skipped_q_index(g[2])
            : g[3];
    return BlockIndex{g[0], g[1], next_q_index, 0};
  };
  auto kv_index_map = [](const GridIndex& g) { return BlockIndex{g[0], g[1], g[2], 0}; };
  // Not redirected in the original; the what-if redirect-lm-dkv gives l and m the q map's redirect.
  const bool redirect_lm = config.what_if == WhatIf::RedirectLmDkv;
  auto lm_index_map = [=](const GridIndex& g) {
    return redirect_lm ? qo_index_map(g) : BlockIndex{g[0], g[1], g[3], 0};
  };
  auto ab_index_map = [](const GridIndex& g) { return BlockIndex{g[0], g[1], g[3], g[2]}; };
  auto q_segment_ids_index_map = [=](const GridIndex& g) {
    const int64_t next_q_index =
        redirect && !below_or_on_diag(g[3], block_q_major, g[2], block_k_major, non_strict)
            ? skipped_q_index(g[2])
            : g[3];
    return BlockIndex{g[0], next_q_index, 0};
  };
  auto kv_segment_ids_index_map = [](const GridIndex& g) { return BlockIndex{g[0], 0, g[2]}; };

  const tpu::BlockSpec qo_spec{Shape{1, 1, block_q_major, head_dim}, qo_index_map};
  const tpu::BlockSpec kv_spec{Shape{1, 1, block_k_major, head_dim}, kv_index_map};
  const tpu::BlockSpec lm_spec{Shape{1, 1, block_q_major, kMinBlockSize}, lm_index_map};
  const tpu::BlockSpec di_spec{Shape{1, 1, block_q_major, kMinBlockSize}, qo_index_map};
  const tpu::BlockSpec ab_spec{Shape{1, 1, block_q_major, block_k_major}, ab_index_map};
  const tpu::BlockSpec q_seg_spec{Shape{1, block_q_major, kNumLanes}, q_segment_ids_index_map};
  const tpu::BlockSpec kv_seg_spec{Shape{1, kNumSublanes, block_k_major}, kv_segment_ids_index_map};
  const InputSlots slots =
      AddInputs(L, in, res, qo_spec, kv_spec, ab_spec, q_seg_spec, kv_seg_spec, lm_spec, di_spec,
                /*di_width=*/kMinBlockSize);

  L.grad_a = tpu::Array(in.k.shape(), in.k.dtype());
  L.grad_b = tpu::Array(in.v.shape(), in.v.dtype());
  const tpu::BlockSpec dkv_spec{Shape{1, 1, block_k_major, head_dim}, kv_index_map};
  spec.outputs = {{"dk", &L.grad_a, dkv_spec}, {"dv", &L.grad_b, dkv_spec}};
  spec.scratch = {{"dk_scratch", Shape{block_k_major, head_dim}, tpu::DType::F32},
                  {"dv_scratch", Shape{block_k_major, head_dim}, tpu::DType::F32}};

  const BackwardStatics statics{.sm_scale = config.sm_scale,
                                .causal = config.causal,
                                .mask_value = kMaskValue,
                                .q_seq_len = static_cast<int>(q_seq_len),
                                .kv_seq_len = static_cast<int>(kv_seq_len),
                                .block_q = block_q,
                                .block_k = block_k,
                                .non_strict_diag = non_strict};
  spec.body = [=](tpu::Kernel& k) {
    DkvRefs r{BindInputs(k, slots), k.output(0), k.output(1), k.scratch(0), k.scratch(1)};
    flash_attention_dkv_kernel(k, r, statics);
  };
  return launch;
}

// ---- dQ launch ----------------------------------------------------------------------------------

std::unique_ptr<BackwardLaunch> BuildDqLaunch(const AttentionInputs& in, const AttentionConfig& config,
                                              const BackwardResiduals& res) {
  const BlockSizes& bs = config.block_sizes;
  const Shape& qs = in.q.shape();
  const int64_t batch_size = qs[0], num_heads = qs[1], q_seq_len = qs[2], head_dim = qs[3];
  const int64_t kv_seq_len = in.k.shape()[2];
  const int block_q_major = *bs.block_q_dq, block_k_major = *bs.block_k_major_dq, block_k = *bs.block_k_dq;
  VerifyBlock("dq_impl.verify_block_q", "block_q_dq", "q_seq_len", block_q_major,
              static_cast<int>(q_seq_len));
  VerifyBlock("dq_impl.verify_block_k_major", "block_k_major_dq", "kv_seq_len", block_k_major,
              static_cast<int>(kv_seq_len));
  // The original names the dimension "block_k" here, though it checks against kv_seq_len.
  VerifyBlock("dq_impl.verify_block_k", "block_k_dq", "block_k", block_k, static_cast<int>(kv_seq_len));

  auto launch = std::make_unique<BackwardLaunch>();
  BackwardLaunch& L = *launch;
  tpu::LaunchSpec& spec = L.spec;
  spec.name = "dq";
  spec.grid = tpu::Dims{batch_size, num_heads, q_seq_len / block_q_major, kv_seq_len / block_k_major};
  spec.dimension_semantics = ParallelThenArbitrary();

  const bool redirect = config.causal && !config.naive_index_maps;
  const bool non_strict = config.what_if == WhatIf::NonStrictDiag;
  auto qo_index_map = [](const GridIndex& g) { return BlockIndex{g[0], g[1], g[2], 0}; };
  auto kv_index_map = [=](const GridIndex& g) {  // g = (b, h, q, kv); a skipped step asks for kv block 0
    const int64_t next_kv_index =
        redirect && !below_or_on_diag(g[2], block_q_major, g[3], block_k_major, non_strict) ? 0 : g[3];
    return BlockIndex{g[0], g[1], next_kv_index, 0};
  };
  // One spec serves the ab input and the ds output, and an output must not be redirected: no causal branch.
  auto ab_index_map = [](const GridIndex& g) { return BlockIndex{g[0], g[1], g[2], g[3]}; };
  auto q_segment_ids_index_map = [](const GridIndex& g) { return BlockIndex{g[0], g[2], 0}; };
  auto kv_segment_ids_index_map = [=](const GridIndex& g) {
    const int64_t next_kv_index =
        redirect && !below_or_on_diag(g[2], block_q_major, g[3], block_k_major, non_strict) ? 0 : g[3];
    return BlockIndex{g[0], 0, next_kv_index};
  };

  const tpu::BlockSpec qo_spec{Shape{1, 1, block_q_major, head_dim}, qo_index_map};
  const tpu::BlockSpec kv_spec{Shape{1, 1, block_k_major, head_dim}, kv_index_map};
  const tpu::BlockSpec lm_spec{Shape{1, 1, block_q_major, kMinBlockSize}, qo_index_map};
  const tpu::BlockSpec di_spec{Shape{1, 1, block_q_major, kMinBlockSize}, qo_index_map};
  const tpu::BlockSpec ab_spec{Shape{1, 1, block_q_major, block_k_major}, ab_index_map};
  const tpu::BlockSpec q_seg_spec{Shape{1, block_q_major, kNumLanes}, q_segment_ids_index_map};
  const tpu::BlockSpec kv_seg_spec{Shape{1, kNumSublanes, block_k_major}, kv_segment_ids_index_map};
  const InputSlots slots =
      AddInputs(L, in, res, qo_spec, kv_spec, ab_spec, q_seg_spec, kv_seg_spec, lm_spec, di_spec,
                /*di_width=*/block_k_major);  // di is broadcast to block_k_major lanes here, not 128

  L.grad_a = tpu::Array(in.q.shape(), in.q.dtype());
  spec.outputs = {{"dq", &L.grad_a, qo_spec}};
  const bool has_ds = in.ab.has_value();
  if (has_ds) {
    L.grad_b = tpu::Array(in.ab->shape(), in.ab->dtype());
    spec.outputs.push_back({"ds", &L.grad_b, ab_spec});
  }
  spec.scratch = {{"dq_scratch", Shape{block_q_major, head_dim}, tpu::DType::F32}};

  const BackwardStatics statics{.sm_scale = config.sm_scale,
                                .causal = config.causal,
                                .mask_value = kMaskValue,
                                .q_seq_len = static_cast<int>(q_seq_len),
                                .kv_seq_len = static_cast<int>(kv_seq_len),
                                .block_q = block_q_major,
                                .block_k = block_k,
                                .non_strict_diag = non_strict};
  spec.body = [=](tpu::Kernel& k) {
    DqRefs r{BindInputs(k, slots), k.output(0), has_ds ? k.output(1) : nullptr, k.scratch(0)};
    flash_attention_dq_kernel(k, r, statics);
  };
  return launch;
}

}  // namespace tilewalk::flash
