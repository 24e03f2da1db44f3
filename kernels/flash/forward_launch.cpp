#include "kernels/flash/forward_launch.hpp"

#include "kernels/flash/constants.hpp"
#include "kernels/flash/flash_error.hpp"
#include "kernels/flash/forward_kernel.hpp"
#include "kernels/flash/segment_broadcast.hpp"
#include "kernels/flash/verify_block.hpp"

namespace tilewalk::flash {

using tpu::BlockIndex;
using tpu::GridIndex;
using tpu::Shape;

tpu::Array LaneZero(const tpu::Array& lanes) {
  const Shape& s = lanes.shape();
  tpu::Array out(Shape{s[0], s[1], s[2]}, tpu::DType::F32);
  for (int64_t i = 0; i < out.size(); ++i) out.SetFloat(i, lanes.GetFloat(i * s[3]));
  return out;
}

tpu::Array ForwardLaunch::L() const {
  return LaneZero(*l_lanes);
}
tpu::Array ForwardLaunch::M() const {
  return LaneZero(*m_lanes);
}

std::unique_ptr<ForwardLaunch> BuildForwardLaunch(const AttentionInputs& in, const AttentionConfig& config,
                                                  bool save_residuals) {
  const BlockSizes& bs = config.block_sizes;
  const Shape& qs = in.q.shape();
  const int64_t batch_size = qs[0], num_heads = qs[1], q_seq_len = qs[2], head_dim = qs[3];
  const int64_t kv_seq_len = in.k.shape()[2];
  const int block_b = bs.block_b, block_q = bs.block_q, block_k_major = bs.block_k_major,
            block_k = bs.block_k;
  VerifyBlock("fwd_impl.verify_block_q", "block_q", "q_seq_len", block_q, static_cast<int>(q_seq_len),
              /*should_divide=*/false);
  VerifyBlock("fwd_impl.verify_block_k_major", "block_k_major", "kv_seq_len", block_k_major,
              static_cast<int>(kv_seq_len));
  VerifyBlock("fwd_impl.verify_block_k", "block_k", "kv_seq_len", block_k, static_cast<int>(kv_seq_len));
  VerifyBlock("fwd_impl.verify_block_b", "block_b", "batch", block_b, static_cast<int>(batch_size),
              /*should_divide=*/false);

  // pl.cdiv(batch_size, block_b) and pl.cdiv(q_seq_len, block_q) floor-divide by the block: a block of 0,
  // which _verify_block lets through when it need not divide the length, fails here.
  if (block_b == 0 || block_q == 0)
    RaiseArgumentError(tpu::ErrorType::ZeroDivisionError, "fwd_impl.grid", std::string(kFloorDivisionByZero));

  auto launch = std::make_unique<ForwardLaunch>();
  ForwardLaunch& L = *launch;
  tpu::LaunchSpec& spec = L.spec;
  spec.name = "fwd";
  spec.grid = tpu::Dims{tpu::CeilDiv(batch_size, block_b), num_heads, tpu::CeilDiv(q_seq_len, block_q),
                        kv_seq_len / block_k_major};
  using tpu::DimensionSemantics;
  spec.dimension_semantics = {DimensionSemantics::Parallel, DimensionSemantics::Parallel,
                              DimensionSemantics::Parallel, DimensionSemantics::Arbitrary};

  const bool causal = config.causal;
  const bool redirect = causal && !config.naive_index_maps;
  const bool non_strict = config.what_if == WhatIf::NonStrictDiag;
  // The row of q blocks after which the bias map wraps to row 0: a floor in the original, so with a
  // partial last row it is not the grid's last row; the what-if bias-map-ceil takes the ceiling.
  const int64_t last_q_row =
      (config.what_if == WhatIf::BiasMapCeil ? tpu::CeilDiv(q_seq_len, block_q) : q_seq_len / block_q) - 1;

  auto q_index_map = [](const GridIndex& g) { return BlockIndex{g[0], g[1], g[2], 0}; };
  auto kv_index_map = [=](const GridIndex& g) {
    // A skipped step asks for kv block 0: the first block the next row of q blocks needs.
    const int64_t next_kv_index =
        redirect && !below_or_on_diag(g[2], block_q, g[3], block_k_major, non_strict) ? 0 : g[3];
    return BlockIndex{g[0], g[1], next_kv_index, 0};
  };
  auto ab_index_map = [=](const GridIndex& g) {
    int64_t next_q_index = g[2], next_kv_index = g[3];
    if (redirect && !below_or_on_diag(g[2], block_q, g[3], block_k_major, non_strict)) {
      next_q_index = g[2] == last_q_row ? 0 : g[2] + 1;  // the next q row's first bias block
      next_kv_index = 0;
    }
    return BlockIndex{g[0], g[1], next_q_index, next_kv_index};
  };
  auto o_index_map = [](const GridIndex& g) { return BlockIndex{g[0], g[1], g[2], 0}; };

  spec.inputs.push_back({"q", &in.q, {Shape{block_b, 1, block_q, head_dim}, q_index_map}});
  spec.inputs.push_back({"k", &in.k, {Shape{block_b, 1, block_k_major, head_dim}, kv_index_map}});
  spec.inputs.push_back({"v", &in.v, {Shape{block_b, 1, block_k_major, head_dim}, kv_index_map}});
  int ab = -1, q_seg = -1, kv_seg = -1;
  if (in.ab) {
    ab = static_cast<int>(spec.inputs.size());
    spec.inputs.push_back({"ab", &*in.ab, {Shape{block_b, 1, block_q, block_k_major}, ab_index_map}});
  }
  if (in.q_segment_ids) {
    L.q_segment_lanes = BroadcastQSegmentIds(*in.q_segment_ids);
    L.kv_segment_sublanes = BroadcastKvSegmentIds(*in.kv_segment_ids);
    auto q_segment_ids_index_map = [](const GridIndex& g) { return BlockIndex{g[0], g[2], 0}; };
    auto kv_segment_ids_index_map = [=](const GridIndex& g) {
      const int64_t next_kv_index =
          redirect && !below_or_on_diag(g[2], block_q, g[3], block_k_major, non_strict) ? 0 : g[3];
      return BlockIndex{g[0], 0, next_kv_index};
    };
    q_seg = static_cast<int>(spec.inputs.size());
    spec.inputs.push_back({"q_segment_ids",
                           &*L.q_segment_lanes,
                           {Shape{block_b, block_q, kNumLanes}, q_segment_ids_index_map}});
    kv_seg = static_cast<int>(spec.inputs.size());
    spec.inputs.push_back({"kv_segment_ids",
                           &*L.kv_segment_sublanes,
                           {Shape{block_b, kNumSublanes, block_k_major}, kv_segment_ids_index_map}});
  }

  L.o = tpu::Array(qs, in.q.dtype());
  spec.outputs.push_back({"o", &L.o, {Shape{block_b, 1, block_q, head_dim}, o_index_map}});
  if (save_residuals) {
    L.l_lanes = tpu::Array(Shape{batch_size, num_heads, q_seq_len, kMinBlockSize}, tpu::DType::F32);
    L.m_lanes = tpu::Array(Shape{batch_size, num_heads, q_seq_len, kMinBlockSize}, tpu::DType::F32);
    spec.outputs.push_back({"l", &*L.l_lanes, {Shape{block_b, 1, block_q, kMinBlockSize}, o_index_map}});
    spec.outputs.push_back({"m", &*L.m_lanes, {Shape{block_b, 1, block_q, kMinBlockSize}, o_index_map}});
  }

  const bool tiled = block_k != kv_seq_len;
  if (tiled)
    spec.scratch = {{"m_scratch", Shape{block_b, 1, block_q, kMinBlockSize}, tpu::DType::F32},
                    {"l_scratch", Shape{block_b, 1, block_q, kMinBlockSize}, tpu::DType::F32},
                    {"acc_scratch", Shape{block_b, 1, block_q, head_dim}, tpu::DType::F32}};

  const ForwardStatics statics{.causal = causal,
                               .sm_scale = config.sm_scale,
                               .block_k = block_k,
                               .kv_seq_len = static_cast<int>(kv_seq_len),
                               .mask_value = kMaskValue,
                               .non_strict_diag = non_strict};
  spec.body = [=](tpu::Kernel& k) {
    ForwardRefs r;
    r.q_tile_ref = k.input(0);
    r.k_tile_ref = k.input(1);
    r.v_tile_ref = k.input(2);
    if (ab >= 0) r.ab_tile_ref = k.input(ab);
    if (q_seg >= 0) r.q_segment_ids_tile_ref = k.input(q_seg);
    if (kv_seg >= 0) r.kv_segment_ids_tile_ref = k.input(kv_seg);
    r.o_tile_ref = k.output(0);
    if (save_residuals) {
      r.l_ref = k.output(1);
      r.m_ref = k.output(2);
    }
    if (tiled) {
      r.m_scratch_ref = k.scratch(0);
      r.l_scratch_ref = k.scratch(1);
      r.acc_scratch_ref = k.scratch(2);
    }
    flash_attention_kernel(k, r, statics);
  };
  return launch;
}

}  // namespace tilewalk::flash
