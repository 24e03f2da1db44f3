#include "kernels/splash/forward_launch.hpp"

#include "kernels/splash/call_checks.hpp"
#include "kernels/splash/constants.hpp"
#include "kernels/splash/forward_kernel.hpp"
#include "kernels/splash/lane_broadcast.hpp"
#include "kernels/splash/qkv_layout.hpp"
#include "kernels/splash/row_index_maps.hpp"
#include "kernels/splash/splash_error.hpp"

namespace tilewalk::splash {

using tpu::BlockIndex;
using tpu::GridIndex;
using tpu::PrefetchRefs;
using tpu::Shape;

namespace {

SplashCallShapes CallShapes(const MaskInfo& info, const SplashForwardInputs& in,
                            const SplashForwardConfig& config) {
  SplashCallShapes call{.is_mqa = config.is_mqa,
                        .block_sizes = config.block_sizes,
                        .q = in.q->shape(),
                        .k = in.k->shape(),
                        .v = in.v->shape(),
                        .save_residuals = config.save_residuals};
  if (in.q_segment_ids)
    call.segment_ids = SegmentIdShapes{in.q_segment_ids->shape(), in.kv_segment_ids->shape()};
  if (info.partial_mask_blocks) call.partial_mask_blocks_dtype = info.partial_mask_blocks->dtype();
  return call;
}

}  // namespace

tpu::Array SplashForwardLaunch::Logsumexp() const {
  const Shape& s = logsumexp_lanes->shape();
  tpu::Array lane_zero(Shape{s[0], s[1]}, tpu::DType::F32);
  for (int64_t r = 0; r < lane_zero.size(); ++r) lane_zero.SetFloat(r, logsumexp_lanes->GetFloat(r * s[2]));
  return lane_zero;
}

std::unique_ptr<SplashForwardLaunch> BuildSplashForwardLaunch(const MaskInfo& info,
                                                              const SplashForwardInputs& in,
                                                              const SplashForwardConfig& config) {
  CheckForwardCall(CallShapes(info, in, config));
  const BlockSizes& bs = config.block_sizes;

  const Shape& qs = in.q->shape();
  const int64_t num_q_heads = qs[0], q_seq_len = qs[1];
  const int64_t head_dim_v = in.v->shape()[-1];
  const int64_t bq = bs.block_q, bkv = bs.block_kv, bkv_compute = bs.block_kv_compute.value_or(bkv);
  const bool is_mqa = config.is_mqa;
  const int64_t num_kv_heads = is_mqa ? 1 : in.k->shape()[0];
  const int64_t q_heads_per_kv_head = num_q_heads / num_kv_heads;

  auto launch = std::make_unique<SplashForwardLaunch>();
  SplashForwardLaunch& L = *launch;
  tpu::LaunchSpec& spec = L.spec;
  spec.name = "fwd";

  L.tables = PrefetchTablesOf(info);
  L.tables.AddTo(spec);

  const int64_t grid_width = info.data_next.cols;
  spec.grid = tpu::Dims{num_q_heads, q_seq_len / bq, grid_width};
  using tpu::DimensionSemantics;
  spec.dimension_semantics = {DimensionSemantics::Parallel, DimensionSemantics::Arbitrary,
                              DimensionSemantics::Arbitrary};

  const QKVLayout q_layout = bs.q_layout, k_layout = bs.k_layout, v_layout = bs.v_layout;
  const RowIndexMaps maps{.is_mqa = is_mqa, .q_heads_per_kv_head = q_heads_per_kv_head};
  auto constant_index_map = [](const GridIndex&, const PrefetchRefs&) { return BlockIndex{0, 0}; };

  maps.AddQkv(spec, in.q, in.k, in.v, q_layout, k_layout, v_layout, bq, bkv, L.seq_minor);
  int q_seg = -1, kv_seg = -1, mask = -1, q_sequence = -1;
  if (in.q_segment_ids) {
    L.q_segment_lanes = RepeatAlongLanes(*in.q_segment_ids);
    L.kv_segment_sublanes = RepeatAlongSublanes(*in.kv_segment_ids);
    q_seg = static_cast<int>(spec.inputs.size());
    spec.inputs.push_back(
        {"q_segment_ids", &*L.q_segment_lanes, {Shape{bq, kNumLanes}, maps.q_segment_ids()}});
    kv_seg = static_cast<int>(spec.inputs.size());
    spec.inputs.push_back(
        {"kv_segment_ids", &*L.kv_segment_sublanes, {Shape{kNumSublanes, bkv}, maps.kv_segment_ids()}});
  }
  if (info.partial_mask_blocks) {
    L.partial_mask_blocks = *info.partial_mask_blocks;
    mask = static_cast<int>(spec.inputs.size());
    spec.inputs.push_back({"mask", &*L.partial_mask_blocks, {Shape{1, bq, bkv}, maps.mask()}});
  }
  if (info.q_sequence) {
    L.q_sequence_lanes = RepeatAlongLanes(Int32Sequence(*info.q_sequence));
    q_sequence = static_cast<int>(spec.inputs.size());
    spec.inputs.push_back({"q_sequence", &*L.q_sequence_lanes, {Shape{bq, kNumLanes}, maps.q_segment_ids()}});
  }

  L.m_scratch = tpu::Array(Shape{bq, kNumLanes}, tpu::DType::F32);
  L.l_scratch = tpu::Array(Shape{bq, kNumLanes}, tpu::DType::F32);
  L.o_scratch = tpu::Array(Shape{bq, head_dim_v}, tpu::DType::F32);
  L.out = tpu::Array(Shape{num_q_heads, q_seq_len, head_dim_v}, in.q->dtype());
  spec.outputs.push_back({"m_scratch", &L.m_scratch, {Shape{bq, kNumLanes}, constant_index_map}});
  spec.outputs.push_back({"l_scratch", &L.l_scratch, {Shape{bq, kNumLanes}, constant_index_map}});
  spec.outputs.push_back({"o_scratch", &L.o_scratch, {Shape{bq, head_dim_v}, constant_index_map}});
  spec.outputs.push_back({"out", &L.out, {Shape{1, bq, head_dim_v}, maps.out()}});
  if (config.save_residuals) {
    L.logsumexp_lanes = tpu::Array(Shape{num_q_heads, q_seq_len, kNumLanes}, tpu::DType::F32);
    spec.outputs.push_back({"logsumexp", &*L.logsumexp_lanes, {Shape{1, bq, kNumLanes}, maps.out()}});
  }

  const ForwardStatics statics{.mask_value = config.mask_value,
                               .grid_width = static_cast<int>(grid_width),
                               .bq = static_cast<int>(bq),
                               .bkv = static_cast<int>(bkv),
                               .bkv_compute = static_cast<int>(bkv_compute),
                               .head_dim_v = static_cast<int>(head_dim_v),
                               .q_layout = q_layout,
                               .k_layout = k_layout,
                               .v_layout = v_layout,
                               .attn_logits_soft_cap = config.attn_logits_soft_cap,
                               .mask_function = info.mask_function};
  const bool has_mask_next = L.tables.mask_next.has_value();
  const bool save_residuals = config.save_residuals;
  spec.body = [=](tpu::Kernel& k) {
    ForwardRefs r;
    r.tables = {k.prefetch(0), k.prefetch(1), has_mask_next ? k.prefetch(2) : nullptr};
    r.q_ref = k.input(0);
    r.k_ref = k.input(1);
    r.v_ref = k.input(2);
    if (q_seg >= 0) r.mask.q_segment_ids_ref = k.input(q_seg);
    if (kv_seg >= 0) r.mask.kv_segment_ids_ref = k.input(kv_seg);
    if (mask >= 0) r.mask.mask_ref = k.input(mask);
    if (q_sequence >= 0) r.mask.q_sequence_ref = k.input(q_sequence);
    r.m_scratch_ref = k.output(0);
    r.l_scratch_ref = k.output(1);
    r.o_scratch_ref = k.output(2);
    r.o_ref = k.output(3);
    if (save_residuals) r.logsumexp_ref = k.output(4);
    flash_attention_kernel(k, r, statics);
  };
  return launch;
}

}  // namespace tilewalk::splash
