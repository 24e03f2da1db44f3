// A toy tiled matmul kernel written against the TPU model, the way a Pallas tutorial writes one:
// grid (M/bm, N/bn, K/bk), an f32 accumulator in scratch zeroed at k == 0 and stored at the last k.
#pragma once

#include "kernels/tpu/launch.hpp"
#include "kernels/tpu/ops.hpp"

namespace tilewalk::tpu::testing {

struct ToyMatmul {
  Array a, b, c;
  int bm = 128, bn = 128, bk = 128;

  ToyMatmul(int m, int n, int k, int bm_, int bn_, int bk_, DType dtype = DType::F32)
      : a(Shape{m, k}, dtype), b(Shape{k, n}, dtype), c(Shape{m, n}, DType::F32), bm(bm_), bn(bn_), bk(bk_) {
    for (int64_t i = 0; i < a.size(); ++i) a.SetFloat(i, static_cast<float>((i * 7) % 13) / 13.0f - 0.5f);
    for (int64_t i = 0; i < b.size(); ++i) b.SetFloat(i, static_cast<float>((i * 5) % 11) / 11.0f - 0.5f);
    c.Fill(-1.0f);
  }

  LaunchSpec Spec() {
    LaunchSpec spec;
    spec.name = "toy_matmul";
    spec.grid = Dims{CeilDiv(a.shape()[0], bm), CeilDiv(b.shape()[1], bn), CeilDiv(a.shape()[1], bk)};
    spec.dimension_semantics = {DimensionSemantics::Parallel, DimensionSemantics::Parallel,
                                DimensionSemantics::Arbitrary};
    spec.inputs = {{"a",
                    &a,
                    {Shape{bm, bk},
                     [](const GridIndex& g) {
                       return BlockIndex{g[0], g[2]};
                     }}},
                   {"b", &b, {Shape{bk, bn}, [](const GridIndex& g) {
                                return BlockIndex{g[2], g[1]};
                              }}}};
    spec.outputs = {{"c", &c, {Shape{bm, bn}, [](const GridIndex& g) { return BlockIndex{g[0], g[1]}; }}}};
    spec.scratch = {{"acc", Shape{bm, bn}, DType::F32}};
    const int64_t nk = spec.grid[2];
    spec.body = [nk](Kernel& k) {
      using namespace jnp;
      Ref* a_ref = k.input(0);
      Ref* b_ref = k.input(1);
      Ref* c_ref = k.output(0);
      Ref* acc = k.scratch(0);
      k.when(k.program_id(2) == 0, "toy.init", [&] {
        acc->store("toy.init.zero", at({}),
                   k.stmt("toy.init.zeros", [&] { return zeros(acc->shape(0), acc->shape(1)); }));
      });
      const Value x = a_ref->load("toy.load_a", at({}));
      const Value y = b_ref->load("toy.load_b", at({}));
      acc->store_add("toy.accumulate", at({}), k.stmt("toy.dot", [&] { return dot(x, y); }));
      k.when(k.program_id(2) == nk - 1, "toy.finish",
             [&] { c_ref->store("toy.store_c", at({}), acc->load("toy.load_acc", at({}))); });
    };
    return spec;
  }
};

}  // namespace tilewalk::tpu::testing
