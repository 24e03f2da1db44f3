#include "kernels/splash/call_checks.hpp"
#include "kernels/splash/constants.hpp"

#include <string>

#include "kernels/splash/backward_checks.hpp"
#include "kernels/splash/splash_error.hpp"

namespace tilewalk::splash {
namespace {

using tpu::ErrorType;

std::string FwdNamed(const char* name, int64_t value) {
  return std::string(name) + "=" + std::to_string(value);
}

// `a, b, c = shape` in Python 3.11.
void UnpackThree(const char* site, const tpu::Shape& shape) {
  // One raise for both messages: a site name stands at one source line.
  if (shape.rank() != 3)
    RaiseSplashError(ErrorType::ValueError, site,
                     shape.rank() < 3 ? "not enough values to unpack (expected 3, got " +
                                            std::to_string(shape.rank()) + ")"
                                      : std::string("too many values to unpack (expected 3)"));
}

void NeedAnAxis(const char* site, const char* name, const tpu::Shape& shape) {
  if (shape.rank() == 0)
    RaiseSplashError(ErrorType::IndexError, site,
                     std::string("tuple index out of range: ") + name + " has rank 0");
}

void CheckSegmentIds(const SegmentIdShapes& ids, int64_t q_seq_len, int64_t kv_seq_len) {
  const tpu::Shape want_q{q_seq_len};
  if (!(ids.q == want_q))
    RaiseSplashError(
        ErrorType::ValueError, "splash.fwd.q_segment_ids",
        "Invalid shape for q segment_ids: " + ids.q.ToString() + ". Expected: " + want_q.ToString());
  const tpu::Shape want_kv{kv_seq_len};
  if (!(ids.kv == want_kv))
    RaiseSplashError(
        ErrorType::ValueError, "splash.fwd.kv_segment_ids",
        "Invalid shape for kv segment_ids: " + ids.kv.ToString() + ". Expected: " + want_kv.ToString());
}

}  // namespace

void CheckHeadsDivide(const char* site, bool is_mqa, int64_t num_q_heads, int64_t num_kv_heads) {
  if (is_mqa) return;
  if (num_kv_heads == 0 || FloorMod(num_q_heads, num_kv_heads) != 0)
    RaiseSplashError(num_kv_heads == 0 ? ErrorType::ZeroDivisionError : ErrorType::ValueError, site,
                     num_kv_heads == 0
                         ? std::string(kModuloByZero)
                         : "In MHA, expected number of 'key' heads (" + std::to_string(num_kv_heads) +
                               ") to be a multiple of the number of 'query' heads (" +
                               std::to_string(num_q_heads) + ")");
}

void CheckKvLeadingDims(const char* site, const tpu::Shape& k, const tpu::Shape& v) {
  bool same = k.rank() == v.rank();
  for (int i = 0; same && i + 1 < k.rank(); ++i) same = k[i] == v[i];
  // k.shape[:-1] of a rank-0 shape is (), as is v's: both empty compare equal whatever their ranks.
  if (k.rank() <= 1 && v.rank() <= 1) same = true;
  if (!same)
    RaiseSplashError(ErrorType::ValueError, site,
                     "Expected 'key' " + k.ToString() + " and 'value' " + v.ToString() +
                         " to have the same leading dimensions.");
}

void CheckForwardCall(const SplashCallShapes& call) {
  UnpackThree("splash.fwd.q_rank", call.q);
  const int64_t num_q_heads = call.q[0], q_seq_len = call.q[1], head_dim_qk = call.q[2];
  NeedAnAxis("splash.fwd.v_rank", "v", call.v);
  const int64_t bkv = call.block_sizes.block_kv;
  // MakeBlockSizes always sets it; an aggregate built by hand may not have.
  const int64_t bkv_compute = call.block_sizes.block_kv_compute.value_or(bkv);

  const int expected_kv_rank = call.is_mqa ? 2 : 3;
  const int kv_head_dimension = call.is_mqa ? 1 : 2;
  const int kv_seq_len_dimension = call.is_mqa ? 0 : 1;
  if (!call.is_mqa) NeedAnAxis("splash.fwd.k_rank_zero", "k", call.k);
  const int64_t num_kv_heads = call.is_mqa ? 1 : call.k[0];

  if (call.partial_mask_blocks_dtype && *call.partial_mask_blocks_dtype != tpu::DType::Bool)
    RaiseSplashError(ErrorType::ValueError, "splash.fwd.partial_mask_blocks_dtype",
                     "partial_mask_blocks must be of type np.bool_ but got " +
                         std::string(tpu::DTypeName(*call.partial_mask_blocks_dtype)));
  if (call.k.rank() != expected_kv_rank)
    RaiseSplashError(ErrorType::ValueError, "splash.fwd.k_rank",
                     "Expected " + std::to_string(expected_kv_rank) +
                         "-dim 'key' tensor for MQA. Instead got a " + std::to_string(call.k.rank()) +
                         "-dim one.");
  if (call.k[kv_head_dimension] != head_dim_qk)
    RaiseSplashError(ErrorType::ValueError, "splash.fwd.k_head_dim",
                     "Expected 'key' head dimension to be: " + std::to_string(head_dim_qk) +
                         ". Instead got: " + std::to_string(call.k[kv_head_dimension]) + ".");
  CheckHeadsDivide("splash.fwd.heads_divide", call.is_mqa, num_q_heads, num_kv_heads);
  CheckKvLeadingDims("splash.fwd.kv_leading_dims", call.k, call.v);

  if (bkv_compute == 0 || FloorMod(bkv, bkv_compute) != 0)
    RaiseSplashError(bkv_compute == 0 ? ErrorType::ZeroDivisionError : ErrorType::ValueError,
                     "splash.fwd.kv_compute_divides",
                     bkv_compute == 0 ? std::string(kModuloByZero)
                                      : FwdNamed("bkv", bkv) + " must be a multiple of " +
                                            FwdNamed("bkv_compute", bkv_compute) + ".");
  if (FloorMod(bkv_compute, kNumLanes) != 0)
    RaiseSplashError(
        ErrorType::ValueError, "splash.fwd.kv_compute_lanes",
        FwdNamed("bkv_compute", bkv_compute) + " must be a multiple of " + std::to_string(kNumLanes) + ".");

  const int64_t kv_seq_len = call.k[kv_seq_len_dimension];
  if (call.segment_ids) CheckSegmentIds(*call.segment_ids, q_seq_len, kv_seq_len);

  if (call.sinks && !(*call.sinks == tpu::Shape{num_q_heads}))
    RaiseSplashError(ErrorType::AssertionError, "splash.fwd.sinks_shape",
                     "sinks of shape " + call.sinks->ToString() +
                         ", not (num_q_heads,) = " + tpu::Shape{num_q_heads}.ToString());
}

void CheckDifferentiatedCall(const SplashCallShapes& call) {
  if (call.save_residuals)
    RaiseSplashError(ErrorType::NotImplementedError, "splash.fwd.higher_order_ad",
                     "Higher-order AD not supported");
  CheckForwardCall(call);
}

std::optional<tpu::KernelError> SplashCallError(const SplashCallShapes& call, SplashPass pass) {
  return CatchSplashError([&] {
    if (pass == SplashPass::Forward) {
      CheckForwardCall(call);
      return;
    }
    CheckDifferentiatedCall(call);
    CheckBackward(call);
  });
}

}  // namespace tilewalk::splash
