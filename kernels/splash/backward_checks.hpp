// The checks of a differentiated splash call's backward pass, as the pinned splash_attention_kernel.py
// makes them (_splash_attention_bwd, then _splash_attention_bwd_dkv, then _splash_attention_bwd_dq unless
// the backward is fused), in its order, with its messages. They run after the forward's checks passed
// (call_checks.hpp), so q, k and v have the ranks the forward asked for; a call that did not pass them is a
// programmer error here. Raised through RaiseSplashError, argument-check phase unless said otherwise.
//
//   splash.bwd.*  ValueError: some backward block size is unset ("Need to specify backward blocks.")
//                 [2277-2278]
//   splash.dkv.*  ValueError: block_q_dkv > q_seq_len [1900-1902]; block_kv_dkv > kv_seq_len [1903-1905];
//                 block_kv_dkv_compute > block_kv_dkv [1906-1908]; block_kv_dkv not a multiple of
//                 block_kv_dkv_compute [1909-1911] (ZeroDivisionError for a compute size of 0); the head
//                 count and k/v leading dimensions as the forward words them [1913-1922]
//                 NotImplementedError, tracing phase: with segment ids, block_q_dkv is not a multiple of
//                 128, since the dkv body tiles the q segment ids along lanes [669-673]
//   splash.dq.*   (not with the fused backward) ValueError: block_q_dq > q_seq_len [1444-1446];
//                 block_kv_dq > kv_seq_len [1447-1449]; the head count and k/v leading dimensions
//                 [1451-1461]; block_kv_dq not a multiple of 128 [1463-1464]
// The dq body's own lane check for segment ids [666-667] cannot fail once the last passed, nor the
// forward body's [665-667, 801-804] once the forward's passed.
#pragma once

#include "kernels/splash/call_shapes.hpp"

namespace tilewalk::splash {

void CheckBackward(const SplashCallShapes& call);

}  // namespace tilewalk::splash
