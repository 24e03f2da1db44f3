#include "kernels/splash/backward_refs.hpp"

namespace tilewalk::splash {

BackwardInputRefs BackwardInputsOf(tpu::Kernel& k, const BackwardInputSlots& slots) {
  auto input = [&k](int slot) { return slot >= 0 ? k.input(slot) : nullptr; };
  return {.data_next_ref = k.prefetch(0),
          .block_mask_ref = k.prefetch(1),
          .mask_next_ref = slots.has_mask_next ? k.prefetch(2) : nullptr,
          .q_ref = k.input(0),
          .k_ref = k.input(1),
          .v_ref = k.input(2),
          .q_segment_ids_ref = input(slots.q_segment_ids),
          .kv_segment_ids_ref = input(slots.kv_segment_ids),
          .logsumexp_ref = input(slots.logsumexp),
          .do_ref = input(slots.d_o),
          .di_ref = input(slots.di),
          .mask_ref = input(slots.mask),
          .q_sequence_ref = input(slots.q_sequence)};
}

}  // namespace tilewalk::splash
