// What a call of a splash attention kernel is handed, reduced to what its entry checks read: the shapes of
// q, k, v, the segment ids and the sinks, the block sizes the kernel was made with, and its flags. The
// checks (call_checks.hpp, backward_checks.hpp) are pure functions of it, so a launch can run them before
// it builds anything, and a test can state a case in a few fields.
#pragma once

#include <optional>

#include "kernels/splash/block_sizes.hpp"
#include "kernels/tpu/dtype.hpp"
#include "kernels/tpu/shape.hpp"

namespace tilewalk::splash {

struct SegmentIdShapes {
  tpu::Shape q{};   // expected (q_seq_len,)
  tpu::Shape kv{};  // expected (kv_seq_len,)
};

struct SplashCallShapes {
  // make_splash_mqa: one k and one v shared by every q head, [kv_seq_len, head_dim]. Otherwise (MHA and
  // grouped heads) [num_kv_heads, kv_seq_len, head_dim].
  bool is_mqa = false;
  BlockSizes block_sizes = BlockSizes::get_default();  // as MakeBlockSizes left them
  tpu::Shape q{1, 128, 128};                           // [num_q_heads, q_seq_len, head_dim_qk]
  tpu::Shape k{1, 128, 128};
  tpu::Shape v{1, 128, 128};  // head_dim_v may differ from head_dim_qk
  std::optional<SegmentIdShapes> segment_ids{};
  std::optional<tpu::Shape> sinks{};  // expected (num_q_heads,)
  bool save_residuals = false;        // the kernel returns logsumexp beside the output
  // The dtype of the forward MaskInfo's partial_mask_blocks, when it has them. ProcessMask makes them Bool;
  // a caller that hands the kernel tables of its own may not.
  std::optional<tpu::DType> partial_mask_blocks_dtype{};
};

}  // namespace tilewalk::splash
