#include "kernels/flash/attention_inputs.hpp"

#include <string>

#include "kernels/flash/flash_error.hpp"

namespace tilewalk::flash {

namespace {
std::string S(int64_t v) {
  return std::to_string(v);
}
}  // namespace

void CheckEntry(const AttentionInputs& in) {
  using tpu::ErrorType;
  for (const tpu::Array* a : {&in.q, &in.k, &in.v})
    if (a->shape().rank() != 4)
      RaiseArgumentError(
          ErrorType::ValueError, "entry.rank",
          "q, k and v must have 4 dimensions [batch, heads, seq, head_dim], got " + a->shape().ToString());
  const auto& q = in.q.shape();
  const auto& k = in.k.shape();
  const auto& v = in.v.shape();
  if (q[0] != k[0] || q[0] != v[0])
    RaiseArgumentError(ErrorType::ValueError, "entry.batch",
                       "Batch size mismatch: got " + S(q[0]) + ", " + S(k[0]) + " and " + S(v[0]) +
                           " (for q, k, v respectively)");
  if (q[1] != k[1] || q[1] != v[1])
    RaiseArgumentError(ErrorType::ValueError, "entry.heads",
                       "Head count mismatch: got " + S(q[1]) + ", " + S(k[1]) + ", " + S(v[1]) +
                           " (for q, k, v respectively)");
  if (q[3] != k[3])
    RaiseArgumentError(
        ErrorType::ValueError, "entry.d_model",
        "Model dimension mismatch: got " + S(q[3]) + " and " + S(k[3]) + " (for q and k respectively)");
  if (q[3] != v[3])
    RaiseArgumentError(ErrorType::NotImplementedError, "entry.v_d_model",
                       "V model dimension unequal to KV model dimension unsupported");
  if (k[2] != v[2])
    RaiseArgumentError(ErrorType::ValueError, "entry.kv_len",
                       "KV sequence length mismatch: got " + S(k[2]) + " and " + S(v[2]));
  const std::string expected_ab = "(batch_size=" + S(q[0]) + ", num_heads=" + S(q[1]) +
                                  ", q_seq_len=" + S(q[2]) + ", kv_seq_len=" + S(k[2]) + ")";
  if (in.ab && !(in.ab->shape() == tpu::Shape{q[0], q[1], q[2], k[2]}))
    RaiseArgumentError(
        ErrorType::ValueError, "entry.ab_shape",
        "Attention bias shape mismatch: expected " + expected_ab + ", got " + in.ab->shape().ToString());
  if (in.q_segment_ids.has_value() != in.kv_segment_ids.has_value())
    RaiseArgumentError(ErrorType::ValueError, "entry.segment_pair",
                       "segment ids come as a pair: give both q and kv segment ids, or neither");
  if (in.q_segment_ids) {
    if (!(in.q_segment_ids->shape() == tpu::Shape{q[0], q[2]}))
      RaiseArgumentError(ErrorType::ValueError, "entry.q_segment_shape",
                         "Q segment ids shape mismatch: expected (batch_size=" + S(q[0]) +
                             ", q_seq_len=" + S(q[2]) + ",), got " + in.q_segment_ids->shape().ToString());
    if (!(in.kv_segment_ids->shape() == tpu::Shape{q[0], k[2]}))
      RaiseArgumentError(ErrorType::ValueError, "entry.kv_segment_shape",
                         "KV segment ids shape mismatch: expected (batch_size=" + S(q[0]) +
                             ", kv_seq_len=" + S(k[2]) + ",), got " + in.kv_segment_ids->shape().ToString());
  }
}

}  // namespace tilewalk::flash
