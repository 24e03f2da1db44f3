// The lookup every splash launch makes in its scalar-prefetch tables, as the pinned kernel's _next_nonzero
// makes it: for grid step (h, i, j), the data block to fetch (data_next), the partial mask block to fetch
// (mask_next, when the launch has one), whether the step runs its arithmetic (block_mask > 0), and whether
// it may skip the loaded mask (block_mask != 1, or no mask_next at all). Tables with one head row serve
// every head. The tables may be stored narrower than int32; the values are read back as int32.
//
// Two readers, one rule: the index maps read the tables through their PrefetchRefs, unrecorded, and the
// body reads them through its SMEM refs, each read recorded at its site ("splash.next_nonzero.*").
#pragma once

#include <cstdint>
#include <optional>

#include "kernels/tpu/kernel.hpp"
#include "kernels/tpu/smem.hpp"

namespace tilewalk::splash {

struct NextNonzero {
  int32_t next_data = 0;             // the kv block (the q block for dkv) the step's copies fetch
  std::optional<int32_t> next_mask;  // the partial mask block; absent without mask_next
  bool should_run = false;           // block_mask[h, i, j] > 0
  bool should_not_mask = true;       // block_mask[h, i, j] != 1; always true without mask_next
};

// The scalar-prefetch refs of a splash launch, in argument order; mask_next is null when absent.
struct NextNonzeroRefs {
  const tpu::SmemRef* data_next_ref = nullptr;
  const tpu::SmemRef* block_mask_ref = nullptr;
  const tpu::SmemRef* mask_next_ref = nullptr;
};

// In an index map: refs are its PrefetchRefs (data_next, block_mask, then mask_next when present).
NextNonzero NextNonzeroInIndexMap(int64_t h, int64_t i, int64_t j, const tpu::PrefetchRefs& refs);

// In a body: each table read is a recorded SMEM load.
NextNonzero next_nonzero(tpu::Kernel& k, int h, int i, int j, const NextNonzeroRefs& r);

}  // namespace tilewalk::splash
