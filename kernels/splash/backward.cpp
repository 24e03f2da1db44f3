#include "kernels/splash/backward.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <utility>
#include <vector>

#include "kernels/splash/backward_checks.hpp"
#include "kernels/splash/lane_broadcast.hpp"
#include "kernels/splash/splash_error.hpp"

namespace tilewalk::splash {
namespace {

SplashCallShapes ShapesOf(const SplashBackwardCall& call, const BlockSizes& block_sizes) {
  SplashCallShapes shapes{.is_mqa = call.is_mqa,
                          .block_sizes = block_sizes,
                          .q = call.q->shape(),
                          .k = call.k->shape(),
                          .v = call.v->shape()};
  if (call.sinks) shapes.sinks = call.sinks->shape();
  if (call.q_segment_ids)
    shapes.segment_ids = SegmentIdShapes{call.q_segment_ids->shape(), call.kv_segment_ids->shape()};
  return shapes;
}

}  // namespace

tpu::Array SplashDi(const tpu::Array& o, const tpu::Array& d_o) {
  const tpu::Shape& s = o.shape();
  tpu::Array di(tpu::Shape{s[0], s[1]}, tpu::DType::F32);
  const int64_t d = s[2];
  for (int64_t row = 0; row < di.size(); ++row) {
    float sum = 0.0f;
    for (int64_t c = 0; c < d; ++c) sum += o.GetFloat(row * d + c) * d_o.GetFloat(row * d + c);
    di.Data<float>()[row] = sum;
  }
  return di;
}

tpu::Array SplashDsinks(const tpu::Array& sinks, const tpu::Array& logsumexp, const tpu::Array& o,
                        const tpu::Array& d_o) {
  const int64_t heads = o.shape()[0], rows = o.shape()[1], d = o.shape()[2];
  const tpu::DType t = o.dtype();
  auto in_o_dtype = [t](float x) { return t == tpu::DType::BF16 ? tpu::RoundToBf16(x) : x; };
  tpu::Array dsinks(tpu::Shape{heads}, t);
  for (int64_t h = 0; h < heads; ++h) {
    float sum = 0.0f;
    for (int64_t r = 0; r < rows; ++r) {
      const float sink_weight = in_o_dtype(-std::exp(sinks.GetFloat(h) - logsumexp.GetFloat(h * rows + r)));
      for (int64_t c = 0; c < d; ++c) {
        const int64_t e = (h * rows + r) * d + c;
        sum += in_o_dtype(in_o_dtype(sink_weight * o.GetFloat(e)) * d_o.GetFloat(e));
      }
    }
    dsinks.SetFloat(h, sum);
  }
  return dsinks;
}

tpu::Array SumDqPartials(const tpu::Array& dq_unreduced) {
  const tpu::Shape& s = dq_unreduced.shape();
  tpu::Array dq(tpu::Shape{s[1], s[2], s[3]}, dq_unreduced.dtype());
  const int64_t n = dq.size();
  for (int64_t e = 0; e < n; ++e) {
    float sum = 0.0f;
    for (int64_t b = 0; b < s[0]; ++b) sum += dq_unreduced.GetFloat(b * n + e);
    dq.SetFloat(e, sum);
  }
  return dq;
}

SplashBackwardLaunches BuildSplashBackwardLaunches(const SplashBackwardCall& call, const tpu::Array& di,
                                                   const SplashMaskInfos& made) {
  const BlockSizes& b = made.block_sizes;
  CheckBackward(ShapesOf(call, b));
  const SplashBackwardStatics statics{.is_mqa = call.is_mqa,
                                      .mask_value = call.mask_value,
                                      .attn_logits_soft_cap = call.attn_logits_soft_cap,
                                      .q_layout = b.q_layout,
                                      .k_layout = b.k_layout,
                                      .v_layout = b.v_layout};
  const SplashBackwardInputs in{.q = call.q,
                                .k = call.k,
                                .v = call.v,
                                .q_segment_ids = call.q_segment_ids,
                                .kv_segment_ids = call.kv_segment_ids,
                                .logsumexp = call.logsumexp,
                                .d_o = call.d_o,
                                .di = &di};
  const DkvBlocks dkv_blocks{.bq = static_cast<int>(*b.block_q_dkv),
                             .bkv = static_cast<int>(*b.block_kv_dkv),
                             .bkv_compute = static_cast<int>(*b.block_kv_dkv_compute),
                             .use_fused_bwd_kernel = b.use_fused_bwd_kernel};
  SplashBackwardLaunches launches;
  launches.dkv = BuildDkvLaunch(in, statics, *made.dkv, dkv_blocks);
  if (!b.use_fused_bwd_kernel)
    launches.dq = BuildDqLaunch(in, statics, *made.dq, static_cast<int>(*b.block_q_dq),
                                static_cast<int>(*b.block_kv_dq));
  return launches;
}

void SplashBackwardLaunches::Refresh(const tpu::Array& logsumexp, const tpu::Array& di) {
  // In place: the launches' specs point at these arrays.
  auto overwrite = [](tpu::Array& target, const tpu::Array& rows) {
    const tpu::Array broadcast = RepeatRowsPerHead(rows, target.shape()[1]);
    std::copy_n(broadcast.Data<float>(), broadcast.size(), target.Data<float>());
  };
  overwrite(dkv->logsumexp, logsumexp);
  overwrite(dkv->di, di);
  if (dq) {
    overwrite(dq->logsumexp, logsumexp);
    overwrite(dq->di, di);
  }
}

void SplashBackwardLaunches::TakeGradients(tpu::Array& dq_out, tpu::Array& dk, tpu::Array& dv) {
  dq_out = dq ? std::move(dq->dq) : SumDqPartials(*dkv->dq_unreduced);
  dk = std::move(dkv->dk);
  dv = std::move(dkv->dv);
}

SplashBackwardResult RunSplashBackward(const SplashBackwardCall& call, const SplashMaskInfos& made,
                                       const tpu::LaunchOptions& options) {
  SplashBackwardResult result;
  const tpu::Array di = SplashDi(*call.o, *call.d_o);
  SplashBackwardLaunches launches;
  result.error = CatchSplashError([&] { launches = BuildSplashBackwardLaunches(call, di, made); });
  if (result.error) return result;

  // The original's backward is one jitted function: both pallas_calls are traced and lowered before
  // either runs, so an error of the dq launch's lowering leaves the dkv launch unexecuted too.
  std::vector<std::unique_ptr<tpu::LaunchRunner>> runners;
  runners.push_back(std::make_unique<tpu::LaunchRunner>(launches.dkv->spec, options));
  if (launches.dq) runners.push_back(std::make_unique<tpu::LaunchRunner>(launches.dq->spec, options));
  for (const auto& runner : runners) {
    result.error = runner->Prepare();
    if (result.error) {
      for (const auto& prepared : runners) {
        result.launches.push_back(prepared->TakeResult());
        if (prepared == runner) break;
      }
      return result;
    }
  }
  for (const auto& runner : runners) {
    while (!runner->Finished()) runner->RunStep();
    result.launches.push_back(runner->TakeResult());
    if ((result.error = result.launches.back().error)) return result;
  }
  launches.TakeGradients(result.dq, result.dk, result.dv);
  if (call.sinks) result.dsinks = SplashDsinks(*call.sinks, *call.logsumexp, *call.o, *call.d_o);
  return result;
}

}  // namespace tilewalk::splash
