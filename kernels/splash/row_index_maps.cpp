#include "kernels/splash/row_index_maps.hpp"

#include <cassert>

#include "kernels/splash/next_nonzero.hpp"
#include "kernels/splash/qkv_layout.hpp"

namespace tilewalk::splash {

using tpu::BlockIndex;
using tpu::GridIndex;
using tpu::PrefetchRefs;

tpu::IndexMap RowIndexMaps::q(QKVLayout layout) const {
  return [=](const GridIndex& g, const PrefetchRefs&) {
    return FromHeadMinor(BlockIndex{g[0], g[1], 0}, layout);
  };
}

tpu::IndexMap RowIndexMaps::out() const {
  return [](const GridIndex& g, const PrefetchRefs&) { return BlockIndex{g[0], g[1], 0}; };
}

tpu::IndexMap RowIndexMaps::kv(QKVLayout layout) const {
  return [mqa = is_mqa, per_kv = q_heads_per_kv_head, layout](const GridIndex& g, const PrefetchRefs& refs) {
    const int64_t next_j = NextNonzeroInIndexMap(g[0], g[1], g[2], refs).next_data;
    return FromHeadMinor(mqa ? BlockIndex{next_j, 0} : BlockIndex{g[0] / per_kv, next_j, 0}, layout);
  };
}

tpu::IndexMap RowIndexMaps::mask() const {
  return [](const GridIndex& g, const PrefetchRefs& refs) {
    const NextNonzero next = NextNonzeroInIndexMap(g[0], g[1], g[2], refs);
    assert(next.next_mask && "a launch with partial mask blocks always has mask_next");
    return BlockIndex{*next.next_mask, 0, 0};
  };
}

tpu::IndexMap RowIndexMaps::q_segment_ids() const {
  return [](const GridIndex& g, const PrefetchRefs&) { return BlockIndex{g[1], 0}; };
}

tpu::IndexMap RowIndexMaps::kv_segment_ids() const {
  return [](const GridIndex& g, const PrefetchRefs& refs) {
    return BlockIndex{0, NextNonzeroInIndexMap(g[0], g[1], g[2], refs).next_data};
  };
}

void RowIndexMaps::AddQkv(tpu::LaunchSpec& spec, const tpu::Array* q, const tpu::Array* k,
                          const tpu::Array* v, QKVLayout q_layout, QKVLayout k_layout, QKVLayout v_layout,
                          int bq, int bkv, SeqMinorCopies& copies) const {
  using tpu::Shape;
  const int64_t head_dim_qk = q->shape()[2], head_dim_v = v->shape()[-1];
  const Shape k_block = is_mqa ? Shape{bkv, head_dim_qk} : Shape{1, bkv, head_dim_qk};
  const Shape v_block = is_mqa ? Shape{bkv, head_dim_v} : Shape{1, bkv, head_dim_v};
  spec.inputs.push_back({"q",
                         InLayout(q, q_layout, copies.q),
                         {FromHeadMinor(Shape{1, bq, head_dim_qk}, q_layout), this->q(q_layout)}});
  spec.inputs.push_back(
      {"k", InLayout(k, k_layout, copies.k), {FromHeadMinor(k_block, k_layout), kv(k_layout)}});
  spec.inputs.push_back(
      {"v", InLayout(v, v_layout, copies.v), {FromHeadMinor(v_block, v_layout), kv(v_layout)}});
}

}  // namespace tilewalk::splash
