#include "kernels/splash/forward_launch.hpp"

#include "kernels/splash/call_checks.hpp"
#include "kernels/splash/forward_kernel.hpp"
#include "kernels/splash/next_nonzero.hpp"
#include "kernels/splash/prefetch_tables.hpp"
#include "kernels/splash/qkv_layout.hpp"
#include "kernels/splash/splash_error.hpp"

namespace tilewalk::splash {

using tpu::BlockIndex;
using tpu::GridIndex;
using tpu::PrefetchRefs;
using tpu::Shape;

namespace {

// ids [n] broadcast along `lanes` columns: [n, lanes].
tpu::Array IdsAlongLanes(const std::vector<int32_t>& ids, int64_t lanes) {
  tpu::Array out(Shape{static_cast<int64_t>(ids.size()), lanes}, tpu::DType::I32);
  int32_t* dst = out.Data<int32_t>();
  for (std::size_t r = 0; r < ids.size(); ++r)
    for (int64_t l = 0; l < lanes; ++l) dst[static_cast<int64_t>(r) * lanes + l] = ids[r];
  return out;
}

// ids [n] broadcast along `sublanes` rows: [sublanes, n].
tpu::Array IdsAlongSublanes(const std::vector<int32_t>& ids, int64_t sublanes) {
  const auto n = static_cast<int64_t>(ids.size());
  tpu::Array out(Shape{sublanes, n}, tpu::DType::I32);
  int32_t* dst = out.Data<int32_t>();
  for (int64_t s = 0; s < sublanes; ++s)
    for (int64_t c = 0; c < n; ++c) dst[s * n + c] = ids[static_cast<std::size_t>(c)];
  return out;
}

std::vector<int32_t> IdsOf(const tpu::Array& ids) {
  return std::vector<int32_t>(ids.Data<int32_t>(), ids.Data<int32_t>() + ids.size());
}

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
  const int64_t num_q_heads = qs[0], q_seq_len = qs[1], head_dim_qk = qs[2];
  const int64_t head_dim_v = in.v->shape()[-1];
  const int64_t bq = bs.block_q, bkv = bs.block_kv, bkv_compute = bs.block_kv_compute.value_or(bkv);
  const bool is_mqa = config.is_mqa;
  const int64_t num_kv_heads = is_mqa ? 1 : in.k->shape()[0];
  const int64_t q_heads_per_kv_head = num_q_heads / num_kv_heads;

  auto launch = std::make_unique<SplashForwardLaunch>();
  SplashForwardLaunch& L = *launch;
  tpu::LaunchSpec& spec = L.spec;
  spec.name = "splash.fwd";

  L.data_next = PrefetchArray(info.data_next);
  L.block_mask = PrefetchArray(info.block_mask);
  spec.scalar_prefetch = {{"data_next", &L.data_next}, {"block_mask", &L.block_mask}};
  if (info.mask_next) {
    L.mask_next = PrefetchArray(*info.mask_next);
    spec.scalar_prefetch.push_back({"mask_next", &*L.mask_next});
  }
  spec.num_scalar_prefetch = static_cast<int>(spec.scalar_prefetch.size());

  const int64_t grid_width = info.data_next.cols;
  spec.grid = tpu::Dims{num_q_heads, q_seq_len / bq, grid_width};
  using tpu::DimensionSemantics;
  spec.dimension_semantics = {DimensionSemantics::Parallel, DimensionSemantics::Arbitrary,
                              DimensionSemantics::Arbitrary};

  const QKVLayout q_layout = bs.q_layout, k_layout = bs.k_layout, v_layout = bs.v_layout;
  auto q_index_map = [=](const GridIndex& g, const PrefetchRefs&) {
    return FromHeadMinor(BlockIndex{g[0], g[1], 0}, q_layout);
  };
  auto out_index_map = [](const GridIndex& g, const PrefetchRefs&) { return BlockIndex{g[0], g[1], 0}; };
  auto kv_index_map = [=](QKVLayout layout) {
    return [=](const GridIndex& g, const PrefetchRefs& refs) {
      const int64_t next_j = NextNonzeroInIndexMap(g[0], g[1], g[2], refs).next_data;
      return FromHeadMinor(is_mqa ? BlockIndex{next_j, 0} : BlockIndex{g[0] / q_heads_per_kv_head, next_j, 0},
                           layout);
    };
  };
  auto mask_index_map = [](const GridIndex& g, const PrefetchRefs& refs) {
    return BlockIndex{*NextNonzeroInIndexMap(g[0], g[1], g[2], refs).next_mask, 0, 0};
  };
  auto q_segment_ids_index_map = [](const GridIndex& g, const PrefetchRefs&) { return BlockIndex{g[1], 0}; };
  auto kv_segment_ids_index_map = [](const GridIndex& g, const PrefetchRefs& refs) {
    return BlockIndex{0, NextNonzeroInIndexMap(g[0], g[1], g[2], refs).next_data};
  };
  auto constant_index_map = [](const GridIndex&, const PrefetchRefs&) { return BlockIndex{0, 0}; };

  // The wrapper hands a SEQ_MINOR operand over transposed.
  const auto in_layout = [](const tpu::Array* a, QKVLayout layout, std::optional<tpu::Array>& swapped) {
    if (layout == QKVLayout::HEAD_DIM_MINOR) return a;
    swapped = SwapLastTwo(*a);
    return static_cast<const tpu::Array*>(&*swapped);
  };
  const Shape k_block = is_mqa ? Shape{bkv, head_dim_qk} : Shape{1, bkv, head_dim_qk};
  const Shape v_block = is_mqa ? Shape{bkv, head_dim_v} : Shape{1, bkv, head_dim_v};
  spec.inputs.push_back({"q",
                         in_layout(in.q, q_layout, L.q_seq_minor),
                         {FromHeadMinor(Shape{1, bq, head_dim_qk}, q_layout), q_index_map}});
  spec.inputs.push_back({"k",
                         in_layout(in.k, k_layout, L.k_seq_minor),
                         {FromHeadMinor(k_block, k_layout), kv_index_map(k_layout)}});
  spec.inputs.push_back({"v",
                         in_layout(in.v, v_layout, L.v_seq_minor),
                         {FromHeadMinor(v_block, v_layout), kv_index_map(v_layout)}});
  int q_seg = -1, kv_seg = -1, mask = -1, q_sequence = -1;
  if (in.q_segment_ids) {
    L.q_segment_lanes = IdsAlongLanes(IdsOf(*in.q_segment_ids), kNumLanes);
    L.kv_segment_sublanes = IdsAlongSublanes(IdsOf(*in.kv_segment_ids), kNumSublanes);
    q_seg = static_cast<int>(spec.inputs.size());
    spec.inputs.push_back(
        {"q_segment_ids", &*L.q_segment_lanes, {Shape{bq, kNumLanes}, q_segment_ids_index_map}});
    kv_seg = static_cast<int>(spec.inputs.size());
    spec.inputs.push_back(
        {"kv_segment_ids", &*L.kv_segment_sublanes, {Shape{kNumSublanes, bkv}, kv_segment_ids_index_map}});
  }
  if (info.partial_mask_blocks) {
    L.partial_mask_blocks = *info.partial_mask_blocks;
    mask = static_cast<int>(spec.inputs.size());
    spec.inputs.push_back({"mask", &*L.partial_mask_blocks, {Shape{1, bq, bkv}, mask_index_map}});
  }
  if (info.q_sequence) {
    L.q_sequence_lanes = IdsAlongLanes(*info.q_sequence, kNumLanes);
    q_sequence = static_cast<int>(spec.inputs.size());
    spec.inputs.push_back(
        {"q_sequence", &*L.q_sequence_lanes, {Shape{bq, kNumLanes}, q_segment_ids_index_map}});
  }

  L.m_scratch = tpu::Array(Shape{bq, kNumLanes}, tpu::DType::F32);
  L.l_scratch = tpu::Array(Shape{bq, kNumLanes}, tpu::DType::F32);
  L.o_scratch = tpu::Array(Shape{bq, head_dim_v}, tpu::DType::F32);
  L.out = tpu::Array(Shape{num_q_heads, q_seq_len, head_dim_v}, in.q->dtype());
  spec.outputs.push_back({"m_scratch", &L.m_scratch, {Shape{bq, kNumLanes}, constant_index_map}});
  spec.outputs.push_back({"l_scratch", &L.l_scratch, {Shape{bq, kNumLanes}, constant_index_map}});
  spec.outputs.push_back({"o_scratch", &L.o_scratch, {Shape{bq, head_dim_v}, constant_index_map}});
  spec.outputs.push_back({"out", &L.out, {Shape{1, bq, head_dim_v}, out_index_map}});
  if (config.save_residuals) {
    L.logsumexp_lanes = tpu::Array(Shape{num_q_heads, q_seq_len, kNumLanes}, tpu::DType::F32);
    spec.outputs.push_back({"logsumexp", &*L.logsumexp_lanes, {Shape{1, bq, kNumLanes}, out_index_map}});
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
  const bool has_mask_next = info.mask_next.has_value();
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
