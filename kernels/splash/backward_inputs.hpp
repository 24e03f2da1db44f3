// What the splash backward launches read, as _splash_attention_bwd hands it to them: the forward's inputs
// and residuals (q, k, v, the segment ids, logsumexp) and the incoming gradient with its di, plus the static
// choices the kernels were made with. q, k and v come as [.., seq_len, head_dim] whatever their layout: a
// launch hands a SEQ_MINOR one to its kernel transposed (qkv_layout.hpp).
#pragma once

#include <optional>

#include "kernels/splash/block_sizes.hpp"
#include "kernels/splash/constants.hpp"
#include "kernels/splash/reference.hpp"
#include "kernels/tpu/array.hpp"

namespace tilewalk::splash {

struct SplashBackwardInputs {
  const tpu::Array* q = nullptr;               // [num_q_heads, q_seq_len, head_dim_qk]
  const tpu::Array* k = nullptr;               // [num_kv_heads, kv_seq_len, head_dim_qk]; MQA: no head axis
  const tpu::Array* v = nullptr;               // as k, with head_dim_v
  const tpu::Array* q_segment_ids = nullptr;   // int32 [q_seq_len]; null: no segment ids
  const tpu::Array* kv_segment_ids = nullptr;  // int32 [kv_seq_len]
  const tpu::Array* logsumexp = nullptr;       // float32 [num_q_heads, q_seq_len]
  const tpu::Array* d_o = nullptr;             // [num_q_heads, q_seq_len, head_dim_v]
  const tpu::Array* di = nullptr;              // float32 [num_q_heads, q_seq_len]: Σ o·do over head_dim_v
};

struct SplashBackwardStatics {
  bool is_mqa = false;
  float mask_value = static_cast<float>(kDefaultMaskValue);
  std::optional<float> attn_logits_soft_cap{};
  QKVLayout q_layout = QKVLayout::HEAD_DIM_MINOR;
  QKVLayout k_layout = QKVLayout::HEAD_DIM_MINOR;
  QKVLayout v_layout = QKVLayout::HEAD_DIM_MINOR;
};

}  // namespace tilewalk::splash
