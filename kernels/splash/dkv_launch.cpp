#include "kernels/splash/dkv_launch.hpp"

#include <cassert>
#include <utility>

#include "kernels/splash/constants.hpp"
#include "kernels/splash/dkv_kernel.hpp"
#include "kernels/splash/lane_broadcast.hpp"
#include "kernels/splash/next_nonzero.hpp"
#include "kernels/splash/qkv_layout.hpp"

namespace tilewalk::splash {

using tpu::BlockIndex;
using tpu::GridIndex;
using tpu::PrefetchRefs;
using tpu::Shape;

std::unique_ptr<DkvLaunch> BuildDkvLaunch(const SplashBackwardInputs& in,
                                          const SplashBackwardStatics& statics, const MaskInfo& info,
                                          const DkvBlocks& blocks) {
  const bool is_mqa = statics.is_mqa;
  const int bq = blocks.bq, bkv = blocks.bkv;
  const int64_t num_q_heads = in.q->shape()[0], q_seq_len = in.q->shape()[1], head_dim_qk = in.q->shape()[2];
  const int64_t head_dim_v = in.v->shape()[is_mqa ? 1 : 2];
  const int64_t num_kv_heads = is_mqa ? 1 : in.k->shape()[0];
  const int64_t kv_seq_len = in.k->shape()[is_mqa ? 0 : 1];
  const int64_t q_heads_per_kv_head = num_q_heads / num_kv_heads;
  const int64_t grid_width = info.data_next.rows;

  auto launch = std::make_unique<DkvLaunch>();
  DkvLaunch& L = *launch;
  tpu::LaunchSpec& spec = L.spec;
  spec.name = "dkv";
  // No axis may be split between TensorCores, so all three are Arbitrary: the dk and dv scratch blocks carry
  // sums along the q-head and q-step axes, and data_next's copy schedule is written for one core visiting
  // every kv block in turn.
  spec.grid = tpu::Dims{kv_seq_len / bkv, num_q_heads, grid_width};
  spec.dimension_semantics.assign(3, tpu::DimensionSemantics::Arbitrary);
  L.tables = PrefetchTablesOf(info);
  L.tables.AddTo(spec);

  // g = (kv block, q head, q step); the tables are read as (head, q step, kv block).
  auto next_of = [](const GridIndex& g, const PrefetchRefs& p) {
    return NextNonzeroInIndexMap(g[1], g[2], g[0], p);
  };
  auto o_index_map = [=](const GridIndex& g, const PrefetchRefs& p) {
    return BlockIndex{g[1], next_of(g, p).next_data, 0};
  };
  const QKVLayout q_layout = statics.q_layout, k_layout = statics.k_layout, v_layout = statics.v_layout;
  auto q_index_map = [=](const GridIndex& g, const PrefetchRefs& p) {
    return FromHeadMinor(BlockIndex{g[1], next_of(g, p).next_data, 0}, q_layout);
  };
  // dk and dv are written HEAD_DIM_MINOR whatever the layouts; k and v are read in theirs.
  auto dkv_index_map = [=](const GridIndex& g, const PrefetchRefs&) {
    return is_mqa ? BlockIndex{g[0], 0} : BlockIndex{g[1] / q_heads_per_kv_head, g[0], 0};
  };
  auto kv_index_map = [=](QKVLayout layout) {
    return
        [=](const GridIndex& g, const PrefetchRefs& p) { return FromHeadMinor(dkv_index_map(g, p), layout); };
  };
  auto mask_index_map = [=](const GridIndex& g, const PrefetchRefs& p) {
    const NextNonzero next = next_of(g, p);
    assert(next.next_mask && "a launch with partial mask blocks always has mask_next");
    return BlockIndex{*next.next_mask, 0, 0};
  };
  auto q_segment_ids_index_map = [=](const GridIndex& g, const PrefetchRefs& p) {
    return BlockIndex{0, next_of(g, p).next_data};
  };
  auto kv_segment_ids_index_map = [](const GridIndex& g, const PrefetchRefs&) { return BlockIndex{g[0], 0}; };
  auto logsumexp_index_map = [=](const GridIndex& g, const PrefetchRefs& p) {
    return BlockIndex{g[1], 0, next_of(g, p).next_data};
  };
  auto fixed_index_map = [](const GridIndex&, const PrefetchRefs&) { return BlockIndex{0, 0}; };

  const Shape k_block = is_mqa ? Shape{bkv, head_dim_qk} : Shape{1, bkv, head_dim_qk};
  const Shape v_block = is_mqa ? Shape{bkv, head_dim_v} : Shape{1, bkv, head_dim_v};
  auto add = [&](const char* name, const tpu::Array& a, tpu::BlockSpec bs) {
    spec.inputs.push_back({name, &a, std::move(bs)});
    return static_cast<int>(spec.inputs.size()) - 1;
  };
  add("q", *InLayout(in.q, q_layout, L.seq_minor.q),
      {FromHeadMinor(Shape{1, bq, head_dim_qk}, q_layout), q_index_map});
  add("k", *InLayout(in.k, k_layout, L.seq_minor.k),
      {FromHeadMinor(k_block, k_layout), kv_index_map(k_layout)});
  add("v", *InLayout(in.v, v_layout, L.seq_minor.v),
      {FromHeadMinor(v_block, v_layout), kv_index_map(v_layout)});
  BackwardInputSlots slots{.has_mask_next = L.tables.mask_next.has_value()};
  if (in.q_segment_ids) {
    L.q_segment_ids = RepeatAlongSublanes(*in.q_segment_ids);
    L.kv_segment_ids = RepeatAlongLanes(*in.kv_segment_ids);
    slots.q_segment_ids =
        add("q_segment_ids", *L.q_segment_ids, {Shape{kNumSublanes, bq}, q_segment_ids_index_map});
    slots.kv_segment_ids =
        add("kv_segment_ids", *L.kv_segment_ids, {Shape{bkv, kNumLanes}, kv_segment_ids_index_map});
  }
  L.logsumexp = RepeatRowsPerHead(*in.logsumexp, kNumSublanes);
  L.di = RepeatRowsPerHead(*in.di, kNumSublanes);
  slots.logsumexp = add("logsumexp", L.logsumexp, {Shape{1, kNumSublanes, bq}, logsumexp_index_map});
  slots.d_o = add("do", *in.d_o, {Shape{1, bq, head_dim_v}, o_index_map});
  slots.di = add("di", L.di, {Shape{1, kNumSublanes, bq}, logsumexp_index_map});
  if (info.partial_mask_blocks) {
    L.partial_mask_blocks = *info.partial_mask_blocks;
    slots.mask = add("mask", *L.partial_mask_blocks, {Shape{1, bkv, bq}, mask_index_map});
  }
  if (info.q_sequence) {
    L.q_sequence = RepeatAlongSublanes(Int32Sequence(*info.q_sequence));
    slots.q_sequence = add("q_sequence", *L.q_sequence, {Shape{kNumSublanes, bq}, q_segment_ids_index_map});
  }

  const bool fused = blocks.use_fused_bwd_kernel;
  const bool sliced = fused && bkv != blocks.bkv_compute;
  if (sliced) {
    L.dq_scratch = tpu::Array(Shape{bq, head_dim_qk}, tpu::DType::F32);
    spec.outputs.push_back({"dq_scratch", &*L.dq_scratch, {Shape{bq, head_dim_qk}, fixed_index_map}});
  }
  L.dk_scratch = tpu::Array(Shape{bkv, head_dim_qk}, tpu::DType::F32);
  L.dv_scratch = tpu::Array(Shape{bkv, head_dim_v}, tpu::DType::F32);
  spec.outputs.push_back({"dk_scratch", &L.dk_scratch, {Shape{bkv, head_dim_qk}, fixed_index_map}});
  spec.outputs.push_back({"dv_scratch", &L.dv_scratch, {Shape{bkv, head_dim_v}, fixed_index_map}});
  if (fused) {
    // Indexed by the grid's own q step, not data_next's block: every step writes a partial of its own.
    L.dq_unreduced = tpu::Array(Shape{kv_seq_len / bkv, num_q_heads, q_seq_len, head_dim_qk}, in.q->dtype());
    auto dq_index_map = [](const GridIndex& g, const PrefetchRefs&) {
      return BlockIndex{g[0], g[1], g[2], 0};
    };
    spec.outputs.push_back({"dq", &*L.dq_unreduced, {Shape{1, 1, bq, head_dim_qk}, dq_index_map}});
  }
  L.dk = tpu::Array(in.k->shape(), in.k->dtype());
  L.dv = tpu::Array(in.v->shape(), in.v->dtype());
  spec.outputs.push_back({"dk", &L.dk, {k_block, dkv_index_map}});
  spec.outputs.push_back({"dv", &L.dv, {v_block, dkv_index_map}});

  const DkvStatics c{.num_q_heads = static_cast<int>(num_q_heads),
                     .num_kv_heads = static_cast<int>(num_kv_heads),
                     .mask_value = statics.mask_value,
                     .grid_width = static_cast<int>(grid_width),
                     .bq = bq,
                     .bkv_compute = blocks.bkv_compute,
                     .is_mqa = is_mqa,
                     .attn_logits_soft_cap = statics.attn_logits_soft_cap,
                     .q_layout = q_layout,
                     .k_layout = k_layout,
                     .v_layout = v_layout,
                     .bkv = bkv,
                     .mask_function = info.mask_function};
  spec.body = [=](tpu::Kernel& k) {
    DkvRefs r;
    static_cast<BackwardInputRefs&>(r) = BackwardInputsOf(k, slots);
    int out = 0;
    r.dq_scratch_ref = sliced ? k.output(out++) : nullptr;
    r.dk_scratch_ref = k.output(out++);
    r.dv_scratch_ref = k.output(out++);
    r.dq_ref = fused ? k.output(out++) : nullptr;
    r.dk_ref = k.output(out++);
    r.dv_ref = k.output(out++);
    flash_attention_dkv_kernel(k, r, c);
  };
  return launch;
}

}  // namespace tilewalk::splash
