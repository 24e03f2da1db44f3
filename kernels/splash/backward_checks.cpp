#include "kernels/splash/backward_checks.hpp"

#include <cassert>
#include <string>

#include "kernels/splash/call_checks.hpp"
#include "kernels/splash/constants.hpp"
#include "kernels/splash/splash_error.hpp"

namespace tilewalk::splash {
namespace {

using tpu::ErrorType;

std::string BwdNamed(const char* name, int64_t value) {
  return std::string(name) + "=" + std::to_string(value);
}

void NotGreater(const char* site, const char* name, int64_t value, const char* bound_name, int64_t bound) {
  if (value > bound)
    RaiseSplashError(ErrorType::ValueError, site,
                     BwdNamed(name, value) + " should not be greater than " + BwdNamed(bound_name, bound));
}

struct KvSide {
  int64_t num_kv_heads = 1, kv_seq_len = 0;
};

KvSide KvSideOf(const SplashCallShapes& call) {
  if (call.is_mqa) return {1, call.k[0]};
  return {call.k[0], call.k[1]};
}

void CheckDkv(const SplashCallShapes& call, const KvSide& kv) {
  const BlockSizes& b = call.block_sizes;
  const int64_t num_q_heads = call.q[0], q_seq_len = call.q[1];
  const int64_t bq = *b.block_q_dkv, bkv = *b.block_kv_dkv, bkv_compute = *b.block_kv_dkv_compute;
  NotGreater("splash.dkv.block_q_fits", "bq", bq, "q_seq_len", q_seq_len);
  NotGreater("splash.dkv.block_kv_fits", "bkv", bkv, "kv_seq_len", kv.kv_seq_len);
  NotGreater("splash.dkv.compute_fits", "bkv_compute", bkv_compute, "bkv", bkv);
  if (bkv_compute == 0 || FloorMod(bkv, bkv_compute) != 0)
    RaiseSplashError(
        bkv_compute == 0 ? ErrorType::ZeroDivisionError : ErrorType::ValueError, "splash.dkv.compute_divides",
        bkv_compute == 0
            ? std::string(kModuloByZero)
            : BwdNamed("bkv", bkv) + " should be a multiple of " + BwdNamed("bkv_compute", bkv_compute));
  CheckHeadsDivide("splash.dkv.heads_divide", call.is_mqa, num_q_heads, kv.num_kv_heads);
  CheckKvLeadingDims("splash.dkv.kv_leading_dims", call.k, call.v);

  // Tracing the dkv body: its blocks hold kv in sublanes and q in lanes, so the q segment ids are repeated
  // across bq lanes in whole copies of 128.
  if (call.segment_ids && FloorMod(bq, kNumLanes) != 0)
    RaiseSplashErrorIn(tpu::Phase::Tracing, ErrorType::NotImplementedError, "splash.dkv.segment_ids_lanes",
                       "block_q must be a multiple of " + std::to_string(kNumLanes));
}

void CheckDq(const SplashCallShapes& call, const KvSide& kv) {
  const BlockSizes& b = call.block_sizes;
  const int64_t num_q_heads = call.q[0], q_seq_len = call.q[1];
  const int64_t bq = *b.block_q_dq, bkv = *b.block_kv_dq;
  NotGreater("splash.dq.block_q_fits", "bq", bq, "q_seq_len", q_seq_len);
  NotGreater("splash.dq.block_kv_fits", "bkv", bkv, "kv_seq_len", kv.kv_seq_len);
  CheckHeadsDivide("splash.dq.heads_divide", call.is_mqa, num_q_heads, kv.num_kv_heads);
  CheckKvLeadingDims("splash.dq.kv_leading_dims", call.k, call.v);
  if (FloorMod(bkv, kNumLanes) != 0)
    RaiseSplashError(ErrorType::ValueError, "splash.dq.block_kv_lanes",
                     BwdNamed("bkv", bkv) + " must be a multiple of " + std::to_string(kNumLanes) + ".");
}

}  // namespace

void CheckBackward(const SplashCallShapes& call) {
  assert(call.q.rank() == 3 && call.k.rank() == (call.is_mqa ? 2 : 3) &&
         "CheckBackward: run CheckForwardCall first; the backward's checks assume the forward's passed");
  const BlockSizes& b = call.block_sizes;
  if (!b.has_backward_blocks())
    RaiseSplashError(ErrorType::ValueError, "splash.bwd.backward_blocks", "Need to specify backward blocks.");
  const KvSide kv = KvSideOf(call);
  CheckDkv(call, kv);
  if (!b.use_fused_bwd_kernel) CheckDq(call, kv);
}

}  // namespace tilewalk::splash
