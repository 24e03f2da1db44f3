#include "kernels/splash/next_nonzero.hpp"

#include <cassert>

namespace tilewalk::splash {

NextNonzero NextNonzeroInIndexMap(int64_t h, int64_t i, int64_t j, const tpu::PrefetchRefs& refs) {
  const tpu::SmemRef& data_next = refs[0];
  const tpu::SmemRef& block_mask = refs[1];
  if (data_next.shape(0) == 1) h = 0;  // one head row serves every head
  NextNonzero next;
  const int32_t block_class = block_mask(h, i, j);
  next.should_run = block_class > 0;
  if (refs.size() > 2) {
    next.should_not_mask = block_class != 1;
    next.next_mask = refs[2](h, i, j);
  }
  next.next_data = data_next(h, i, j);
  return next;
}

NextNonzero next_nonzero(tpu::Kernel& k, int h, int i, int j, const NextNonzeroRefs& r) {
  assert(r.data_next_ref && r.block_mask_ref && "a splash body always has data_next and block_mask");
  if (k.scalar("splash.next_nonzero.one_head", r.data_next_ref->shape(0) == 1))
    h = k.scalar("splash.next_nonzero.head_zero", 0);
  NextNonzero next;
  const int32_t block_class = r.block_mask_ref->load("splash.next_nonzero.block_mask", {h, i, j});
  next.should_run = k.scalar("splash.next_nonzero.is_nonzero", block_class > 0);
  if (k.scalar("splash.next_nonzero.has_mask_next", r.mask_next_ref != nullptr)) {
    // The original reads the class a second time here.
    const int32_t same_class = r.block_mask_ref->load("splash.next_nonzero.block_mask_again", {h, i, j});
    next.should_not_mask = k.scalar("splash.next_nonzero.should_not_mask", same_class != 1);
    next.next_mask = r.mask_next_ref->load("splash.next_nonzero.mask_next", {h, i, j});
  }
  next.next_data = r.data_next_ref->load("splash.next_nonzero.data_next", {h, i, j});
  return next;
}

}  // namespace tilewalk::splash
