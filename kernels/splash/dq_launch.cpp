#include "kernels/splash/dq_launch.hpp"

#include <utility>

#include "kernels/splash/constants.hpp"
#include "kernels/splash/dq_kernel.hpp"
#include "kernels/splash/lane_broadcast.hpp"
#include "kernels/splash/qkv_layout.hpp"
#include "kernels/splash/row_index_maps.hpp"

namespace tilewalk::splash {

using tpu::BlockIndex;
using tpu::GridIndex;
using tpu::PrefetchRefs;
using tpu::Shape;

std::unique_ptr<DqLaunch> BuildDqLaunch(const SplashBackwardInputs& in, const SplashBackwardStatics& statics,
                                        const MaskInfo& info, int bq, int bkv) {
  const bool is_mqa = statics.is_mqa;
  const int64_t num_q_heads = in.q->shape()[0], q_seq_len = in.q->shape()[1], head_dim_qk = in.q->shape()[2];
  const int64_t head_dim_v = in.v->shape()[is_mqa ? 1 : 2];
  const int64_t num_kv_heads = is_mqa ? 1 : in.k->shape()[0];
  const int64_t q_heads_per_kv_head = num_q_heads / num_kv_heads;
  const int64_t grid_width = info.data_next.cols;

  auto launch = std::make_unique<DqLaunch>();
  DqLaunch& L = *launch;
  tpu::LaunchSpec& spec = L.spec;
  spec.name = "dq";
  spec.grid = tpu::Dims{num_q_heads, q_seq_len / bq, grid_width};
  // All three axes arbitrary, as the original sets them.
  spec.dimension_semantics.assign(3, tpu::DimensionSemantics::Arbitrary);
  L.tables = PrefetchTablesOf(info);
  L.tables.AddTo(spec);

  const QKVLayout q_layout = statics.q_layout, k_layout = statics.k_layout, v_layout = statics.v_layout;
  const RowIndexMaps maps{.is_mqa = is_mqa, .q_heads_per_kv_head = q_heads_per_kv_head};
  auto logsumexp_index_map = [](const GridIndex& g, const PrefetchRefs&) {
    return BlockIndex{g[0], 0, g[1]};
  };

  maps.AddQkv(spec, in.q, in.k, in.v, q_layout, k_layout, v_layout, bq, bkv, L.seq_minor);
  auto add = [&](const char* name, const tpu::Array& a, tpu::BlockSpec bs) {
    spec.inputs.push_back({name, &a, std::move(bs)});
    return static_cast<int>(spec.inputs.size()) - 1;
  };
  BackwardInputSlots slots{.has_mask_next = L.tables.mask_next.has_value()};
  if (in.q_segment_ids) {
    L.q_segment_ids = RepeatAlongLanes(*in.q_segment_ids);
    L.kv_segment_ids = RepeatAlongSublanes(*in.kv_segment_ids);
    slots.q_segment_ids =
        add("q_segment_ids", *L.q_segment_ids, {Shape{bq, kNumLanes}, maps.q_segment_ids()});
    slots.kv_segment_ids =
        add("kv_segment_ids", *L.kv_segment_ids, {Shape{kNumSublanes, bkv}, maps.kv_segment_ids()});
  }
  L.logsumexp = RepeatRowsPerHead(*in.logsumexp, 1);
  L.di = RepeatRowsPerHead(*in.di, 1);
  slots.logsumexp = add("logsumexp", L.logsumexp, {Shape{1, 1, bq}, logsumexp_index_map});
  slots.d_o = add("do", *in.d_o, {Shape{1, bq, head_dim_v}, maps.out()});
  slots.di = add("di", L.di, {Shape{1, 1, bq}, logsumexp_index_map});
  if (info.partial_mask_blocks) {
    L.partial_mask_blocks = *info.partial_mask_blocks;
    slots.mask = add("mask", *L.partial_mask_blocks, {Shape{1, bq, bkv}, maps.mask()});
  }
  if (info.q_sequence) {
    L.q_sequence = RepeatAlongLanes(Int32Sequence(*info.q_sequence));
    slots.q_sequence = add("q_sequence", *L.q_sequence, {Shape{bq, kNumLanes}, maps.q_segment_ids()});
  }

  L.dq_scratch = tpu::Array(Shape{bq, head_dim_qk}, tpu::DType::F32);
  L.dq = tpu::Array(in.q->shape(), in.q->dtype());
  spec.outputs = {{"dq_scratch",
                   &L.dq_scratch,
                   {Shape{bq, head_dim_qk},
                    [](const GridIndex&, const PrefetchRefs&) {
                      return BlockIndex{0, 0};
                    }}},
                  {"dq", &L.dq, {Shape{1, bq, head_dim_qk}, maps.out()}}};

  const DqStatics c{.mask_value = statics.mask_value,
                    .grid_width = static_cast<int>(grid_width),
                    .bq = bq,
                    .bkv = bkv,
                    .attn_logits_soft_cap = statics.attn_logits_soft_cap,
                    .q_layout = q_layout,
                    .k_layout = k_layout,
                    .v_layout = v_layout,
                    .mask_function = info.mask_function};
  spec.body = [=](tpu::Kernel& k) {
    DqRefs r;
    static_cast<BackwardInputRefs&>(r) = BackwardInputsOf(k, slots);
    r.dq_scratch_ref = k.output(0);
    r.dq_ref = k.output(1);
    flash_attention_dq_kernel(k, r, c);
  };
  return launch;
}

}  // namespace tilewalk::splash
